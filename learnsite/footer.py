import reflex as rx

from learnsite import theme


def _badge(icon: str, text: str) -> rx.Component:
    return rx.hstack(rx.icon(icon, size=18, aria_hidden="true"), rx.text(text, weight="bold"), spacing="2", align="center")


def footer() -> rx.Component:
    return rx.el.footer(
        rx.vstack(
            rx.hstack(
                _badge("baby", "Ages 3-10"),
                _badge("sparkles", "Educational Fun"),
                _badge("shield-check", "Safe Learning"),
                spacing="6",
                wrap="wrap",
                justify="center",
            ),
            rx.text("© 2025 Learnsite. Made with love for curious little minds.", size="2", color=theme.MUTED),
            align="center",
            spacing="3",
        ),
        class_name="site-footer no-print",
    )
