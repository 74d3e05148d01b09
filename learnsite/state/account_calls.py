"""What the account forms share: reading a form field, and calling an account service off the event loop."""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Callable

import reflex as rx

from learnsite.services import passwords
from learnsite.services.accounts import AccountError
from learnsite.services.mail import MailError
from learnsite.state.reconnect import page_connected_again
from learnsite.toast import SOMETHING_WRONG, notify

log = logging.getLogger("learnsite.accounts")
# the spec's toast titles for a new password refused (the account page's change, and the reset page's)
PASSWORD_TITLES = {passwords.MISMATCH: "Passwords Do Not Match", passwords.TOO_SHORT: "Password Too Short"}


class AccountForm(rx.State, mixin=True):
    """What every account form's state holds: whether its call is running, and the last refusal with the names
    of the fields it is about (marked invalid). opened() and start() below keep them."""

    busy: bool = False
    error: str = ""
    error_fields: list[str] = []


def form_field(form_data: dict, name: str) -> str:
    value = form_data.get(name, "") if isinstance(form_data, dict) else ""
    return value if isinstance(value, str) else ""


async def call_service(
    fn: Callable[..., Any], *args: Any, what: str, expected: tuple[type[Exception], ...] = (AccountError, MailError)
) -> tuple[Any, str, tuple[str, ...]]:
    """(result, "", ()) or (None, a message for the person, what they entered that was refused: AccountError.about):
    an expected error speaks for itself; anything else is logged and shown as SOMETHING_WRONG (no detail of the
    server leaks)."""
    try:
        return await asyncio.to_thread(fn, *args), "", ()
    except expected as exc:
        return None, str(exc), getattr(exc, "about", ())
    except Exception:
        log.exception("%s failed", what)
        return None, SOMETHING_WRONG, ()


def fields_at_fault(about: tuple[str, ...], names: dict[str, str]) -> list[str]:
    """The names of a form's fields to mark invalid, from what a refusal was about ("email", "password",
    "new_password") and which field of this form holds each."""
    return [names[entry] for entry in about if entry in names]


async def opened(form: AccountForm) -> bool:
    """A form's page opened: never a busy button (a server gone mid-call left it set), and last time's refusal
    gone, unless the page only connected again (a phone woken up keeps the error it showed). True when the page
    was opened, not reconnected."""
    form.busy = False
    if await page_connected_again(form):
        return False
    form.error, form.error_fields = "", []
    return True


def start(form: AccountForm) -> bool:
    """A form state sent: busy, and last time's refusal gone. False, changing nothing, while it is busy already
    (a second press)."""
    if form.busy:
        return False
    form.busy, form.error, form.error_fields = True, "", []
    return True


async def finish(form: AccountForm, fn: Callable[..., Any], *args: Any, what: str, fields: dict[str, str],
                 failed: str, expected: tuple[type[Exception], ...] = (AccountError, MailError),
                 titles: dict[str, str] | None = None):
    """After start() (and a yield, so the page shows it busy): the form's service call. (result, None), or
    (None, the refusal's toast titled `failed`, or `titles`' own title for that refusal) with the refusal kept on
    the form and its fields marked."""
    result, problem, about = await call_service(fn, *args, what=what, expected=expected)
    form.busy = False
    if not problem:
        return result, None
    form.error, form.error_fields = problem, fields_at_fault(about, fields)
    return None, notify((titles or {}).get(problem, failed), problem, level="error")
