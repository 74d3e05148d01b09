"""/auth/forgot and /auth/reset: a forgotten password, chosen again with a link sent by email."""

from __future__ import annotations

import reflex as rx

from learnsite.layout import page, page_title
from learnsite.pages.auth_ui import FormError, auth_card, error_line, field, form, submit_button
from learnsite.services.accounts import FORGOT_PATH as FORGOT
from learnsite.services.password_reset import BAD_RESET_LINK, SENT
from learnsite.state.password_reset import ForgotPasswordState, ResetPasswordState


def forgot_link(admin: bool = False) -> rx.Component:
    """Under a login form: the way back in for someone who forgot their password (its "Back to Login" returns to
    the login it came from)."""
    return rx.center(rx.link("Forgot your password?", href=f"{FORGOT}?for=admin" if admin else FORGOT))


@page(route=FORGOT, title=page_title("Forgot Password"), on_load=ForgotPasswordState.on_load)
def forgot_password() -> rx.Component:
    error = FormError(ForgotPasswordState.error, "forgot-error", ForgotPasswordState.error_fields)
    return auth_card(
        "Forgot Your Password?",
        "Type the email address you log in with. We will send it a link to choose a new password.",
        rx.cond(
            ForgotPasswordState.sent,
            rx.callout(f"{SENT} Look in your spam folder too.", icon="mail-check", color_scheme="green"),
        ),
        form(
            field("Email", "email", type_="email", placeholder="you@example.com", auto_complete="email",
                  field_id="forgot-email", error=error),
            error_line(error),
            submit_button(rx.cond(ForgotPasswordState.sent, "Send Another Link", "Send Reset Link"), "Sending...",
                          ForgotPasswordState.busy),
            on_submit=ForgotPasswordState.submit,
        ),
        rx.center(rx.link("Back to Login", href=ForgotPasswordState.back_to)),
        icon="key-round",
    )


@page(route="/auth/reset", title=page_title("Choose a New Password"), on_load=ResetPasswordState.on_load)
def reset_password() -> rx.Component:
    error = FormError(ResetPasswordState.error, "reset-error", ResetPasswordState.error_fields)
    return auth_card(
        "Choose a New Password",
        "Type it twice. Then log in with it.",
        rx.match(
            ResetPasswordState.link,
            ("open", form(
                field("New Password", "new_password", type_="password", auto_complete="new-password",
                      field_id="reset-new-password", hint_id="reset-hint",
                      hint_text="At least 6 characters.", error=error),
                field("Confirm New Password", "confirm_password", type_="password", auto_complete="new-password",
                      field_id="reset-confirm-password", error=error),
                error_line(error),
                submit_button("Save New Password", "Saving...", ResetPasswordState.busy),
                on_submit=ResetPasswordState.submit,
            )),
            ("closed", rx.vstack(
                rx.callout(BAD_RESET_LINK, icon="triangle_alert", color_scheme="red", role="alert"),
                rx.link("Ask for a new link", href=FORGOT),
                align="center",
                spacing="3",
            )),
            rx.hstack(rx.spinner(), rx.text("Checking your link..."), role="status", justify="center"),
        ),
        rx.center(rx.link("Back to Login", href="/login/user")),
        icon="key-round",
    )
