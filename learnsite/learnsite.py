"""The Reflex app: pages come from learnsite.pages via the page decorator."""

import reflex as rx

import learnsite.pages  # noqa: F401  (registers every page)
from learnsite import theme
from learnsite.layout import PAGES
from learnsite.services.files_api import api_transformers
from learnsite.services.security_headers import SecurityHeaders
from learnsite.state import chat_live


class App(rx.App):
    """rx.App whose ASGI app is wrapped, outermost, in the security headers: Reflex adds its CORS and
    error middleware around api_transformer's result, so only this level sees every response."""

    def __call__(self):
        return SecurityHeaders(super().__call__())


app = App(
    stylesheets=theme.STYLESHEETS,
    style=theme.BASE_STYLE,
    toaster=rx.toast.provider(visible_toasts=1, position="top-center", close_button=True),
    api_transformer=api_transformers(),  # worksheet files at /files/..., upload size guard
)

for spec in PAGES:
    app.add_page(spec.component, route=spec.route, title=spec.title, on_load=spec.on_load, **spec.extra)

app.register_lifespan_task(chat_live.listen)  # live chat pushes across backend processes
