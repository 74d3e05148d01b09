import reflex as rx

from learnsite.layout import SITE_TAGLINE, page


@page(route="/", title=f"Learnsite - {SITE_TAGLINE}")
def home() -> rx.Component:
    return rx.vstack(rx.heading("Welcome to Learnsite"))
