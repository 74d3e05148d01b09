"""The sign-in and sign-up forms (/login/user, /login/admin, /signup/user) and the email link landing."""

from __future__ import annotations

from collections.abc import Callable

import reflex as rx

from learnsite.safe_text import inert

from learnsite.services import accounts
from learnsite.services.accounts import AccountError
from learnsite.state.account_calls import AccountForm, call_service, finish, form_field, opened, start
from learnsite.state.auth import ADMIN_HOME, ADMIN_LOGIN, USER_LOGIN, AuthState, safe_next
from learnsite.toast import notify


# which field of the form holds each entry a refusal can be about (AccountError.about)
SIGN_IN_FIELDS = {"email": "email", "password": "password"}
SIGN_UP_FIELDS = {"email": "email", "new_password": "password"}
# on the login page after a sign-up, until the address is confirmed or the user signs in
CHECK_EMAIL = "Your account is made. We sent you an email: open its link to confirm your address, then log in here."


async def _submit_sign_in(form: AccountForm, form_data: dict, welcome: str, require_admin: bool = False,
                          signed_in: Callable[[], None] = lambda: None):
    """Both sign-in forms' submit (a form state with `busy`, `error`, `error_fields` and `_next()`): the button busy
    while the password is checked, a refusal kept on the form (with the fields it is about) and toasted, a success
    signed in (then `signed_in()`), welcomed and sent on. Yields what the handler yields; the spec's welcome is a
    family's, so each form brings its own."""
    if not start(form):
        return
    yield
    session, refusal = await finish(
        form, accounts.sign_in, form_field(form_data, "email"), form_field(form_data, "password"),
        form.router.session.client_ip, None, require_admin, what="sign in", fields=SIGN_IN_FIELDS,
        failed="Sign in Failed", expected=(AccountError,))
    if refusal:
        yield refusal
        return
    if session is None or session.user is None:
        yield notify("Login Issue", "Could not retrieve user information after login. Please check your credentials.",
                     level="error")
        return
    auth = await form.get_state(AuthState)
    auth._sign_in_with(session)
    signed_in()
    yield notify("Login Successful!", welcome, level="success")
    yield rx.redirect(inert(form._next()))


class UserLoginState(AccountForm, rx.State):
    """/login/user."""

    # set by a sign-up just made: the page says to confirm the address first, for as long as the form is shown (the
    # spec's toast said so for 5 seconds, and a grandparent arriving at "Welcome Back!" missed it)
    check_email: bool = False

    def _next(self) -> str:
        return safe_next(self.router.url.query_parameters.get("next"), "/")

    @rx.event
    async def on_load(self):
        """Signed-in users have nothing to do here: send them on."""
        await opened(self)
        if await AuthState.user_of(self):
            return rx.redirect(inert(self._next()))

    @rx.event
    async def submit(self, form_data: dict[str, str]):
        async for update in _submit_sign_in(self, form_data, "Welcome back! Get ready to learn and play!",
                                            signed_in=self._confirmed):
            yield update

    def _confirmed(self) -> None:
        self.check_email = False


class AdminLoginState(AccountForm, rx.State):
    """/login/admin."""

    # set when a signed-in user without the admin role opens /login/admin
    not_admin_notice: str = ""

    def _next(self) -> str:
        target = safe_next(self.router.url.query_parameters.get("next"), ADMIN_HOME)
        return target if target.startswith("/admin/") else ADMIN_HOME

    @rx.event
    async def on_load(self):
        self.not_admin_notice = ""
        await opened(self)
        user = await AuthState.user_of(self)
        if user is None:
            return
        if user.is_admin:
            return rx.redirect(inert(self._next()))
        self.not_admin_notice = (
            f"You are signed in as {user.email}, which is not an administrator account, so the admin "
            "pages stay closed. Log out, then sign in here with an administrator account."
        )

    @rx.event
    async def submit(self, form_data: dict[str, str]):
        # the spec's words for a family's login ("Get ready to learn and play!") are not an admin's
        async for update in _submit_sign_in(self, form_data, "Welcome back! Your dashboard is ready.",
                                            require_admin=True, signed_in=self._forget_notice):
            yield update

    def _forget_notice(self) -> None:
        self.not_admin_notice = ""


class SignUpState(AccountForm, rx.State):
    """/signup/user."""

    @rx.event
    async def on_load(self):
        await opened(self)

    @rx.event
    async def submit(self, form_data: dict[str, str]):
        if not start(self):
            return
        yield
        _, refusal = await finish(self, accounts.sign_up, form_field(form_data, "email"),
                                  form_field(form_data, "password"), None, self.router.session.client_ip,
                                  what="sign up", fields=SIGN_UP_FIELDS, failed="Sign up Failed")
        if refusal:
            yield refusal
            return
        (await self.get_state(UserLoginState)).check_email = True
        yield notify("Sign Up Successful!", "Welcome! Please check your email to verify your account.",
                     level="success")
        yield rx.redirect(USER_LOGIN)


class EmailLinkState(rx.State):
    """/auth/confirm?token=...: the link of a confirmation mail (sign-up or email change)."""

    status: str = "working"  # "working" | "failed"
    message: str = ""

    @rx.event
    async def on_load(self):
        self.status, self.message = "working", ""
        token = self.router.url.query_parameters.get("token", "")
        result, problem, _ = await call_service(accounts.confirm_email, token, what="email confirmation",
                                             expected=(AccountError,))
        if problem:
            self.status, self.message = "failed", problem
            return notify("Confirmation Failed", problem, level="error")
        if result.purpose == "change_email":
            # every session of the account ended: sign in again with the new address
            auth = await self.get_state(AuthState)
            auth._forget()
            return [
                notify("Email Updated", f"Your email address is now {result.email}. Please log in again.",
                       level="success"),
                rx.redirect(ADMIN_LOGIN if result.role == "admin" else USER_LOGIN),
            ]
        (await self.get_state(UserLoginState)).check_email = False  # done: the login page says so no more
        return [notify("Email Confirmed!", "Your account is ready. You can log in now.", level="success"),
                rx.redirect(USER_LOGIN)]
