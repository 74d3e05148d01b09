"""/chat placeholder behind the signed-in guard (the chat feature replaces this body)."""

import reflex as rx

from learnsite.layout import page_title
from learnsite.state.auth import AuthState, user_page


@user_page(route="/chat", title=page_title("Chat"))
def chat() -> rx.Component:
    return rx.center(
        rx.vstack(
            rx.heading("Chat", size="7", as_="h1"),
            rx.text("Hello, ", AuthState.user_name, "! The chat is coming soon."),
            align="center",
        ),
        padding="2em",
    )
