import re

import pytest

from learnsite.sheets.word_search import DIRECTIONS, LEVEL_DIRECTIONS, SIZES

from .support import key_pages, made, page_texts, student_pages

KEY = re.compile(r"(\w+): row (\d+), column (\d+), (\w+) (\S)")


def _grid_from(text: str, size: int) -> list[str]:
    lines = [ln.replace(" ", "") for ln in text.splitlines()]
    return [ln for ln in lines if len(ln) == size and ln.isalpha() and ln.islower()][:size]


@pytest.mark.parametrize("level,count,seed", [(1, 6, 1), (2, 10, 2), (3, 12, 3), (3, 8, 99)])
def test_every_word_is_in_the_printed_grid_in_the_direction_the_key_claims(level, count, seed):
    sheet = made(kind="word-search", level=level, count=count, seed=seed)
    texts = page_texts(sheet)
    size = SIZES[level]
    grid = _grid_from(student_pages(texts)[0], size)
    assert grid == list(sheet.plan.grid)
    assert _grid_from(key_pages(texts)[0], size) == grid
    listed = student_pages(texts)[0].split("Words to find:")[1].split()
    found = KEY.findall(key_pages(texts)[0])
    assert len(found) == count
    allowed = LEVEL_DIRECTIONS[level]
    for word, row, col, direction, arrow in found:
        assert word in listed
        assert direction in allowed and DIRECTIONS[direction][1] == arrow
        assert arrow in student_pages(texts)[0]  # the sheet names the direction
        (dr, dc), _ = DIRECTIONS[direction]
        r, c = int(row) - 1, int(col) - 1
        assert "".join(grid[r + i * dr][c + i * dc] for i in range(len(word))) == word


def test_level_one_uses_only_across_and_down():
    sheet = made(kind="word-search", level=1, count=8, seed=5)
    assert {p.direction for p in sheet.plan.placements} <= {"across", "down"}
    assert "Words go across → and down ↓." in page_texts(sheet)[0]
