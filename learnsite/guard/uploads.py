"""The guard on Reflex's POST /_upload, an ASGI wrapper put in front of Reflex by rx.App(api_transformer=...):
bodies over the size limit are refused while they stream, and so is a request naming a handler that takes no
uploaded files."""

from __future__ import annotations

from starlette.responses import PlainTextResponse

from learnsite.config import settings
from learnsite.guard import boundary

MULTIPART_SLACK = 64 * 1024  # form boundaries, headers and the event-args field


class UploadSizeGuard:
    """Refuse /_upload bodies larger than the limit (by Content-Length up front, else while streaming), and
    requests naming a handler that takes no uploaded files (400, before any body is read)."""

    def __init__(self, app, limit: int | None = None):
        self.app = app
        self.limit = (limit if limit is not None else settings.max_upload_bytes)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or not scope["path"].endswith("/_upload"):
            return await self.app(scope, receive, send)
        headers = dict(scope.get("headers") or [])
        handler = headers.get(b"reflex-event-handler", b"").decode("utf-8", "replace")
        if scope.get("method") == "POST" and handler and not boundary.is_upload_handler(handler):
            return await PlainTextResponse("Not an upload", status_code=400)(scope, receive, send)
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
