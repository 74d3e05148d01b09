"""A starter's edition: what its PDF is made from, so prestart knows when to make it again."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import fpdf

from learnsite.sheets import starter as starter_module
from learnsite.sheets.starter import STARTERS, edition


def test_an_edition_is_the_same_from_one_start_to_the_next_and_differs_by_options():
    editions = [edition(s) for s in STARTERS]
    assert editions == [edition(s) for s in STARTERS]
    assert len(set(editions)) == len(STARTERS)
    first = STARTERS[0]
    assert edition(replace(first, options=replace(first.options, seed=first.options.seed + 1))) != editions[0]
    assert edition(replace(first, title="Another title")) == editions[0]  # the words are not in the PDF's make


def test_an_edition_reads_every_generator_file_the_fonts_and_fpdf2s_version(monkeypatch):
    read: list[str] = []
    real = Path.read_bytes

    def recording(path):
        read.append(path.as_posix())
        return real(path)

    before = edition(STARTERS[0])
    starter_module._generators.cache_clear()
    monkeypatch.setattr(Path, "read_bytes", recording)
    assert edition(STARTERS[0]) == before
    names = {p.rsplit("/learnsite/", 1)[-1] for p in read}
    assert {"sheets/tracing.py", "sheets/strokes.py", "sheets/layout.py", "sheets/fonts/DejaVuSans-sheets.ttf",
            "variety.py"} <= names
    assert not any("__pycache__" in name for name in names)

    starter_module._generators.cache_clear()
    monkeypatch.setattr(fpdf, "__version__", "0.0.1")
    assert edition(STARTERS[0]) != before
    monkeypatch.undo()
    starter_module._generators.cache_clear()
