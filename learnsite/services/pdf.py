"""Is this really a PDF? And a first-page thumbnail as PNG (no Pillow needed)."""

from __future__ import annotations

import struct
import threading
import zlib
from pathlib import Path

PDF_MAGIC = b"%PDF-"
THUMBNAIL_WIDTH = 320
# PDFium is not thread-safe (pypdfium2 says so): two renders at once in one process corrupted its state, and every
# later render in that process failed ("Failed to load document"). One render at a time per process.
_PDFIUM = threading.Lock()


# an admin's words, not the parser's (what was wrong inside the file helps no one choosing another)
NOT_A_PDF = "This file is not a PDF. Choose a PDF file (its name ends in .pdf)."
INCOMPLETE = "This PDF is incomplete (perhaps it did not finish downloading). Save it again and upload the new copy."
UNREADABLE = "This PDF could not be read; it may be damaged. Save or print it to a new PDF and upload that."


class InvalidPdf(ValueError):
    """The bytes are not a readable PDF document."""


def validate_pdf(path: Path) -> int:
    """Raise InvalidPdf unless the file is a parseable PDF; return its page count."""
    path = Path(path)
    size = path.stat().st_size
    if size == 0:
        raise InvalidPdf("The file is empty.")
    with open(path, "rb") as f:
        head = f.read(1024)
        # The header may be preceded by junk within the first 1 KB (readers allow it).
        if PDF_MAGIC not in head:
            raise InvalidPdf(NOT_A_PDF)
        f.seek(max(0, size - 1024))
        if b"%%EOF" not in f.read():
            raise InvalidPdf(INCOMPLETE)

    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    try:
        # An open file, not a path: given a path, pypdf reads the whole file into memory.
        with open(path, "rb") as f:
            reader = PdfReader(f, strict=True)
            pages = len(reader.pages)
            if pages < 1:
                raise InvalidPdf("The PDF has no pages.")
            reader.pages[0].get_contents()  # parse the first page's content for real
    except InvalidPdf:
        raise
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError, OSError, IndexError) as exc:
        raise InvalidPdf(UNREADABLE) from exc
    return pages


def _png(width: int, height: int, rows: bytes, grey: bool = False) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 0 if grey else 2, 0, 0, 0)  # 8-bit grey or RGB
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b"")


def first_page_png(path: Path | bytes, width: int = THUMBNAIL_WIDTH) -> bytes:
    """Render page 1 (of a file, or of PDF bytes) at the given pixel width as PNG bytes.

    pdfium holds the page's images and the decoded full-size bitmap meanwhile (several times a scanned
    file's size): the server runs this in a child process, see learnsite.services.thumbnail.
    """
    import pypdfium2 as pdfium

    with _PDFIUM:
        return _render(pdfium.PdfDocument(path if isinstance(path, bytes) else str(path)), width)


def _render(pdf, width: int) -> bytes:
    try:
        page = pdf[0]
        scale = width / max(page.get_width(), 1)
        bitmap = page.render(scale=scale, rev_byteorder=True, fill_color=(255, 255, 255, 255))
        try:
            if bitmap.n_channels != 3:
                raise InvalidPdf(f"Unexpected bitmap format {bitmap.mode}")
            w, h, stride = bitmap.width, bitmap.height, bitmap.stride
            buf = bytes(bitmap.buffer)
            rows = [buf[y * stride: y * stride + w * 3] for y in range(h)]
            pixels = b"".join(rows)
            grey = pixels[0::3]
            if grey == pixels[1::3] == pixels[2::3]:
                # a black-and-white page (most worksheets) as a grey PNG: a third of the bytes, a popup of thumbnails
                # on a slow phone fetched 255 KB of RGB line art
                return _png(w, h, b"".join(b"\x00" + grey[y * w: (y + 1) * w] for y in range(h)), grey=True)
            return _png(w, h, b"".join(b"\x00" + row for row in rows))
        finally:
            bitmap.close()
            page.close()
    finally:
        pdf.close()
