import re

import pytest

from learnsite.sheets.colour_by_number import COLOURS, PICTURES

from .support import key_pages, made, page_texts, student_pages


@pytest.mark.parametrize("level,seed", [(1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1)])
def test_every_numbered_square_gets_its_pictures_colour(level, seed):
    sheet = made(kind="colour-by-number", level=level, seed=seed)
    puzzle = sheet.plan
    rows = PICTURES[level][puzzle.picture]
    texts = page_texts(sheet)
    for text in (student_pages(texts)[0], key_pages(texts)[0]):
        legend = {int(n): colour for n, colour in re.findall(r"(\d+) = ([a-z]+(?: blue)?)", text)}
        assert legend == dict(puzzle.key)
        grid = [list(map(int, ln.split())) for ln in text.splitlines()
                if re.fullmatch(r"(\d+ )+\d+", ln) and len(ln.split()) == len(rows)]
        assert len(grid) == len(rows)
        for printed_row, picture_row in zip(grid, rows):
            assert [legend[n] for n in printed_row] == [COLOURS[ch][0] for ch in picture_row]


def test_the_seed_picks_the_picture():
    assert {made(kind="colour-by-number", level=3, seed=s).plan.picture for s in range(4)} == set(PICTURES[3])
