"""The guard on Reflex's POST /_upload, an ASGI wrapper put in front of Reflex by rx.App(api_transformer=...):
bodies over the size limit are refused while they stream, and so is a request naming a handler that takes no
uploaded files, a request whose token has no open page (Reflex would make and keep a whole tab's state for it),
and one that is not a multipart form with one token and one handler (Reflex answered those with a traceback)."""

from __future__ import annotations

from starlette.responses import PlainTextResponse

from learnsite.config import settings
from learnsite.guard import boundary

MULTIPART_SLACK = 64 * 1024  # form boundaries, headers and the event-args field


class UploadSizeGuard:
    """Refuse /_upload bodies larger than the limit (by Content-Length up front, else while streaming), and,
    before any body is read, a POST that is not one upload handler's multipart form (400) or whose token has no
    open page (403). `connected(token)` says whether a token's page is open (Reflex's token manager unless
    given)."""

    def __init__(self, app, limit: int | None = None, connected=None):
        self.app = app
        self.limit = (limit if limit is not None else settings.max_upload_bytes)
        self.connected = connected or _page_is_open

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or not scope["path"].endswith("/_upload"):
            return await self.app(scope, receive, send)
        raw = scope.get("headers") or []
        headers = dict(raw)
        if scope.get("method") == "POST":
            refusal = await self._refusal(raw)
            if refusal is not None:
                return await refusal(scope, receive, send)
        if not self.limit:
            return await self.app(scope, receive, send)
        allowed = self.limit + MULTIPART_SLACK
        length = headers.get(b"content-length")
        if length and length.isdigit() and int(length) > allowed:
            response = PlainTextResponse(f"File is larger than {self.limit} bytes", status_code=413)
            return await response(scope, receive, send)
        seen = 0

        async def counted_receive():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > allowed:
                    return {"type": "http.disconnect"}  # the upload parser stops as if the client left
            return message

        return await self.app(scope, counted_receive, send)

    async def _refusal(self, raw: list) -> PlainTextResponse | None:
        """Why a POST is refused before its body is read, or None. Reflex reads the first of a repeated header and
        this guard the last, so a second handler header slipped a handler past the check: one of each or nothing."""
        def values(name: bytes) -> list[str]:
            return [v.decode("utf-8", "replace") for k, v in raw if k.lower() == name]

        handlers, tokens, types = values(b"reflex-event-handler"), values(b"reflex-client-token"), values(
            b"content-type")
        if len(handlers) != 1 or len(tokens) != 1 or not boundary.is_upload_handler(handlers[0]):
            return PlainTextResponse("Not an upload", status_code=400)
        if len(types) != 1 or not _is_multipart(types[0]):
            return PlainTextResponse("Not an upload", status_code=400)
        if not await self.connected(tokens[0]):
            return PlainTextResponse("Open the page again to upload", status_code=403)
        return None


def _is_multipart(content_type: str) -> bool:
    kind, _, params = content_type.partition(";")
    return kind.strip().lower() == "multipart/form-data" and "boundary=" in params.lower()


async def _page_is_open(token: str) -> bool:
    """Whether the token is a tab with its socket open now (on any backend, with Redis): the page that uploads."""
    from learnsite.learnsite import app

    namespace = app.event_namespace
    return namespace is not None and len(token) <= 128 and await namespace._token_manager.is_token_connected(token)
