import asyncio
import contextlib
import io
import threading
import time
from types import SimpleNamespace

import httpx
import pytest

from pypdf import PdfReader
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route
from starlette.testclient import TestClient

from learnsite.services.sheets_api import SheetMakerRoute
from learnsite.sheets import checked, make_sheet


@pytest.fixture(autouse=True)
def _fresh_buckets(monkeypatch):
    """Each test starts with no sheets made by anyone in the last minute (the buckets are the process's)."""
    from learnsite.services import sheets_api

    monkeypatch.setattr(sheets_api, "_buckets", {})


def _client() -> TestClient:
    inner = Starlette(routes=[Route("/{p:path}", lambda r: PlainTextResponse("app"))])
    return TestClient(SheetMakerRoute(inner))


def test_pdf_download_with_its_file_name():
    r = _client().get("/make-sheet/sheet.pdf?kind=multiplication&seed=77&low=2&high=9&count=40&paper=Letter")
    assert r.status_code == 200 and r.headers["content-type"] == "application/pdf"
    assert r.headers["content-disposition"] == 'attachment; filename="multiplication-drill-sheet-77.pdf"'
    reader = PdfReader(io.BytesIO(r.content))
    assert len(reader.pages) == 3 and "sheet 77" in reader.pages[0].extract_text()


def test_preview_is_a_png_of_page_one():
    r = _client().get("/make-sheet/preview.png?kind=colour-by-number&level=2&seed=3")
    assert r.status_code == 200 and r.headers["content-type"] == "image/png" and r.content[:4] == b"\x89PNG"


def test_bad_input_is_a_400_with_a_plain_message():
    client = _client()
    for query, message in [("kind=addition&count=101", "Number of problems: choose between 1 and 100."),
                           ("kind=rm -rf", "Please choose a kind of worksheet."),
                           ("kind=addition&evil=1", "Unknown option in the address."),
                           ("kind=addition&low=0&high=3&carrying=only", "No problems with carrying"),
                           ("kind=addition&seed=" + "9" * 500, "Too many options."),
                           ("kind=addition&seed=--5", "The sheet number must be a whole number."),
                           ("kind=addition&seed=%C2%B2", "The sheet number must be a whole number.")]:
        r = client.get(f"/make-sheet/sheet.pdf?{query}")
        assert r.status_code == 400 and r.text.startswith(message), (query, r.text)
        assert "Traceback" not in r.text


def test_other_paths_go_to_the_app():
    client = _client()
    assert client.get("/make-sheet/other").status_code == 404
    assert client.get("/worksheets/maker").text == "app"


@contextlib.asynccontextmanager
async def _held_maker(monkeypatch, *addresses: str):
    """make_sheet made to wait for `release`; `started` counts the sheets a maker has begun; `clients` come from
    `addresses`; `finish(*requests)` releases the maker and gives each request's status. On leaving, the maker is
    released and the clients closed whatever happened, so no maker thread is left waiting."""
    from learnsite.services import sheets_api

    release, started = threading.Event(), threading.Semaphore(0)

    def slow_sheet(options):
        started.release()
        release.wait(10)
        return make_sheet(options)

    async def finish(*requests) -> list[int]:
        release.set()
        return [r.status_code for r in await asyncio.gather(*requests)]

    monkeypatch.setattr(sheets_api, "make_sheet", slow_sheet)
    clients = [_from(address) for address in addresses]
    try:
        yield SimpleNamespace(release=release, started=started, clients=clients, finish=finish)
    finally:
        release.set()
        for client in clients:
            await client.aclose()


def _from(address: str) -> httpx.AsyncClient:
    """A client whose requests come from `address`, as the server's ASGI scope says."""
    transport = httpx.ASGITransport(app=SheetMakerRoute(Starlette()), client=(address, 40000))
    return httpx.AsyncClient(transport=transport, base_url="http://test")


def _sheet(seed: int) -> str:
    return f"/make-sheet/sheet.pdf?kind=addition&seed={seed}"


