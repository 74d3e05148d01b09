"""The bare Reflex counter app: the framework's floor the benchmarks compare Learnsite against.

Same Reflex version and plugins as Learnsite's rxconfig.py (Radix themes, no sitemap), no database.
"""

import reflex as rx

config = rx.Config(
    app_name="bare_app",
    telemetry_enabled=False,
    show_built_with_reflex=False,
    plugins=[rx.plugins.RadixThemesPlugin(theme=rx.theme(appearance="light"))],
    disable_plugins=[rx.plugins.SitemapPlugin],
)
