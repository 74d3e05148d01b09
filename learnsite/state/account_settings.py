"""/admin/account: change the admin's own email and password. Every handler checks admin_of itself."""

from __future__ import annotations

import reflex as rx

from learnsite.services import accounts, passwords, tokens
from learnsite.services.accounts import AccountError
from learnsite.state.account_calls import PASSWORD_TITLES, call_service, fields_at_fault, form_field
from learnsite.state.auth import ADMIN_LOGIN, AuthState, login_redirect
from learnsite.toast import notify


# which field of each form holds each entry a refusal can be about (AccountError.about)
EMAIL_FORM_FIELDS = {"email": "new_email", "password": "current_password"}
PASSWORD_FORM_FIELDS = {"password": "current_password", "new_password": "new_password"}


class AccountSettingsState(rx.State):
    email_busy: bool = False
    password_busy: bool = False
    password_error: str = ""
    email_error: str = ""
    # the names of the fields each form's error is about (marked invalid)
    password_error_fields: list[str] = []
    email_error_fields: list[str] = []

    def _denied(self):
        return login_redirect(ADMIN_LOGIN, "/admin/account")

    @rx.event
    async def change_email(self, form_data: dict[str, str]):
        admin = await AuthState.admin_of(self)
        if admin is None:
            yield self._denied()
            return
        self.email_busy, self.email_error, self.email_error_fields = True, "", []
        yield
        _, problem, about = await call_service(
            accounts.request_email_change, admin.id, form_field(form_data, "new_email"),
            form_field(form_data, "current_password"), self.router.session.client_ip, what="email change")
        if problem:
            self.email_busy, self.email_error = False, problem
            self.email_error_fields = fields_at_fault(about, EMAIL_FORM_FIELDS)
            yield notify("Failed to Update Email", problem, level="error")
            return
        self.email_busy = False
        # the form keeps what was typed after a refusal (nothing to type again); after a change it empties
        yield notify("Email Update Initiated", "Please check your new email address for a confirmation link.",
                     level="success")
        yield [rx.set_value("new-email", ""), rx.set_value("email-current-password", "")]

    @rx.event
    async def change_password(self, form_data: dict[str, str]):
        admin = await AuthState.admin_of(self)
        if admin is None:
            yield self._denied()
            return
        new, confirm = form_field(form_data, "new_password"), form_field(form_data, "confirm_password")
        self.password_error, self.password_error_fields = "", []
        if new != confirm:
            self.password_error = passwords.MISMATCH
            self.password_error_fields = ["new_password", "confirm_password"]
            yield notify(PASSWORD_TITLES[passwords.MISMATCH], self.password_error, level="error")
            return
        if len(new) < passwords.MIN_LENGTH:
            self.password_error, self.password_error_fields = passwords.TOO_SHORT, ["new_password"]
            yield notify(PASSWORD_TITLES[passwords.TOO_SHORT], self.password_error, level="error")
            return
        self.password_busy = True
        yield
        auth = await self.get_state(AuthState)
        keep = tokens.session_id_of(auth.access_token)
        _, problem, about = await call_service(
            accounts.change_password, admin.id, new, form_field(form_data, "current_password"), keep,
            self.router.session.client_ip, what="password change", expected=(AccountError,))
        if problem:
            self.password_busy, self.password_error = False, problem
            self.password_error_fields = fields_at_fault(about, PASSWORD_FORM_FIELDS)
            yield notify("Failed to Update Password", problem, level="error")
            return
        self.password_busy = False
        yield notify("Password Updated Successfully!", "Your password has been changed.", level="success")
        yield [rx.set_value("password-current-password", ""), rx.set_value("new-password", ""),
               rx.set_value("confirm-password", "")]
