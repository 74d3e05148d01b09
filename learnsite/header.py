"""Sticky site header: logo, category navigation (desktop), and the auth controls."""

import reflex as rx

from learnsite import catalogue
from learnsite.popups.all import all_popups
from learnsite.state.popups import PopupState
from learnsite.state.auth import TICK_MS, USER_LOGIN, AuthState

from components.interval import interval


def _session_clock() -> rx.Component:
    """Fires AuthState.tick on mount and every 30 s (SPEC §9 auto-refresh)."""
    return interval(TICK_MS, on_tick=AuthState.tick)


def auth_controls() -> rx.Component:
    return rx.box(
        _session_clock(),
        rx.match(
            AuthState.shown_status,
            (
                "signed_in",
                rx.hstack(
                    rx.button("Chat", on_click=rx.redirect("/chat"), variant="soft", class_name="auth-chat-button"),
                    rx.text("Welcome!", class_name="auth-welcome", weight="bold", as_="span"),
                    rx.button("Logout", on_click=AuthState.sign_out, variant="outline",
                              class_name="auth-logout-button"),
                    align="center",
                    spacing="2",
                ),
            ),
            (
                "signed_out",
                rx.button("Login", on_click=rx.redirect(USER_LOGIN), class_name="auth-login-button"),
            ),
            rx.box(aria_busy="true", aria_label="Checking sign-in", class_name="auth-loading"),
        ),
        class_name="auth-controls",
    )


def nav_label(title: str) -> str:
    """The second word of a category title, or the whole title if it has one word (SPEC §2)."""
    words = title.split()
    return words[1] if len(words) > 1 else title


def logo() -> rx.Component:
    return rx.link(
        rx.hstack(
            rx.image(src="/logo.svg", alt="", width="40px", height="40px"),
            rx.text("Learnsite", size="6", weight="bold", class_name="logo-text", as_="span"),
            align="center",
            spacing="2",
        ),
        href="/",
        aria_label="Learnsite home",
        underline="none",
    )


def category_nav() -> rx.Component:
    return rx.el.nav(
        rx.hstack(
            *[
                rx.button(
                    nav_label(c.title),
                    variant="ghost",
                    on_click=PopupState.open_category(c.type),
                    class_name="nav-button",
                )
                for c in catalogue.CATEGORIES
            ],
            spacing="1",
        ),
        aria_label="Learning categories",
        class_name="desktop-only",
    )


def mobile_explore() -> rx.Component:
    """Phones have no room for the category row: one button opens the Start Learning chooser instead."""
    return rx.button(rx.icon("layout-grid", size=18, aria_hidden="true"),
                     rx.el.span("Explore", class_name="explore-label"), variant="soft", aria_label="Explore",
                     on_click=PopupState.open_start_learning, class_name="mobile-only header-explore")


def header() -> rx.Component:
    return rx.fragment(
        rx.el.header(
            rx.hstack(
                logo(),
                category_nav(),
                rx.hstack(mobile_explore(), auth_controls(), align="center", spacing="2"),
                justify="between",
                align="center",
                width="100%",
                class_name="header-inner",
            ),
            class_name="site-header no-print",
        ),
        # Rendered on every page, so the category navigation opens its popups anywhere.
        all_popups(),
    )
