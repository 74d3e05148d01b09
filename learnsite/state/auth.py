"""Auth state: the browser's stored session, the signed-in user, and the guards.

CONTRACT used by every other feature (worksheets, chat, admin pages) - keep these names:

    user = await AuthState.user_of(self)        # in any event handler of any State:
                                                # PublicUser | None, verified on the server
                                                # from the stored session on EVERY call
    admin = await AuthState.admin_of(self)      # PublicUser | None (None unless role == "admin")
    AuthState.signed_in                          # bool var for the page (header etc.)
    AuthState.user_email / user_role / user_name # vars for the page
    AuthState.guard_admin / guard_user           # on_load guards of learnsite.layout's admin_page / user_page
                                                 # (the header's Login / Chat+Welcome!+Logout: learnsite.header)

Usage in another feature:

    from learnsite.layout import admin_page
    from learnsite.state.auth import AuthState, PublicUser

    class WorksheetAdminState(rx.State):
        @rx.event
        async def create(self, form_data: dict[str, str]):
            admin = await AuthState.admin_of(self)
            if admin is None:
                return  # refused: a non-admin sent this event (nothing changes)
            ...            # use admin.id / admin.email; never an id sent by the page

    @admin_page("/admin/something", title=..., on_load=WorksheetAdminState.load)  # load checks too
    def something() -> rx.Component: ...

- In a background event (@rx.event(background=True)) call user_of/admin_of inside
  `async with self:` (it reads AuthState and may store refreshed tokens).
- PublicUser(id, email, role, full_name, avatar_url) + .is_admin; never the password hash.
- The guard's on_load runs first; the page's own on_load handlers still run after it, so they
  must check user_of/admin_of themselves before loading private data.

How it works: the session (SPEC §3) lives in the browser's localStorage (synced between tabs) and
reaches the server with every hydrate. user_of() checks the JWT's signature and expiry AND that its
auth session is not revoked, on every call, and refreshes an expired access token with the refresh
token. Display vars (signed_in, user_*) are for the page only: never trust them in a handler.
"""

from __future__ import annotations

import asyncio
import posixpath
import time
from urllib.parse import quote, urlsplit

import logging

import reflex as rx

from learnsite.services import accounts, tokens
from learnsite.services.public_user import PublicUser
from learnsite.safe_text import inert
from learnsite.state import chat_outbox
from learnsite.toast import SOMETHING_WRONG, notify

log = logging.getLogger("learnsite.auth")

__all__ = ["PublicUser", "AuthState", "safe_next"]

TICK_MS = 30_000  # SPEC §9: check the session every 30 s ...
REFRESH_MARGIN_S = 3 * TICK_MS // 1000  # ... and refresh when about 3 ticks remain

ADMIN_LOGIN = "/login/admin"
USER_LOGIN = "/login/user"
ADMIN_HOME = "/admin/dashboard"


def safe_next(value: str | None, default: str = "/") -> str:
    """A same-site path to go back to after login, normalised (no "..", no "//"); anything else (//host,
    scheme:, \\, control characters, markup) is refused."""
    if not value or not isinstance(value, str) or len(value) > 500:
        return default
    if not value.startswith("/") or value.startswith("//") or "\\" in value or "<" in value or ">" in value:
        return default
    parts = urlsplit(value)
    if parts.scheme or parts.netloc or any(ord(c) < 32 or ord(c) == 127 for c in value):
        return default
    path = posixpath.normpath(parts.path)
    if path.startswith("//"):
        path = "/" + path.lstrip("/")
    if parts.path.endswith("/") and path != "/":
        path += "/"
    return path + (f"?{parts.query}" if parts.query else "")


def login_redirect(login_route: str, origin: str) -> rx.event.EventSpec:
    return rx.redirect(inert(f"{login_route}?next={quote(safe_next(origin), safe='/')}"))


