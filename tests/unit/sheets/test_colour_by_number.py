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


def test_no_lone_band_of_one_colour_runs_across_the_sky():
    """The tree's lowest leaves ran from edge to edge over the sky beside its trunk: a green band across the
    picture. A row of one colour from edge to edge is the ground at the bottom or part of a block of such rows
    (the heart's middle)."""
    for pictures in PICTURES.values():
        for name, rows in pictures.items():
            ground = len(rows)
            while ground and len(set(rows[ground - 1])) == 1:
                ground -= 1
            for i, row in enumerate(rows[:ground]):
                if len(set(row)) == 1 and row[0] != "L":  # L, the sky, may fill a row
                    assert row in rows[max(0, i - 1):i] + rows[i + 1:i + 2], (name, i)
