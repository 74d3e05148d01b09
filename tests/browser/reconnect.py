"""Drop an open page's websocket and let Reflex connect it again, as a phone woken up or a network back does."""

from __future__ import annotations

import json
import uuid


class Sockets:
    """The page's websockets and the frames each received (attach before the page opens)."""

    def __init__(self, page) -> None:
        self.page = page
        self.frames: list[tuple[object, str]] = []
        page.on("websocket", lambda ws: ws.on("framereceived", lambda data: self.frames.append((ws, str(data)))))

    def connect_again(self) -> None:
        """Reflex drops its socket on pagehide and connects again when the page is visible; wait until the new
        connection has hydrated and run the page's on_load handlers."""
        assert self.frames, "no websocket yet"
        first = self.frames[-1][0]
        self.page.evaluate("window.dispatchEvent(new PageTransitionEvent('pagehide', {persisted: false}))")
        self.page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        self._wait_hydrated_after(first)

    def _wait_hydrated_after(self, first, within_s: float = 15) -> None:
        def hydrated_again() -> bool:
            return any(ws is not first and '"is_hydrated_rx_state_":true' in data for ws, data in self.frames)

        for _ in range(int(within_s * 10)):
            if hydrated_again():
                break
            self.page.wait_for_timeout(100)
        assert hydrated_again(), "the page did not connect again"
        self.page.wait_for_timeout(300)  # its last deltas drawn

    def new_tokens(self) -> int:
        """How many times the server gave the page a new token (Reflex's answer to a second tab)."""
        return sum('"new_token"' in data for _, data in self.frames)


class UnheardDrops(Sockets):
    """As Sockets, with the page's socket routed through Playwright, so that the page's side can close while the
    server's stays open: a phone that lost the network, whose socket the server has not yet found dead."""

    def __init__(self, page) -> None:
        super().__init__(page)
        self.routes: list = []
        page.route_web_socket(lambda url: "/_event" in url, self._route)

    def _route(self, ws):
        server = ws.connect_to_server()
        ws.on_close(lambda code, reason: None)  # the page's side closed leaves the server's open
        self.routes.append(ws)
        return server

    def drop(self) -> None:
        """Close the page's side of its socket; wait until its next socket has hydrated."""
        assert self.frames and self.routes, "no websocket yet"
        first = self.frames[-1][0]
        self.routes[-1].close()
        self._wait_hydrated_after(first)


class ForgetfulServer(UnheardDrops):
    """As UnheardDrops, with a way to make the server forget the page: the page is told a token the server has
    never seen (Reflex's word to a second tab), and its next socket carries it. Its state is then new, as after a
    backend restart (a tab's state is kept in the server's memory)."""

    def forget(self) -> None:
        assert self.routes, "no websocket yet"
        token = self.page.evaluate("() => window.sessionStorage.getItem('token')")
        self.routes[-1].send("42/_event," + json.dumps(["new_token", str(uuid.uuid4())]))
        self.page.wait_for_function("(t) => window.sessionStorage.getItem('token') !== t", arg=token)
        self.drop()


class QuietNetwork(UnheardDrops):
    """As UnheardDrops, with a way to make the page's socket carry nothing either way while both ends stay open
    and neither is told: a phone's wifi gone quiet, a train in a tunnel (the page giving up is not heard either)."""

    def __init__(self, page) -> None:
        self.quiet: set = set()
        super().__init__(page)

    def _route(self, ws):
        server = super()._route(ws)
        ws.on_message(lambda message: None if ws in self.quiet else server.send(message))
        server.on_message(lambda message: None if ws in self.quiet else ws.send(message))
        return server

    def go_quiet(self, within_s: float) -> None:
        """Carry nothing more on the page's socket; wait (up to within_s) until its next socket has hydrated."""
        assert self.frames and self.routes, "no websocket yet"
        first = self.frames[-1][0]
        self.quiet.add(self.routes[-1])
        self._wait_hydrated_after(first, within_s)