class AuthState(rx.State):
    # The session of SPEC §3, kept in the browser so a reload keeps the user signed in.
    access_token: str = rx.LocalStorage("", name="learnsite_access_token", sync=True)
    refresh_token: str = rx.LocalStorage("", name="learnsite_refresh_token", sync=True)
    expires_at: str = rx.LocalStorage("", name="learnsite_expires_at", sync=True)
    token_type: str = rx.LocalStorage("", name="learnsite_token_type", sync=True)

    # For the page only (header, account page): "loading" until the stored session was read.
    auth_status: str = "loading"  # "loading" | "signed_in" | "signed_out"
    user_email: str = ""
    user_role: str = ""
    user_name: str = ""
    # The guards' verdicts for this tab: "checking" shows the "Verifying..." screen.
    admin_access: str = "checking"
    user_access: str = "checking"

    @rx.var
    def shown_status(self) -> str:
        """auth_status as the page shows it: signed out as soon as another tab of this browser signs out (the
        shared stored session is cleared there and synced here), not at this tab's next tick, up to 30 s later."""
        return "signed_out" if self.auth_status == "signed_in" and not self.access_token else self.auth_status

    @rx.var
    def signed_in(self) -> bool:
        return self.auth_status == "signed_in" and self.access_token != ""

    # ------------------------------------------------------------------ contract

    @staticmethod
    async def user_of(state: rx.State) -> PublicUser | None:
        """The signed-in user of the client that sent the event, verified on the server."""
        auth = state if isinstance(state, AuthState) else await state.get_state(AuthState)
        try:
            return await auth._verified_user()
        except Exception:  # SPEC §8: a failed lookup logs and denies
            log.exception("could not verify the session; treating the client as signed out")
            return None

    @staticmethod
    async def admin_of(state: rx.State) -> PublicUser | None:
        user = await AuthState.user_of(state)
        return user if user and user.is_admin else None

    # ------------------------------------------------------------------ internals

    async def _verified_user(self) -> PublicUser | None:
        if not self.access_token and not self.refresh_token:
            return None
        user = await asyncio.to_thread(accounts.user_for_access_token, self.access_token)
        if user is None and self.refresh_token and self._access_expired():
            user = await self._refresh()
        return user

    def _access_expired(self, margin: int = 0) -> bool:
        """True when the access token has expired (or will within margin seconds) or is unreadable."""
        try:
            exp = tokens.decode_access_token(self.access_token, verify_exp=False)["exp"]
        except tokens.TokenError:
            return True
        return exp - time.time() <= margin

    async def _refresh(self) -> PublicUser | None:
        try:
            fresh = await asyncio.to_thread(accounts.refresh, self.refresh_token)
        except tokens.TokenError:
            return None
        self._store(fresh)
        return fresh.user

    def _store(self, session: tokens.SessionTokens) -> None:
        self.access_token = session.access_token
        self.refresh_token = session.refresh_token
        self.expires_at = str(session.expires_at)
        self.token_type = session.token_type
        self._show(session.user)

    def _show(self, user: PublicUser | None) -> None:
        if user is None:
            self.auth_status = "signed_out"
            self.user_email = self.user_role = self.user_name = ""
            self.admin_access = self.user_access = "checking"
        else:
            self.auth_status = "signed_in"
            self.user_email, self.user_role, self.user_name = user.email, user.role, user.full_name

    def _forget(self) -> None:
        self.access_token = self.refresh_token = self.expires_at = self.token_type = ""
        self._show(None)

    def _sign_in_with(self, session: tokens.SessionTokens) -> None:
        """Keep a fresh session from accounts.sign_in (called by the login forms' states)."""
        self.admin_access = self.user_access = "checking"  # verdicts were for whoever was here before
        self._store(session)

    # ------------------------------------------------------------------ events

    @rx.event
    async def tick(self):
        """On mount and every 30 s: read the stored session, refresh it when ~3 ticks remain."""
        try:
            await self._check_session()
        except Exception:  # database unreachable: keep the stored session, try again next tick
            log.exception("session check failed")

    async def _check_session(self) -> None:
        if not self.access_token and not self.refresh_token:
            self._show(None)
            return
        if self.refresh_token and self._access_expired(margin=REFRESH_MARGIN_S):
            try:
                fresh = await asyncio.to_thread(accounts.refresh, self.refresh_token)
            except tokens.StaleRefreshToken:
                return  # another tab of this browser rotated it; its new tokens arrive by sync
            except tokens.TokenError:
                self._forget()
                return
            self._store(fresh)
            return
        user = await asyncio.to_thread(accounts.user_for_access_token, self.access_token)
        if user is None:
            self._forget()  # revoked (logout elsewhere, password change) or forged
        else:
            self._show(user)

    async def _sign_out(self, after: str):
        try:
            await asyncio.to_thread(accounts.sign_out, self.access_token, self.refresh_token)
        except Exception:  # the database is down: keep the session, say so
            log.exception("sign out failed")
            return notify("Sign out Failed", SOMETHING_WRONG, level="error")
        self._forget()
        return [notify("Logged Out", "You have been successfully logged out.", level="success"),
                chat_outbox.forget(), rx.redirect(inert(after))]

    @rx.event
    async def sign_out(self):
        """Header Logout: revoke the session on the server, clear the browser, go home."""
        return await self._sign_out("/")

    @rx.event
    async def sign_out_admin(self):
        """Dashboard Logout: same, then the admin login page."""
        return await self._sign_out(ADMIN_LOGIN)

    def _origin(self) -> str:
        url = self.router.url
        return f"{url.path}?{url.query}" if url.query else url.path

    @rx.event
    async def guard_admin(self):
        """on_load of every /admin page: the page only for a verified admin.

        A verdict already granted to this tab stands while it is checked again: flipping it to
        "checking" first would unmount the page on every reload, firing its on_unmount handlers.
        """
        user = await AuthState.user_of(self)
        self._show(user)
        if user is not None and user.is_admin:
            self.admin_access = "granted"
            return
        self.admin_access = "checking"
        yield login_redirect(ADMIN_LOGIN, self._origin())

    @rx.event
    async def guard_user(self):
        """on_load of pages for any signed-in user (/chat); a granted verdict stands as above."""
        user = await AuthState.user_of(self)
        self._show(user)
        if user is not None:
            self.user_access = "granted"
            return
        self.user_access = "checking"
        yield login_redirect(USER_LOGIN, self._origin())
