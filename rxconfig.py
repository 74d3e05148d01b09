import reflex as rx

from learnsite.config import settings

config = rx.Config(
    app_name="learnsite",
    db_url=settings.db_url,
    redis_url=settings.redis_url or None,
    telemetry_enabled=False,
    show_built_with_reflex=False,
    plugins=[
        rx.plugins.RadixThemesPlugin(
            theme=rx.theme(appearance="light", accent_color="violet", radius="large"),
        ),
    ],
    disable_plugins=[rx.plugins.SitemapPlugin],
)
