"""A small asyncio Reflex client: WebSocket (wsproto) + Engine.IO 4 + Socket.IO 5, as the browser speaks it.

The page's JS (.web/utils/state.js) opens `/_event/?token=<tab token>&EIO=4&transport=websocket`
straight away (no polling), then sends the hydrate event inside the socket.io CONNECT packet:
`40/_event,{"event": {...hydrate...}, "state_schema": "..."}`. Events are `42/_event,["event", {...}]`,
state updates come back the same way. The server pings ("2"), the client answers "3".

No new dependency: wsproto is already installed (uvicorn/simple-websocket use it). Installing the
`websockets` package would change which WebSocket implementation uvicorn serves with.
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable
from urllib.parse import urlsplit

from wsproto import ConnectionType, WSConnection
from wsproto.events import (AcceptConnection, BytesMessage, CloseConnection, Ping, RejectConnection, Request,
                            TextMessage)

NAMESPACE = "/_event"


class Closed(Exception):
    pass


class WebSocket:
    """Just enough of a WebSocket client: text frames in and out, pings answered."""

    def __init__(self) -> None:
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.conn = WSConnection(ConnectionType.CLIENT)
        self._parts: list[str] = []
        self._ready: list[str] = []
        self.closed = False

    async def connect(self, url: str, subprotocols: list[str] | None = None, timeout: float = 30) -> None:
        parts = urlsplit(url)
        host, port = parts.hostname, parts.port or 80
        self.reader, self.writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
        target = parts.path + (f"?{parts.query}" if parts.query else "")
        self.writer.write(self.conn.send(Request(host=f"{host}:{port}", target=target,
                                                 subprotocols=subprotocols or [])))
        await self.writer.drain()
        deadline = time.monotonic() + timeout
        while True:
            data = await asyncio.wait_for(self.reader.read(65536), max(0.1, deadline - time.monotonic()))
            if not data:
                raise Closed("connection closed during the handshake")
            self.conn.receive_data(data)
            accepted = False
            # Handle every event of this read: the server's first frames may come in the same segment
            # as the handshake answer, and wsproto only hands them out once.
            for event in self.conn.events():
                if isinstance(event, AcceptConnection):
                    accepted = True
                elif isinstance(event, RejectConnection):
                    raise Closed(f"handshake rejected: {event.status_code}")
                else:
                    self._handle(event)
            if accepted:
                return

    def _handle(self, event) -> None:
        if isinstance(event, TextMessage):
            self._parts.append(event.data)
            if event.message_finished:
                self._ready.append("".join(self._parts))
                self._parts = []
        elif isinstance(event, BytesMessage):
            pass  # Reflex sends no binary frames to the page
        elif isinstance(event, Ping):
            self.writer.write(self.conn.send(event.response()))
        elif isinstance(event, CloseConnection):
            self.closed = True
            try:
                self.writer.write(self.conn.send(event.response()))
            except Exception:  # noqa: BLE001
                pass

    async def send(self, text: str) -> None:
        if self.closed:
            raise Closed("closed")
        self.writer.write(self.conn.send(TextMessage(data=text)))
        await self.writer.drain()

    async def recv(self) -> str:
        while not self._ready:
            if self.closed:
                raise Closed("closed")
            data = await self.reader.read(65536)
            if not data:
                self.closed = True
                raise Closed("connection closed")
            self.conn.receive_data(data)
            for event in self.conn.events():
                self._handle(event)
        return self._ready.pop(0)

    async def close(self) -> None:
        if self.writer is None:
            return
        try:
            self.writer.close()
            await asyncio.wait_for(self.writer.wait_closed(), 2)
        except Exception:  # noqa: BLE001
            pass
        self.closed = True


@dataclass
class Update:
    at: float  # time.perf_counter() when the frame arrived
    data: dict  # the StateUpdate: {"delta": {...}, "events": [...], ...}


def delta_keys(update: dict) -> set[str]:
    """'substate.var' for every var in a state update's delta."""
    return {f"{sub}.{var}" for sub, vars_ in (update.get("delta") or {}).items() for var in vars_}


@dataclass
class ReflexClient:
    """One browser tab's websocket to one backend."""

    base_url: str  # http://host:port of the backend
    token: str = field(default_factory=lambda: str(uuid.uuid4()))
    subprotocol: str | None = None
    ws: WebSocket = field(default_factory=WebSocket)
    updates: list[Update] = field(default_factory=list)
    other: list[tuple[str, Any]] = field(default_factory=list)  # non-"event" emits (e.g. reload)
    _new: asyncio.Event = field(default_factory=asyncio.Event)
    _reader: asyncio.Task | None = None
    error: BaseException | None = None

    async def connect(self, hydrate_auth: dict, timeout: float = 30) -> None:
        """Open the socket and send the hydrate event in the CONNECT packet, as the page does."""
        url = self.base_url.replace("http", "ws", 1).rstrip("/")
        await self.ws.connect(f"{url}{NAMESPACE}/?token={self.token}&EIO=4&transport=websocket",
                              [self.subprotocol] if self.subprotocol else None, timeout)
        opening = await asyncio.wait_for(self.ws.recv(), timeout)
        if not opening.startswith("0"):
            raise Closed(f"unexpected Engine.IO open: {opening[:200]}")
        await self.ws.send(f"40{NAMESPACE}," + json.dumps(hydrate_auth, separators=(",", ":")))
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            while True:
                frame = await self.ws.recv()
                now = time.perf_counter()
                if frame == "2":
                    await self.ws.send("3")
                    continue
                if frame.startswith(f"42{NAMESPACE},"):
                    name, *args = json.loads(frame[len(NAMESPACE) + 3:])
                    if name == "event" and args and isinstance(args[0], dict):
                        self.updates.append(Update(now, args[0]))
                    else:
                        self.other.append((name, args))
                elif frame.startswith(f"44{NAMESPACE},"):
                    self.other.append(("connect_error", frame))
                elif frame.startswith(f"41{NAMESPACE}"):
                    raise Closed("server disconnected the namespace")
                self._new.set()
        except Exception as exc:  # noqa: BLE001
            self.error = exc
            self._new.set()

    async def reconnect(self, base_url: str, hydrate_auth: dict, timeout: float = 30) -> None:
        """A new socket with the same tab token (to another backend, as a load balancer would), rehydrated."""
        if self._reader:
            self._reader.cancel()
        await self.ws.close()
        self.base_url, self.ws, self.error = base_url, WebSocket(), None
        await self.connect(hydrate_auth, timeout)

    @property
    def alive(self) -> bool:
        return self.error is None and not self.ws.closed

    async def emit(self, event: dict) -> float:
        """Send one event; returns time.perf_counter() just before sending."""
        frame = f"42{NAMESPACE}," + json.dumps(["event", event], separators=(",", ":"))
        started = time.perf_counter()
        await self.ws.send(frame)
        return started

    async def wait_for(self, done: Callable[[dict], bool], since: int = 0, timeout: float = 30) -> Update:
        """The first update from index `since` on for which done(update) is true."""
        deadline = time.monotonic() + timeout
        checked = since
        while True:
            while checked < len(self.updates):
                u = self.updates[checked]
                checked += 1
                if done(u.data):
                    return u
            if self.error is not None:
                raise Closed(f"socket failed: {self.error!r}")
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no matching state update")
            self._new.clear()
            if checked < len(self.updates):
                continue
            try:
                await asyncio.wait_for(self._new.wait(), left)
            except asyncio.TimeoutError:
                pass

    async def close(self) -> None:
        if self._reader:
            self._reader.cancel()
        await self.ws.close()
