import asyncio
import io
import threading
import time

import httpx

from pypdf import PdfReader
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route
from starlette.testclient import TestClient

from learnsite.services.sheets_api import SheetMakerRoute
from learnsite.sheets import checked, make_sheet


def _client() -> TestClient:
    inner = Starlette(routes=[Route("/{p:path}", lambda r: PlainTextResponse("app"))])
    return TestClient(SheetMakerRoute(inner))


def test_pdf_download_with_its_file_name():
    r = _client().get("/make-sheet/sheet.pdf?kind=multiplication&seed=77&low=2&high=9&count=40&paper=Letter")
    assert r.status_code == 200 and r.headers["content-type"] == "application/pdf"
    assert r.headers["content-disposition"] == 'attachment; filename="multiplication-drill-seed-77.pdf"'
    reader = PdfReader(io.BytesIO(r.content))
    assert len(reader.pages) == 3 and "seed 77" in reader.pages[0].extract_text()


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
                           ("kind=addition&seed=--5", "The seed must be a whole number."),
                           ("kind=addition&seed=%C2%B2", "The seed must be a whole number.")]:
        r = client.get(f"/make-sheet/sheet.pdf?{query}")
        assert r.status_code == 400 and r.text.startswith(message), (query, r.text)
        assert "Traceback" not in r.text


def test_other_paths_go_to_the_app():
    client = _client()
    assert client.get("/make-sheet/other").status_code == 404
    assert client.get("/worksheets/maker").text == "app"


async def test_a_busy_maker_says_so_and_leaves_the_apps_threads_free(monkeypatch):
    """Sheets are made on the maker's own threads: a flood of new sheets waits there (and, past QUEUE_MAX, is
    told to try again) while the default thread pool, which every page's events use, still answers."""
    from learnsite.services import sheets_api

    release, started = threading.Event(), threading.Semaphore(0)

    def slow_sheet(options):
        started.release()
        release.wait(10)
        return make_sheet(options)

    monkeypatch.setattr(sheets_api, "make_sheet", slow_sheet)
    transport = httpx.ASGITransport(app=SheetMakerRoute(Starlette()))
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        waiting = [asyncio.create_task(client.get(f"/make-sheet/sheet.pdf?kind=addition&seed={900000 + i}"))
                   for i in range(sheets_api.MAKERS + sheets_api.QUEUE_MAX)]
        for _ in range(sheets_api.MAKERS):
            assert await asyncio.to_thread(started.acquire, True, 5)
        # the default pool (6 threads here) is not taken by the 10 requests waiting for a maker
        assert await asyncio.wait_for(asyncio.to_thread(lambda: "free"), 2) == "free"
        refused = await client.get("/make-sheet/sheet.pdf?kind=addition&seed=987654")
        assert refused.status_code == 503 and "busy" in refused.text and refused.headers["retry-after"] == "5"
        release.set()
        answers = await asyncio.gather(*waiting)
    assert [r.status_code for r in answers] == [200] * len(waiting)


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
