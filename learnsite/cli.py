"""`learnsite` command line: prestart (migrate + seed + purge) and create-user."""

from __future__ import annotations

import argparse
import sys


def _prestart(_args) -> int:
    from learnsite.migrate import prestart
    from learnsite.services.storage import StorageError

    try:
        added = prestart()
    except StorageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"Database migrated and seeded ({added} starter worksheets added).")
    from learnsite.config import settings

    if not settings.smtp_host:  # fine on a laptop; on a shared server the log hands out sign-in links
        print(f"note: LEARNSITE_SMTP_HOST is not set: emails, with their confirmation and password links, are "
              f"written to {settings.outbox_dir} and to this log. Set it before the site is used by others.")
    return 0


def _create_user(args) -> int:
    from learnsite.migrate import prestart
    from learnsite.services import accounts

    prestart(starter_library=False)  # the starter library is prestart's work, not this command's
    try:
        user = accounts.create_user(
            email=args.email,
            password=args.password,
            role=args.role,
            full_name=args.name,
            confirmed=args.confirmed,
        )
    except accounts.AccountError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"Created {user.role} {user.email} (id {user.id}){' confirmed' if user.confirmed else ''}.")
    if not user.confirmed:
        try:
            accounts.mail_confirmation(user.id)
        except Exception as exc:  # noqa: BLE001 - the account stands; say how to get a link
            print(f"error: the confirmation link could not be mailed ({type(exc).__name__}). The person can sign up "
                  "again with the same address to get a new one.", file=sys.stderr)
            return 1
        print(f"A confirmation link was mailed to {user.email} (without SMTP: see the outbox folder).")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="learnsite", description="Learnsite administration")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("prestart", help="apply migrations, seed categories and channels, purge dead sign-in rows, "
                                        "add the starter worksheets")
    p.set_defaults(func=_prestart)

    p = sub.add_parser("create-user", help="create an account (works while the app runs)")
    p.add_argument("--email", required=True)
    p.add_argument("--password", required=True)
    p.add_argument("--role", choices=["user", "admin"], default="user")
    p.add_argument("--name", default=None, help="full name (default: the part of the email before @)")
    p.add_argument("--confirmed", action="store_true", help="mark the email as confirmed")
    p.set_defaults(func=_create_user)

    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    raise SystemExit(main())
