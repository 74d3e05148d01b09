"""The Reflex app: pages come from learnsite.pages via the page decorator."""

import reflex as rx

from learnsite import gc_tuning, rejoin
from learnsite.guard import boundary, logs, tabs

gc_tuning.tune()  # fewer collections of the many short-lived objects every event makes
logs.install()  # every log record bounded, before anything logs
boundary.install()  # every websocket event checked before any handler runs
tabs.install()  # one client address opens a bounded number of new tabs (each holds state for an hour)
rejoin.install()  # a page back after a drop the server did not hear of keeps its state

import learnsite.pages  # noqa: F401  (registers every page)
from learnsite import connection_banner, theme, toast  # noqa: E402
from learnsite.config import settings  # noqa: E402
from learnsite.layout import PAGES
from learnsite.guard.uploads import UploadSizeGuard
from learnsite.services.files_api import FilesRoute
from learnsite.services.sheets_api import SheetMakerRoute
from learnsite.services.security_headers import SecurityHeaders, socket_origin_check
from learnsite.state import chat_live
from learnsite.state.reconnect import ReconnectNote


class App(rx.App):
    """rx.App whose ASGI app is wrapped, outermost, in the security headers: Reflex adds its CORS and
    error middleware around api_transformer's result, so only this level sees every response."""

    def __call__(self):
        asgi_app = super().__call__()
        if self.sio is not None:  # Reflex gives Engine.IO the origin list; a check also accepts same-origin
            self.sio.eio.cors_allowed_origins = socket_origin_check(settings.public_url)
        return SecurityHeaders(asgi_app)


app = App(
    stylesheets=theme.STYLESHEETS,
    style=theme.BASE_STYLE,
    toaster=toast.toaster(),
    # the upload guard, worksheet files at /files/..., the worksheet maker's /make-sheet/...
    api_transformer=[UploadSizeGuard, FilesRoute, SheetMakerRoute],
    frontend_exception_handler=logs.frontend_report,  # a page's report, on one line of the log and short
)

app.app_wraps[(5, "Overlay")] = connection_banner.overlay  # a calm line while the server is out of reach
app.add_middleware(ReconnectNote())  # an open page that connects again keeps its game

for spec in PAGES:
    app.add_page(spec.component, route=spec.route, title=spec.title, on_load=spec.on_load, **spec.extra)

app.register_lifespan_task(chat_live.listen)  # live chat pushes across backend processes
app.register_lifespan_task(gc_tuning.collect_periodically)  # bounds the garbage rarer collections leave
