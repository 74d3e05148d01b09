"""Drop an open page's websocket and let Reflex connect it again, as a phone woken up or a network back does."""

from __future__ import annotations


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

        def hydrated_again() -> bool:
            return any(ws is not first and '"is_hydrated_rx_state_":true' in data for ws, data in self.frames)

        self.page.evaluate("window.dispatchEvent(new PageTransitionEvent('pagehide', {persisted: false}))")
        self.page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        for _ in range(100):
            if hydrated_again():
                break
            self.page.wait_for_timeout(100)
        assert hydrated_again(), "the page did not connect again"
        self.page.wait_for_timeout(300)  # its last deltas drawn
