import io

from pypdf import PdfReader
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route
from starlette.testclient import TestClient

from learnsite.services.sheets_api import SheetMakerRoute


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
                           ("kind=addition&seed=" + "9" * 500, "Too many options.")]:
        r = client.get(f"/make-sheet/sheet.pdf?{query}")
        assert r.status_code == 400 and r.text.startswith(message), (query, r.text)
        assert "Traceback" not in r.text


def test_other_paths_go_to_the_app():
    client = _client()
    assert client.get("/make-sheet/other").status_code == 404
    assert client.get("/worksheets/maker").text == "app"


def test_a_busy_maker_says_so(monkeypatch):
    from learnsite.services import sheets_api

    monkeypatch.setattr(sheets_api, "WAIT_SECONDS", 0.05)
    taken = [sheets_api._slots.acquire() for _ in range(sheets_api.MAKERS)]
    try:
        r = _client().get("/make-sheet/sheet.pdf?kind=addition&seed=987654")
    finally:
        for _ in taken:
            sheets_api._slots.release()
    assert r.status_code == 503 and "busy" in r.text and r.headers["retry-after"] == "5"