async def _until(condition, seconds: float = 5) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.01)


def _places() -> tuple[int, dict]:
    from learnsite.services import sheets_api

    with sheets_api._pending_lock:
        return sheets_api._pending, dict(sheets_api._per_client)


async def test_a_busy_maker_says_so_and_leaves_the_apps_threads_free(monkeypatch):
    """Sheets are made on the maker's own threads: a flood of new sheets waits there (and, past QUEUE_MAX, is
    told to try again) while the default thread pool, which every page's events use, still answers. The flood
    comes from many addresses, each within its share: the maker as a whole is what is full."""
    from learnsite.services import sheets_api

    addresses = [f"10.0.0.{i}" for i in range(sheets_api.MAKERS + sheets_api.QUEUE_MAX + 1)]
    async with _held_maker(monkeypatch, *addresses) as held:
        *flood, last = held.clients
        waiting = [asyncio.create_task(client.get(_sheet(900000 + i))) for i, client in enumerate(flood)]
        for _ in range(sheets_api.MAKERS):
            assert await asyncio.to_thread(held.started.acquire, True, 5)
        # the default pool (6 threads here) is not taken by the 10 requests waiting for a maker
        assert await asyncio.wait_for(asyncio.to_thread(lambda: "free"), 2) == "free"
        await _until(lambda: _places()[0] == sheets_api.MAKERS + sheets_api.QUEUE_MAX)
        refused = await last.get(_sheet(987654))
        assert refused.status_code == 503 and refused.text == sheets_api.BUSY
        assert refused.headers["retry-after"] == "5"
        assert await held.finish(*waiting) == [200] * len(waiting)
    assert _places() == (0, {})


async def test_one_client_over_its_share_is_refused_while_another_is_still_served(monkeypatch):
    """One anonymous client looping over new seeds held every place in the queue and kept every other family
    out with 503s. Now it holds CLIENT_MAX: its next request is refused at once (with its own message), and a
    request from another address is still taken and made."""
    from learnsite.services import sheets_api

    async with _held_maker(monkeypatch, "203.0.113.7", "198.51.100.2") as held:
        greedy, other = held.clients
        mine = [asyncio.create_task(greedy.get(_sheet(910000 + i))) for i in range(sheets_api.CLIENT_MAX)]
        await _until(lambda: _places()[1].get("203.0.113.7") == sheets_api.CLIENT_MAX)
        refused = await greedy.get(_sheet(919999))
        assert refused.status_code == 503 and refused.headers["retry-after"] == "5"
        assert refused.text == sheets_api.OVER_SHARE and "919999" not in refused.text
        # a forged X-Forwarded-For does not make a new client (trusted_proxy_hops is 0: the app ignores it)
        forged = await greedy.get(_sheet(919998), headers={"X-Forwarded-For": "192.0.2.99"})
        assert forged.status_code == 503 and forged.text == sheets_api.OVER_SHARE
        theirs = asyncio.create_task(other.get(_sheet(920000)))
        await _until(lambda: _places()[1].get("198.51.100.2") == 1)
        assert await held.finish(*mine, theirs) == [200] * (sheets_api.CLIENT_MAX + 1)
    assert _places() == (0, {})  # no client is kept once it has nothing pending


