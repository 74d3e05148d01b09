"""Auth state: the browser's stored session, the signed-in user, and the guards.

CONTRACT used by every other feature (worksheets, chat, admin pages) - keep these names:

    user = await AuthState.user_of(self)        # in any event handler of any State:
                                                # PublicUser | None, verified on the server
                                                # from the stored session on EVERY call
    admin = await AuthState.admin_of(self)      # PublicUser | None (None unless role == "admin")
    AuthState.signed_in                          # bool var for the page (header etc.)
    AuthState.user_email / user_role / user_name # vars for the page
    auth_controls()                              # header's Login / Chat+Welcome!+Logout
    admin_page(route, title, on_load=...)        # decorator: guard + "Verifying Admin Access..."
    user_page(route, title, on_load=...)         # decorator: signed-in users only (for /chat)

The accounts issue implements the bodies; until then nobody is signed in.
"""

from __future__ import annotations

from dataclasses import dataclass

import reflex as rx


@dataclass(frozen=True)
class PublicUser:
    """What the page may know about a user: never the password hash."""

    id: int
    email: str
    role: str
    full_name: str
    avatar_url: str | None = None

    @property
    def is_admin(self) -> bool:
        return self.role == "admin"


class AuthState(rx.State):
    signed_in: bool = False

    @staticmethod
    async def user_of(state: rx.State) -> PublicUser | None:
        return None

    @staticmethod
    async def admin_of(state: rx.State) -> PublicUser | None:
        user = await AuthState.user_of(state)
        return user if user and user.is_admin else None


def auth_controls() -> rx.Component:
    return rx.cond(
        AuthState.signed_in,
        rx.hstack(rx.text("Welcome!")),
        rx.link(rx.button("Login"), href="/login/user"),
    )


def user_page(route: str, title: str, on_load=None, **extra):
    """Placeholder until the accounts branch: the page decorator (guard comes with accounts)."""
    from learnsite.layout import page

    return page(route, title, on_load=on_load, **extra)
