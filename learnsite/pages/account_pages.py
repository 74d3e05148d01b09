"""/login/user, /signup/user, /login/admin and /auth/confirm (the link in confirmation mails)."""

from __future__ import annotations

import reflex as rx

from learnsite.layout import page, page_title
from learnsite.pages.auth_ui import (FormError, auth_card, error_line, field, form, other_page_line,
                                    submit_button)
from learnsite.pages.password_reset import forgot_link
from learnsite.state.auth import AuthState
from learnsite.state.login_forms import CHECK_EMAIL, AdminLoginState, EmailLinkState, SignUpState, UserLoginState


def _email_field(field_id: str, error: FormError) -> rx.Component:
    return field("Email", "email", type_="email", placeholder="you@example.com", auto_complete="email",
                 field_id=field_id, error=error)


def _login_form(prefix: str, state, busy_text: str) -> rx.Component:
    """Email, password, the state's error and its Login button (user and admin login alike)."""
    error = FormError(state.error, f"{prefix}-error", state.error_fields)
    return form(
        _email_field(f"{prefix}-email", error),
        field("Password", "password", type_="password", placeholder="Your password",
              auto_complete="current-password", field_id=f"{prefix}-password", error=error),
        error_line(error),
        submit_button("Login", busy_text, state.busy),
        on_submit=state.submit,
    )


@page(route="/login/user", title=page_title("Login"), on_load=UserLoginState.on_load)
def user_login() -> rx.Component:
    return auth_card(
        "Welcome Back!",
        "Log in to chat and keep learning.",
        rx.cond(UserLoginState.check_email, rx.callout(
            CHECK_EMAIL, icon="mail", color_scheme="green", class_name="auth-note")),
        _login_form("user-login", UserLoginState, "Logging in..."),
        forgot_link(),
        other_page_line("New here?", "Create an account", "/signup/user"),
        rx.center(rx.link("Back to Home", href="/")),
        icon="log-in",
    )


@page(route="/signup/user", title=page_title("Sign Up"), on_load=SignUpState.on_load)
def user_signup() -> rx.Component:
    signup_error = FormError(SignUpState.error, "signup-error", SignUpState.error_fields)
    return auth_card(
        "Join Learnsite!",
        "Create a free account to chat and learn together.",
        form(
            _email_field("signup-email", signup_error),
            field("Password", "password", type_="password", placeholder="Choose a strong password",
                  auto_complete="new-password", field_id="signup-password", error=signup_error, hint_id="signup-hint",
                  hint_text="At least 6 characters."),
            error_line(signup_error),
            submit_button("Sign Up", "Creating Account...", SignUpState.busy),
            on_submit=SignUpState.submit,
        ),
        other_page_line("Already have an account?", "Log in", "/login/user"),
        rx.center(rx.link("Back to Home", href="/")),
        icon="user-plus",
    )


@page(route="/login/admin", title=page_title("Admin Login"), on_load=AdminLoginState.on_load)
def admin_login() -> rx.Component:
    return auth_card(
        "Admin Login",
        "For Learnsite administrators.",
        rx.cond(
            AdminLoginState.not_admin_notice != "",
            rx.callout(AdminLoginState.not_admin_notice, icon="shield_alert", color_scheme="amber",
                       role="alert", class_name="auth-not-admin"),
        ),
        _login_form("admin-login", AdminLoginState, "Verifying..."),
        forgot_link(admin=True),
        rx.cond(
            AuthState.signed_in & (AdminLoginState.not_admin_notice != ""),
            rx.center(rx.button("Logout", on_click=AuthState.sign_out, variant="outline")),
        ),
        rx.center(rx.link("Back to Home", href="/")),
        icon="shield-check",
    )


@page(route="/auth/confirm", title=page_title("Confirm Email"), on_load=EmailLinkState.on_load)
def confirm_email() -> rx.Component:
    return auth_card(
        "Email Confirmation",
        "",
        rx.cond(
            EmailLinkState.status == "failed",
            rx.vstack(
                rx.callout(EmailLinkState.message, icon="triangle_alert", color_scheme="red", role="alert"),
                rx.link("Go to Login", href="/login/user"),
                align="center",
                spacing="3",
            ),
            rx.hstack(rx.spinner(), rx.text("Confirming your email..."), role="status", justify="center"),
        ),
        icon="mail-check",
    )
