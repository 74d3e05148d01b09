"""Worksheet generators: plain Python, seeded and deterministic (same options + seed -> same PDF bytes).

make_sheet(options) plans the content of the chosen kind (problems and answers), then draws it with
fpdf2 (pure Python, vector drawing, TTF subset embedding) into a PDF.

A new kind: a KindSpec in options.KINDS (its options, their bounds and its library tags: the maker page, the
PDF route and the event guard read it) and a module in _MODULES below with plan(options) -> content and
draw(pdf, options, content), and optionally heading(options) -> the sheet's title where it says more than the
kind's label ("The 7 times table"); one module may serve several kinds (drills: addition, subtraction, times
tables and division). A SheetOptionError names the option it is about (its field), and the maker shows it there.
The options a KindSpec can offer are range, count, level, carrying and case (options.py); a kind that needs
another adds it to SheetOptions and checked(), to sheets_api.FIELDS, and a setter and control to
state/sheet_maker.py and pages/sheet_maker.py. The starter library (starter.py STARTERS) lists its sheets by hand, and a change under sheets/ makes the starters
again on the next prestart. tests/unit/sheets/test_options.py and test_sheet_maker_state.py take every kind in turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from learnsite.sheets import bonds, colour_by_number, counting, drills, tracing, word_search
from learnsite.sheets.layout import SheetPdf
from learnsite.sheets.options import KINDS, SheetOptionError, SheetOptions, checked, defaults

__all__ = ["KINDS", "MadeSheet", "SheetOptionError", "SheetOptions", "checked", "defaults", "make_sheet"]

_MODULES = {
    "addition": drills, "subtraction": drills, "multiplication": drills, "division": drills,
    "number-bonds": bonds, "counting": counting,
    "number-tracing": tracing, "letter-tracing": tracing,
    "word-search": word_search, "colour-by-number": colour_by_number,
}


@dataclass(frozen=True)
class MadeSheet:
    options: SheetOptions
    plan: Any  # the kind's problems / puzzle, with their answers
    pdf: bytes
    pages: int

    @property
    def file_name(self) -> str:
        return self.options.file_name()


def make_sheet(options: SheetOptions) -> MadeSheet:
    """The PDF for checked options; SheetOptionError if the options cannot give a sheet."""
    module = _MODULES[options.kind]
    content = module.plan(options)
    # a kind may name each sheet by what it practises ("Addition with carrying: numbers 10 to 99")
    heading = getattr(module, "heading", None)
    pdf = SheetPdf(options, heading(options) if heading else options.spec.label)
    module.draw(pdf, options, content)
    return MadeSheet(options, content, bytes(pdf.output()), pdf.page_no())