async def test_one_ipv6_home_has_one_share_whichever_of_its_addresses_it_uses(monkeypatch):
    """An IPv6 home or phone is given a whole /64: counted by full address, it could take every place in the
    queue by changing its last 64 bits. Its share is its /64's; a neighbouring /64 has its own."""
    from learnsite.services import sheets_api

    assert sheets_api.share_of("2001:db8:1:2::7") == sheets_api.share_of("2001:db8:1:2:ffff::1") == "2001:db8:1:2::/64"
    assert sheets_api.share_of("::ffff:203.0.113.7") == sheets_api.share_of("203.0.113.7") == "203.0.113.7"
    assert sheets_api.share_of("testclient") == "testclient"
    home = [f"2001:db8:1:2::{i + 1:x}" for i in range(sheets_api.CLIENT_MAX + 1)]
    async with _held_maker(monkeypatch, *home, "2001:db8:1:3::1") as held:
        *mine_first, home_last, neighbour = held.clients
        mine = [asyncio.create_task(c.get(_sheet(960000 + i))) for i, c in enumerate(mine_first)]
        await _until(lambda: _places()[1].get("2001:db8:1:2::/64") == sheets_api.CLIENT_MAX)
        refused = await home_last.get(_sheet(969999))
        assert refused.status_code == 503 and refused.text == sheets_api.OVER_SHARE
        theirs = asyncio.create_task(neighbour.get(_sheet(970000)))
        await _until(lambda: _places()[1].get("2001:db8:1:3::/64") == 1)
        assert await held.finish(*mine, theirs) == [200] * (sheets_api.CLIENT_MAX + 1)
    assert _places() == (0, {})


async def test_cached_answers_take_no_place(monkeypatch):
    """A client at its share still gets what the cache holds: only making a sheet takes a maker's time."""
    from learnsite.services import sheets_api

    async with _from("203.0.113.8") as client:
        assert (await client.get(_sheet(930000))).status_code == 200  # made now, and cached
    async with _held_maker(monkeypatch, "203.0.113.8") as held:
        [client] = held.clients
        mine = [asyncio.create_task(client.get(_sheet(930001 + i))) for i in range(sheets_api.CLIENT_MAX)]
        await _until(lambda: _places()[1].get("203.0.113.8") == sheets_api.CLIENT_MAX)
        assert (await client.get(_sheet(930099))).status_code == 503  # a new sheet would be over its share
        again = await client.get(_sheet(930000))
        assert again.status_code == 200 and again.headers["content-type"] == "application/pdf"
        assert _places()[1] == {"203.0.113.8": sheets_api.CLIENT_MAX}
        assert await held.finish(*mine) == [200] * sheets_api.CLIENT_MAX
    assert _places() == (0, {})


def _quick_and_timed(monkeypatch) -> list[float]:
    """Sheets made at once (a fake PDF, cached as a real one), on a clock the test moves: now[0] is the time in
    seconds."""
    from learnsite.services import sheets_api
    from learnsite.sheets import MadeSheet

    now = [1000.0]
    monkeypatch.setattr(sheets_api, "make_sheet", lambda options: MadeSheet(options, None, b"%PDF-quick", 1))
    monkeypatch.setattr(sheets_api, "_clock", lambda: now[0])
    return now


