"""Stored-name sanitising, PDF validation, thumbnails and the streaming size limit."""

from __future__ import annotations

import pytest

from learnsite.services.pdf import INCOMPLETE, UNREADABLE, InvalidPdf, first_page_png, validate_pdf
from learnsite.services.storage import LocalStorage, StorageError, check_key
from learnsite.services.worksheets import FileTooLarge, UploadSpool, safe_file_name, stored_name
from tests.worksheet_pdfs import make_pdf


@pytest.mark.parametrize(
    "original, expected",
    [
        ("Counting Apples.pdf", "Counting_Apples.pdf"),
        ("../../etc/passwd", "passwd.pdf"),
        ("..\\..\\windows\\system32\\evil.PDF", "evil.pdf"),
        ("/abs/path/sheet.pdf", "sheet.pdf"),
        ("..", "worksheet.pdf"),
        ("", "worksheet.pdf"),
        ("Ünïcödé ñame.pdf", "Unicode_name.pdf"),
        ("a..b...pdf", "a.b.pdf"),
        (".hidden.pdf", "hidden.pdf"),
        ("x" * 500 + ".pdf", "x" * 116 + ".pdf"),
    ],
)
def test_safe_file_name(original, expected):
    assert safe_file_name(original) == expected


def test_stored_name_is_timestamp_hyphen_name():
    assert stored_name("My Sheet.pdf", now_ms=1732230000123) == "1732230000123-My_Sheet.pdf"
    name = stored_name("../x.pdf")
    stamp, rest = name.split("-", 1)
    assert stamp.isdigit() and len(stamp) == 13 and rest == "x.pdf" and "/" not in name


@pytest.mark.parametrize("key", ["../a.pdf", "/abs.pdf", "a/../../b.pdf", "a\\b.pdf", "", "a//b.pdf", "./a.pdf"])
def test_storage_keys_refuse_traversal(key, tmp_path):
    with pytest.raises(StorageError):
        check_key(key)
    with pytest.raises(StorageError):
        LocalStorage(tmp_path).path_of(key)


def test_valid_pdf_is_accepted_and_counted(tmp_path):
    path = tmp_path / "ok.pdf"
    path.write_bytes(make_pdf(pages=3))
    assert validate_pdf(path) == 3


def test_text_file_renamed_pdf_is_refused(tmp_path):
    path = tmp_path / "notes.pdf"
    path.write_text("Dear parents, this is not a PDF at all.\n" * 20)
    with pytest.raises(InvalidPdf, match="not a PDF"):
        validate_pdf(path)


def test_empty_file_is_refused(tmp_path):
    path = tmp_path / "empty.pdf"
    path.write_bytes(b"")
    with pytest.raises(InvalidPdf, match="empty"):
        validate_pdf(path)


def test_truncated_pdf_is_refused(tmp_path):
    data = make_pdf()
    path = tmp_path / "cut.pdf"
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(InvalidPdf) as refused:
        validate_pdf(path)
    assert str(refused.value) == INCOMPLETE


def test_pdf_with_broken_body_but_eof_marker_is_refused(tmp_path):
    data = make_pdf()
    path = tmp_path / "broken.pdf"
    path.write_bytes(data[: len(data) // 2] + b"\n%%EOF\n")
    with pytest.raises(InvalidPdf) as refused:
        validate_pdf(path)
    assert str(refused.value) == UNREADABLE  # an admin's words: the parser's own said nothing they could act on


def test_magic_bytes_alone_are_not_enough(tmp_path):
    path = tmp_path / "fake.pdf"
    path.write_bytes(b"%PDF-1.7\nhello\n%%EOF\n")
    with pytest.raises(InvalidPdf):
        validate_pdf(path)


def test_first_page_png_is_a_real_png(tmp_path):
    path = tmp_path / "ok.pdf"
    path.write_bytes(make_pdf())
    png = first_page_png(path, width=200)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    width = int.from_bytes(png[16:20], "big")
    height = int.from_bytes(png[20:24], "big")
    assert 199 <= width <= 201 and 280 <= height <= 285  # A4 proportions (pdfium rounds)


def test_upload_spool_enforces_limit_while_reading(tmp_path):
    spool = UploadSpool(limit=1000, directory=tmp_path)
    spool.write(b"a" * 600)
    with pytest.raises(FileTooLarge, match="larger than 1000 bytes"):
        spool.write(b"b" * 600)  # refused at the chunk that crosses the limit
    assert not spool.path.exists()
    assert list(tmp_path.iterdir()) == []


def test_upload_spool_keeps_files_within_limit(tmp_path):
    with UploadSpool(limit=1000, directory=tmp_path) as spool:
        spool.write(b"x" * 400)
        spool.write(b"y" * 600)
        path = spool.finish()
        assert path.read_bytes() == b"x" * 400 + b"y" * 600
    assert not path.exists()  # discarded after use


def test_local_storage_roundtrip(tmp_path):
    storage = LocalStorage(tmp_path / "files")
    import io

    url = storage.save("worksheets/1-a.pdf", io.BytesIO(b"%PDF-data"), "application/pdf")
    assert url == "/files/worksheets/1-a.pdf"
    assert storage.exists("worksheets/1-a.pdf") and storage.read("worksheets/1-a.pdf") == b"%PDF-data"
    storage.delete("worksheets/1-a.pdf")
    assert not storage.exists("worksheets/1-a.pdf")
    storage.delete("worksheets/1-a.pdf")  # deleting twice is fine


def test_a_black_and_white_page_is_a_grey_thumbnail_and_a_colour_one_stays_in_colour():
    """A slow phone's review: the All Worksheets popup fetched 255 KB of full-colour PNGs of black-and-white line
    art. A page with no colour is written as a grey PNG (about 40 % fewer bytes over the starter library)."""
    import io

    from PIL import Image

    from learnsite.sheets import make_sheet
    from learnsite.sheets.options import SheetOptions

    line_art = first_page_png(make_sheet(SheetOptions(kind="addition", seed=3)).pdf, width=320)
    coloured = first_page_png(make_pdf(), width=320)  # a red box
    assert line_art[25] == 0 and coloured[25] == 2  # the IHDR colour type: grey, RGB
    grey, rgb = Image.open(io.BytesIO(line_art)), Image.open(io.BytesIO(coloured))
    assert grey.mode == "L" and rgb.mode == "RGB" and grey.size[0] == rgb.size[0] == 320
    pixels = grey.load()
    assert min(pixels[x, y] for x in range(0, 320, 4) for y in range(0, grey.size[1], 4)) < 64  # ink is drawn
    assert rgb.getpixel((160, 120))[0] > 150 > rgb.getpixel((160, 120))[1]  # the red box stays red
