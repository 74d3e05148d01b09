"""/admin/dashboard (worksheet panel + Account Settings/Logout) and /admin/account (email, password)."""

from __future__ import annotations

import reflex as rx

from learnsite.layout import admin_page, page_title
from learnsite.pages.auth_ui import FormError, error_line, field, form
from learnsite.pages.dashboard_panel import dashboard_panel
from learnsite.state.account_settings import AccountSettingsState
from learnsite.state.auth import AuthState


@admin_page(route="/admin/dashboard", title=page_title("Admin Dashboard"))
def admin_dashboard() -> rx.Component:
    return rx.vstack(
        rx.flex(
            rx.vstack(
                rx.heading("Admin Dashboard", size="7", as_="h1"),
                rx.text("Signed in as ", rx.text.strong(AuthState.user_email), class_name="admin-signed-in-as"),
                spacing="1",
            ),
            rx.hstack(
                rx.button(rx.icon("settings", size=16), "Account Settings", variant="soft",
                          on_click=rx.redirect("/admin/account")),
                rx.button(rx.icon("log-out", size=16), "Logout", on_click=AuthState.sign_out_admin,
                          variant="outline", color_scheme="red"),
                spacing="2",
                wrap="wrap",
            ),
            justify="between",
            align="center",
            wrap="wrap",
            spacing="3",
            width="100%",
        ),
        dashboard_panel(),
        spacing="5",
        width="100%",
        class_name="admin-page",
    )


def _settings_card(title: str, icon: str, *children: rx.Component) -> rx.Component:
    return rx.card(
        rx.vstack(
            rx.hstack(rx.icon(icon, size=20), rx.heading(title, size="5", as_="h2"), align="center"),
            *children,
            spacing="3",
            width="100%",
            align="stretch",
        ),
        width="100%",
    )


@admin_page(route="/admin/account", title=page_title("Account Settings"))
def admin_account() -> rx.Component:
    email_error = FormError(AccountSettingsState.email_error, "email-error",
                            AccountSettingsState.email_error_fields)
    password_error = FormError(AccountSettingsState.password_error, "password-error",
                               AccountSettingsState.password_error_fields)
    return rx.vstack(
        rx.heading("Account Settings", size="7", as_="h1"),
        _settings_card(
            "Your Account",
            "user",
            rx.data_list.root(
                rx.data_list.item(rx.data_list.label("Email"), rx.data_list.value(AuthState.user_email)),
                rx.data_list.item(rx.data_list.label("Role"),
                                  rx.data_list.value(rx.badge("Administrator", color_scheme="violet"))),
                orientation={"initial": "vertical", "sm": "horizontal"},
            ),
        ),
        _settings_card(
            "Change Email",
            "mail",
            form(
                field("New Email Address", "new_email", type_="email", placeholder="new@example.com",
                      auto_complete="email", field_id="new-email", error=email_error),
                field("Current Password", "current_password", type_="password", auto_complete="current-password",
                      field_id="email-current-password", error=email_error),
                error_line(email_error),
                rx.button(rx.cond(AccountSettingsState.email_busy, "Updating...", "Update Email"),
                          type="submit", disabled=AccountSettingsState.email_busy),
                on_submit=AccountSettingsState.change_email,
                align="start",
            ),
        ),
        _settings_card(
            "Change Password",
            "lock",
            form(
                field("Current Password", "current_password", type_="password", auto_complete="current-password",
                      field_id="password-current-password", error=password_error),
                field("New Password", "new_password", type_="password", auto_complete="new-password",
                      field_id="new-password", hint_id="new-password-hint",
                      hint_text="At least 6 characters.", error=password_error),
                field("Confirm New Password", "confirm_password", type_="password",
                      auto_complete="new-password", field_id="confirm-password", error=password_error),
                error_line(password_error),
                rx.button(rx.cond(AccountSettingsState.password_busy, "Updating...", "Update Password"),
                          type="submit", disabled=AccountSettingsState.password_busy),
                on_submit=AccountSettingsState.change_password,
                align="start",
            ),
        ),
        rx.link(rx.hstack(rx.icon("arrow-left", size=16), "Back to Dashboard", align="center"),
                href="/admin/dashboard"),
        spacing="4",
        width="100%",
        max_width="640px",
        margin_x="auto",
        class_name="admin-page",
    )
