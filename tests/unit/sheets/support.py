"""Reading made sheets back as a teacher's printer would see them: text per page."""

from __future__ import annotations

import io

from pypdf import PdfReader

from learnsite.sheets import MadeSheet, checked, make_sheet


def made(**raw) -> MadeSheet:
    return make_sheet(checked(raw))


def page_texts(sheet: MadeSheet) -> list[str]:
    reader = PdfReader(io.BytesIO(sheet.pdf))
    return [page.extract_text() for page in reader.pages]


def key_pages(texts: list[str]) -> list[str]:
    return [t for t in texts if t.startswith("Answer key:")]


def student_pages(texts: list[str]) -> list[str]:
    return [t for t in texts if not t.startswith("Answer key:")]
