"""Thumbnails rendered in a child process: a real PNG, clear failures, a timeout that kills the child."""

from __future__ import annotations

import sys
import time

import pytest

from learnsite.services import thumbnail
from learnsite.services.thumbnail import ThumbnailFailed, main, render_thumbnail
from tests.worksheet_pdfs import make_pdf


def _png_size(data: bytes) -> tuple[int, int]:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_child_renders_first_page_as_png(tmp_path):
    pdf, out = tmp_path / "ok.pdf", tmp_path / "ok.png"
    pdf.write_bytes(make_pdf(pages=2))
    peak = render_thumbnail(pdf, out, width=200)
    width, height = _png_size(out.read_bytes())
    assert 199 <= width <= 201 and 280 <= height <= 285  # A4 proportions (pdfium rounds)
    assert peak > 1024 * 1024  # the child reports its own peak (a Python process is megabytes)


def test_child_imports_this_checkout_from_any_directory(tmp_path, monkeypatch):
    pdf, out = tmp_path / "ok.pdf", tmp_path / "ok.png"
    pdf.write_bytes(make_pdf())
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PYTHONPATH", "")
    render_thumbnail(pdf, out)
    assert _png_size(out.read_bytes())[0] in range(319, 322)


def test_broken_pdf_is_a_clear_failure(tmp_path):
    data = make_pdf()
    pdf, out = tmp_path / "cut.pdf", tmp_path / "cut.png"
    pdf.write_bytes(data[: len(data) // 3])
    with pytest.raises(ThumbnailFailed, match="could not be rendered: PdfiumError: Failed to load document"):
        render_thumbnail(pdf, out)
    assert not out.exists() or out.stat().st_size == 0


def test_missing_file_is_a_clear_failure(tmp_path):
    with pytest.raises(ThumbnailFailed, match="could not be rendered"):
        render_thumbnail(tmp_path / "gone.pdf", tmp_path / "gone.png")


def test_timeout_kills_the_child(tmp_path, monkeypatch):
    monkeypatch.setattr(thumbnail, "_command", lambda *_: [sys.executable, "-c", "import time; time.sleep(60)"])
    started = time.monotonic()
    with pytest.raises(ThumbnailFailed, match=r"took longer than 0\.5 s"):
        render_thumbnail(tmp_path / "a.pdf", tmp_path / "a.png", timeout=0.5)
    assert time.monotonic() - started < 10  # killed, not waited for


def test_crashing_child_is_reported(tmp_path, monkeypatch):
    monkeypatch.setattr(thumbnail, "_command", lambda *_: [sys.executable, "-c", "import os; os.abort()"])
    with pytest.raises(ThumbnailFailed, match=r"crashed \(signal 6\)"):
        render_thumbnail(tmp_path / "a.pdf", tmp_path / "a.png")


def test_child_that_writes_nothing_is_a_failure(tmp_path, monkeypatch):
    monkeypatch.setattr(thumbnail, "_command", lambda *_: [sys.executable, "-c", "pass"])
    with pytest.raises(ThumbnailFailed, match="wrote no image"):
        render_thumbnail(tmp_path / "a.pdf", tmp_path / "a.png")


def test_renderers_at_once_are_bounded(tmp_path, monkeypatch):
    """At most LEARNSITE_THUMBNAIL_RENDERERS children run at once; a render that waits too long fails clearly."""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    slots = threading.BoundedSemaphore(2)
    monkeypatch.setattr(thumbnail, "_renderer_slots", lambda: (2, slots))
    running, most = 0, 0
    lock = threading.Lock()

    def fake_render(pdf_path, out_path, width, timeout):
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
        time.sleep(0.3)
        with lock:
            running -= 1
        return 1

    monkeypatch.setattr(thumbnail, "_render", fake_render)
    with ThreadPoolExecutor(5) as pool:
        results = list(pool.map(lambda i: render_thumbnail(tmp_path / f"{i}.pdf", tmp_path / f"{i}.png"), range(5)))
    assert results == [1] * 5 and most == 2
    # both renderer slots taken for longer than the timeout: this one gives up, it does not pile on
    slots.acquire()
    slots.acquire()
    with pytest.raises(ThumbnailFailed, match=r"2 thumbnails were rendering for longer than 0\.2 s"):
        render_thumbnail(tmp_path / "a.pdf", tmp_path / "a.png", timeout=0.2)


def test_renderer_count_comes_from_the_settings(monkeypatch):
    from learnsite import config

    monkeypatch.delenv("LEARNSITE_THUMBNAIL_RENDERERS", raising=False)
    assert config.load_settings().thumbnail_renderers == 2
    monkeypatch.setenv("LEARNSITE_THUMBNAIL_RENDERERS", "0")
    assert config.load_settings().thumbnail_renderers == 1  # never none at all
    thumbnail._renderer_slots.cache_clear()
    try:
        count, _ = thumbnail._renderer_slots()
    finally:
        thumbnail._renderer_slots.cache_clear()
    assert count == config.settings.thumbnail_renderers


def test_main_refuses_bad_arguments(capsys):
    assert main([]) == 2
    assert main(["a.pdf", "a.png", "wide"]) == 2
    assert "usage:" in capsys.readouterr().err