async def test_one_client_has_only_so_many_new_sheets_a_minute_and_the_others_are_still_served(monkeypatch):
    """Within its share one address looping over new seeds kept both makers busy for good, and every page's
    events slowed with them (p99 loop delay 0.35 -> 22 ms). Now a share has SHEETS_PER_MINUTE sheets made a
    minute: past them it is told to wait, for as long as its next one takes to come, while another address,
    and what the cache holds, are still served."""
    from learnsite.services import sheets_api

    now = _quick_and_timed(monkeypatch)
    greedy, other = _from("203.0.113.20"), _from("198.51.100.20")
    try:
        made = [await greedy.get(_sheet(950000 + i)) for i in range(sheets_api.SHEETS_PER_MINUTE)]
        assert [r.status_code for r in made] == [200] * sheets_api.SHEETS_PER_MINUTE
        refused = await greedy.get(_sheet(959999))
        assert refused.status_code == 503 and refused.text == sheets_api.OVER_RATE
        assert refused.headers["retry-after"] == str(60 // sheets_api.SHEETS_PER_MINUTE)
        last = _sheet(950000 + sheets_api.SHEETS_PER_MINUTE - 1)
        assert (await greedy.get(last)).status_code == 200  # a cached sheet takes no token
        assert (await other.get(_sheet(959999))).status_code == 200
        now[0] += 60 / sheets_api.SHEETS_PER_MINUTE
        assert (await greedy.get(_sheet(959998))).status_code == 200  # one more has come
        assert (await greedy.get(_sheet(959997))).status_code == 503
        now[0] += 3600  # a long wait fills the bucket, and no fuller than SHEETS_PER_MINUTE
        again = [(await greedy.get(_sheet(960000 + i))).status_code for i in range(sheets_api.SHEETS_PER_MINUTE + 1)]
        assert again == [200] * sheets_api.SHEETS_PER_MINUTE + [503]
    finally:
        await greedy.aclose()
        await other.aclose()
    assert _places() == (0, {})


async def test_the_buckets_keep_only_the_shares_that_made_a_sheet_in_the_last_minute(monkeypatch):
    """An address that is refused before a place is taken gets no bucket, and a share that has not made a sheet
    for a minute is dropped once more than BUCKETS_KEPT are kept: many addresses cannot grow the table."""
    from learnsite.services import sheets_api

    now = _quick_and_timed(monkeypatch)
    monkeypatch.setattr(sheets_api, "BUCKETS_KEPT", 4)
    for i in range(6):
        async with _from(f"192.0.2.{i}") as client:
            assert (await client.get(_sheet(970000 + i))).status_code == 200
    assert len(sheets_api._buckets) == 6  # all made one within the minute: none may be forgotten yet
    async with _from("192.0.2.50") as client:
        assert (await client.get("/make-sheet/sheet.pdf?kind=addition&count=999")).status_code == 400
    assert "192.0.2.50" not in sheets_api._buckets
    now[0] += 60
    async with _from("192.0.2.99") as client:
        assert (await client.get(_sheet(979999))).status_code == 200
    assert list(sheets_api._buckets) == ["192.0.2.99"]


async def test_places_are_given_back_after_success_failure_and_cancellation(monkeypatch):
    """The per-client counts must not grow without bound: every way a request ends gives its place back and
    drops a client left with none. A cancelled request keeps its place until its maker is done with the sheet
    (the work goes on; hanging up must not let a client queue more of it), or at once if no maker had it yet."""
    from learnsite.services import sheets_api
    from learnsite.sheets import checked

    async with _from("203.0.113.9") as client:
        assert (await client.get(_sheet(940000))).status_code == 200
        assert _places() == (0, {})

        def broken(options):
            raise RuntimeError("no sheet")

        monkeypatch.setattr(sheets_api, "make_sheet", broken)
        failed = await client.get(_sheet(940001))
        assert failed.status_code == 500 and "could not be made" in failed.text
        assert _places() == (0, {})

    async with _held_maker(monkeypatch) as held:
        running = [asyncio.create_task(sheets_api.body(checked({"kind": "addition", "seed": 940010 + i}), False,
                                                       client="198.51.100.9")) for i in range(sheets_api.MAKERS)]
        for _ in range(sheets_api.MAKERS):
            assert await asyncio.to_thread(held.started.acquire, True, 5)
        queued = asyncio.create_task(sheets_api.body(checked({"kind": "addition", "seed": 940020}), False,
                                                     client="198.51.100.10"))
        await _until(lambda: "198.51.100.10" in _places()[1])
        queued.cancel()  # no maker had it: its place comes back at once
        await _until(lambda: "198.51.100.10" not in _places()[1], 2)
        for task in running:
            task.cancel()
        await asyncio.sleep(0.05)
        assert all(task.cancelled() for task in running)
        assert _places() == (sheets_api.MAKERS, {"198.51.100.9": sheets_api.MAKERS})  # still being made
        held.release.set()
        await _until(lambda: _places() == (0, {}))


async def test_the_client_address_is_found_as_reflex_finds_it_for_the_sign_in_throttle(monkeypatch):
    """The throttle counts sign-ins by router.session.client_ip; the maker's shares use the same address, so a
    proxy setup (trusted_proxy_hops) is treated alike and a forged X-Forwarded-For is trusted no more here."""
    from reflex.app import EventNamespace
    from reflex_base.config import get_config

    from learnsite.services import sheets_api
    from learnsite.services.sheets_api import client_address

    assert sheets_api.TRUSTED_PROXY_HOPS == get_config().trusted_proxy_hops == 0  # the app's own setting

    scopes = [{"client": ("203.0.113.5", 5000), "headers": []},
              {"client": ("10.0.0.2", 5000), "headers": [(b"x-forwarded-for", b"192.0.2.1")]},
              {"client": ("10.0.0.2", 5000), "headers": [(b"x-forwarded-for", b"192.0.2.1, 198.51.100.4")]},
              {"client": ("10.0.0.2", 5000), "headers": [(b"x-forwarded-for", b"192.0.2.1"),
                                                         (b"x-forwarded-for", b" 198.51.100.4 ,")]},
              {"headers": [(b"x-forwarded-for", b"\xe9\xff, 192.0.2.3")]}]
    seen = []
    for hops in (0, 1, 2):
        monkeypatch.setattr(get_config(), "trusted_proxy_hops", hops)
        monkeypatch.setattr(sheets_api, "TRUSTED_PROXY_HOPS", hops)
        for scope in scopes:
            reflex_ip = EventNamespace._build_static_router_data(None, "sid", {"asgi.scope": scope})["ip"]
            assert client_address(scope) == reflex_ip, (hops, scope)
            seen.append(reflex_ip)
    assert seen[1] == "10.0.0.2" and seen[len(scopes) + 1] == "192.0.2.1" and seen[2 * len(scopes) + 2] == "192.0.2.1"


def test_a_preview_is_drawn_once_and_served_again_from_the_cache(monkeypatch):
    from learnsite.services import sheets_api

    drawn = []
    monkeypatch.setattr(sheets_api, "first_page_png", lambda pdf, width: drawn.append(width) or b"\x89PNG-fake")
    client = _client()
    for _ in range(3):
        r = client.get("/make-sheet/preview.png?kind=subtraction&seed=4242")
        assert r.status_code == 200 and r.content == b"\x89PNG-fake"
    assert drawn == [sheets_api.PREVIEW_WIDTH]


def test_pdfium_renders_one_page_at_a_time(monkeypatch):
    """PDFium is not thread-safe: overlapping renders once broke every later render in the process."""
    import pypdfium2

    from learnsite.services.pdf import first_page_png

    real, inside, most, lock = pypdfium2.PdfDocument, [0], [0], threading.Lock()

    class Watched(real):
        def __init__(self, *args, **kwargs):
            with lock:
                inside[0] += 1
                most[0] = max(most[0], inside[0])
            time.sleep(0.02)  # room for another thread to come in, if nothing keeps it out
            super().__init__(*args, **kwargs)

        def close(self):
            super().close()
            with lock:
                inside[0] -= 1

    monkeypatch.setattr(pypdfium2, "PdfDocument", Watched)
    pdf = make_sheet(checked({"kind": "addition", "seed": 5})).pdf
    threads = [threading.Thread(target=first_page_png, args=(pdf, 120)) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert most[0] == 1 and inside[0] == 0


def test_the_maker_page_says_busy_for_a_503_in_its_own_words():
    """A 503 download said the sheet "could not be made", and a 503 preview left "Making the preview..." up
    for good. The page now says the maker is busy, in fixed text: the answer's own text is never shown."""
    import learnsite.learnsite  # noqa: F401  (the app, with its states registered, as the server has it)
    from learnsite.pages.sheet_maker import MAKER_BUSY, PREVIEW_FAILED, _options, _preview

    download, preview = str(_options()), str(_preview())
    assert "response.status === 503" in download and MAKER_BUSY in download
    assert "response.text" not in download and "statusText" not in download
    assert "onError:(e) => e.currentTarget.setAttribute('data-failed'" in preview and PREVIEW_FAILED in preview
    assert "Try again" in preview
