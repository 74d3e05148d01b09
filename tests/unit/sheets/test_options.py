import io

import pytest
from pypdf import PdfReader

from learnsite.sheets import KINDS, SheetOptionError, checked, defaults, make_sheet

from .support import made, page_texts


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_same_options_and_seed_give_the_same_bytes_and_the_seed_is_in_the_footer(kind):
    first = make_sheet(defaults(kind, seed=1234))
    again = make_sheet(defaults(kind, seed=1234))
    assert first.pdf == again.pdf
    assert f"sheet 1234" in page_texts(first)[0]
    other = make_sheet(defaults(kind, seed=1235))
    if kind not in ("number-tracing", "letter-tracing"):  # tracing rows depend on the range only
        assert other.pdf != first.pdf
    assert first.file_name == f"{KINDS[kind].file_stem}-sheet-1234.pdf"


@pytest.mark.parametrize("paper,size", [("A4", (595, 842)), ("Letter", (612, 792))])
def test_paper_size(paper, size):
    page = PdfReader(io.BytesIO(made(kind="addition", paper=paper).pdf)).pages[0]
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == size


def test_name_line_is_optional():
    assert "Name:" in page_texts(made(kind="subtraction", name_line=True))[0]
    assert "Name:" not in page_texts(made(kind="subtraction", name_line="0"))[0]


@pytest.mark.parametrize("raw,message", [
    (dict(kind="nope"), "choose a kind"),
    (dict(kind="addition", count=101), "between 1 and 100"),
    (dict(kind="addition", count=0), "between 1 and 100"),
    (dict(kind="addition", count="ten"), "whole number"),
    (dict(kind="addition", count=True), "whole number"),
    (dict(kind="addition", seed="²"), "whole number"),  # "²".isdigit() is True; int() refuses it
    (dict(kind="addition", seed="--5"), "whole number"),
    (dict(kind="addition", count="١٢"), "whole number"),  # Arabic-Indic digits
    (dict(kind="addition", high=1000), "between 0 and 999"),
    (dict(kind="addition", low=9, high=3), "must not be larger"),
    (dict(kind="multiplication", high=13), "between 0 and 12"),
    (dict(kind="addition", paper="A3"), "A4 or Letter"),
    (dict(kind="addition", seed=10**6), "sheet number"),
    (dict(kind="addition", seed=-1), "sheet number"),
    (dict(kind="addition", carrying="sometimes"), "Carrying"),
    (dict(kind="letter-tracing", low=0), "between 1 and 26"),
    (dict(kind="letter-tracing", case="title"), "upper, lower or both"),
    (dict(kind="word-search", count=13), "between 3 and 12"),
    (dict(kind="word-search", level=4), "Level"),
    (dict(kind="colour-by-number", name_line="maybe"), "on or off"),
])
def test_limits_are_refused_with_a_clear_message(raw, message):
    with pytest.raises(SheetOptionError, match=message):
        checked(raw)


@pytest.mark.parametrize("raw, field", [
    (dict(kind="addition", high=1000), "range"), (dict(kind="addition", low="x"), "range"),
    (dict(kind="addition", low=9, high=3), "range"), (dict(kind="addition", count=0), "count"),
    (dict(kind="word-search", level=4), "level"), (dict(kind="addition", carrying="sometimes"), "carrying"),
    (dict(kind="addition", seed=-1), "seed"), (dict(kind="nope"), ""),
])
def test_a_refusal_names_the_option_it_is_about(raw, field):
    with pytest.raises(SheetOptionError) as refused:
        checked(raw)
    assert refused.value.field == field


def test_a_hundred_problems_is_allowed():
    sheet = made(kind="addition", count=100, low=0, high=999)
    assert sheet.pages == 5 + 2  # its key's lines ("100. 955 + 474 = 1429") fit three to a row, 75 to a page


@pytest.mark.parametrize("kind, scored", [("subtraction", True), ("word-search", True), ("number-bonds", True),
                                          ("letter-tracing", False), ("colour-by-number", False)])
def test_only_a_sheet_with_answers_to_mark_has_a_score_line(kind, scored):
    first = page_texts(made(kind=kind, name_line=True))[0]
    assert "Name:" in first and "Date:" in first
    assert ("Score:" in first) == scored


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_each_kind_says_the_ages_it_is_for(kind):
    """The maker's kind names ("Addition drill", "Number bonds") said no age (a grandparent's review)."""
    low, high = (int(age) for age in KINDS[kind].ages.split("-"))
    assert 3 <= low < high <= 10
