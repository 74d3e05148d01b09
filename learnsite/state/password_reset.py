"""/auth/forgot (ask for a reset link) and /auth/reset?token=... (choose the new password with it)."""

from __future__ import annotations

import reflex as rx

from learnsite.safe_text import inert
from learnsite.services import password_reset
from learnsite.services.accounts import AccountError
from learnsite.state.account_calls import PASSWORD_TITLES, AccountForm, call_service, finish, form_field, opened, start
from learnsite.state.auth import ADMIN_LOGIN, USER_LOGIN, AuthState
from learnsite.toast import notify

FORGOT_FIELDS = {"email": "email"}
RESET_FIELDS = {"new_password": "new_password", "confirm_password": "confirm_password"}


class ForgotPasswordState(AccountForm, rx.State):
    sent: bool = False  # the link was asked for: the page says what happens next
    back_to: str = USER_LOGIN  # "Back to Login": the admin's login when the admin's page sent them here

    @rx.event
    async def on_load(self):
        if await opened(self):
            self.sent = False
        self.back_to = ADMIN_LOGIN if self.router.url.query_parameters.get("for") == "admin" else USER_LOGIN

    @rx.event
    async def submit(self, form_data: dict[str, str]):
        if not start(self):
            return
        yield
        _, refusal = await finish(self, password_reset.request_reset, form_field(form_data, "email"),
                                  self.router.session.client_ip, what="password reset request", fields=FORGOT_FIELDS,
                                  failed="Reset Link Not Sent")
        if refusal:
            yield refusal
            return
        self.sent = True
        yield notify("Check Your Email", password_reset.SENT, level="success")


class ResetPasswordState(AccountForm, rx.State):
    link: str = "checking"  # "checking" | "open" | "closed": whether the link in the address can still be used

    def _token(self) -> str:
        token = self.router.url.query_parameters.get("token", "")
        return token if isinstance(token, str) else ""

    @rx.event
    async def on_load(self):
        await opened(self)
        self.link = "checking"  # another link opened in this tab: not the last one's form meanwhile
        yield
        is_open, problem, _ = await call_service(password_reset.link_is_open, self._token(),
                                                 what="password reset link", expected=())
        self.link = "open" if is_open and not problem else "closed"

    @rx.event
    async def submit(self, form_data: dict[str, str]):
        if self.link != "open" or not start(self):
            return
        yield
        role, refusal = await finish(
            self, password_reset.reset_password, self._token(), form_field(form_data, "new_password"),
            form_field(form_data, "confirm_password"), what="password reset", fields=RESET_FIELDS,
            failed="Failed to Update Password", expected=(AccountError,), titles=PASSWORD_TITLES)
        if refusal:
            if self.error == password_reset.BAD_RESET_LINK:
                self.link = "closed"
            yield refusal
            return
        auth = await self.get_state(AuthState)
        auth._forget()  # every session of the account has ended, this tab's too if it had one
        yield notify("Password Updated Successfully!", "Your password has been changed. Please log in with it.",
                     level="success")
        yield rx.redirect(inert(ADMIN_LOGIN if role == "admin" else USER_LOGIN))
