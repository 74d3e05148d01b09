import re
from collections import Counter

import pytest

from learnsite.sheets import bonds, checked, counting, pictures
from learnsite.sheets.layout import SheetPdf
from learnsite.sheets.starter import STARTERS

from .support import key_pages, made, page_texts, student_pages

BOND_KEY = re.compile(r"(\d+)\. \[?(\d+)\]? = \[?(\d+)\]? \+ \[?(\d+)\]?")


def test_number_bonds_key_is_right_and_the_sheet_shows_the_other_two_numbers():
    sheet = made(kind="number-bonds", seed=3, low=5, high=20, count=24)
    texts = page_texts(sheet)
    keyed = [m for t in key_pages(texts) for m in BOND_KEY.findall(t)]
    assert len(keyed) == 24
    assert all(bonds.KEY_NOTE in " ".join(t.split()) for t in key_pages(texts))  # what the brackets mean
    assert not any(bonds.KEY_NOTE in " ".join(t.split()) for t in student_pages(texts))
    # each problem on a student page: its number, then the two numbers printed in its circles
    blocks = re.split(r"\n(?=\d+\.\n)", "\n".join(student_pages(texts)))
    shown = {int(b.split(".")[0]): [int(v) for v in re.findall(r"\d+", b.split("\n", 1)[1])][:2]
             for b in blocks if re.match(r"\d+\.\n", b)}
    for (n, whole, left, right), bond in zip(keyed, sheet.plan):
        whole, left, right = int(whole), int(left), int(right)
        assert whole == left + right and 5 <= whole <= 20
        assert (whole, left, right) == (bond.whole, bond.left, bond.right)
        assert shown[int(n)] == bond.shown()
    # the key marks the number the child wrote in the blank circle, and only that one
    lines = [line for t in key_pages(texts) for line in re.findall(r"\d+\. [^\n]*=[^\n]*", t)]
    for line, bond in zip(lines, sheet.plan):
        assert re.findall(r"\[(\d+)\]", line) == [str(bond.answer())], line
        where = {"whole": 0, "left": 1, "right": 2}[bond.missing]
        assert "[" in re.split(r" = | \+ ", line.split(". ", 1)[1])[where], line


def test_number_bonds_do_not_repeat_on_a_sheet_while_the_range_has_new_ones():
    for seed in range(1, 30):
        bonds = made(kind="number-bonds", seed=seed, low=2, high=10, count=20).plan
        assert len({b.question for b in bonds}) == 20
    narrow = made(kind="number-bonds", seed=1, low=2, high=2, count=12).plan  # 2 = 0 + 2, 1 + 1, 2 + 0: repeats
    assert len(narrow) == 12 and {b.question for b in narrow} == {("part", 2, 0), ("part", 2, 1), ("part", 2, 2)}
    assert all(b.whole == 2 == b.left + b.right for b in narrow)


def test_counting_draws_few_objects_big_in_a_small_grid(monkeypatch):
    """A sheet for the youngest (up to 5 objects) scatters them in a 4 x 2 grid (bigger pictures: in 4 x 3 they were
    12 mm in a box 86 mm wide), up to 4 in 3 x 2, up to 10 in 5 x 3; a sheet of up to 20 keeps the 5 x 4 grid.
    Every grid leaves room to scatter."""
    assert counting.grid_for(3) == (3, 2) and counting.grid_for(5) == (4, 2) and counting.grid_for(8) == (4, 3)
    assert counting.grid_for(10) == (5, 3) and counting.grid_for(11) == (5, 4) and counting.grid_for(20) == (5, 4)
    for high in range(1, 21):
        cols, rows = counting.grid_for(high)
        assert cols * rows >= high
    sheet = made(kind="counting", seed=4, low=1, high=5, count=12)
    assert {p.grid for p in sheet.plan} == {(4, 2)}
    assert max(p.answer for p in sheet.plan) <= 5
    assert all(0 <= c < 4 and 0 <= r < 2 for p in sheet.plan for c, r in p.slots)
    sizes = []
    for name in list(pictures.OBJECTS):
        monkeypatch.setitem(counting.OBJECTS, name, lambda pdf, x, y, size: sizes.append(size))
    made(kind="counting", seed=4, low=1, high=5, count=6)
    assert min(sizes) >= 14  # mm
    assert "1. How many" in page_texts(sheet)[0]  # the number beside its question


def test_counting_key_matches_the_objects_drawn(monkeypatch):
    drawn: list[str] = []
    for name in list(pictures.OBJECTS):
        monkeypatch.setitem(counting.OBJECTS, name, lambda *a, _n=name: drawn.append(_n))
    sheet = made(kind="counting", seed=11, low=1, high=20, count=12)
    texts = page_texts(sheet)
    keyed = [m for t in key_pages(texts) for m in re.findall(r"(\d+)\. (\d+) (\w+)", t)]
    assert len(keyed) == 12
    at = 0
    for (n, count, thing), problem in zip(keyed, sheet.plan):
        assert int(count) == problem.answer
        one = problem.answer == 1 and problem.thing != "fish"  # the key says "1 apple"
        assert thing == (problem.thing.removesuffix("s") if one else problem.thing)
        assert drawn[at:at + int(count)] == [problem.thing] * int(count)  # that many of that object, drawn
        at += int(count)
        assert len(set(problem.slots)) == problem.answer
        assert all(0 <= c < problem.grid[0] and 0 <= r < problem.grid[1] for c, r in problem.slots)
    assert at == len(drawn)
    assert "How many" in texts[0]


def test_counting_key_says_one_apple_not_one_apples():
    assert [counting.CountProblem(t, ((0, 0),) * n, (5, 4)).text() for t, n in
            (("apples", 1), ("apples", 3), ("fish", 1), ("fish", 2), ("flowers", 1))] == \
        ["1 apple", "3 apples", "1 fish", "2 fish", "1 flower"]


def test_counting_boxes_go_through_the_range_and_neighbours_differ():
    """'Count to 5' has a box of 4 and one of 5, not only ones, twos and threes; no two boxes in a row have
    the same count or the same picture."""
    for low, high, count in ((1, 5, 6), (1, 10, 12), (8, 20, 12), (1, 3, 10)):
        for seed in range(1, 31):
            plan = made(kind="counting", seed=seed, low=low, high=high, count=count).plan
            answers, things = [p.answer for p in plan], [p.thing for p in plan]
            assert len(plan) == count
            times = [answers.count(n) for n in range(low, high + 1)]
            assert max(times) - min(times) <= 1, (low, high, seed, answers)
            assert all(a != b for a, b in zip(answers, answers[1:])), (low, high, seed, answers)
            assert all(a != b for a, b in zip(things, things[1:])), (low, high, seed, things)
            assert len(set(zip(answers, things))) == count  # no two boxes alike
    narrow = made(kind="counting", seed=1, low=2, high=2, count=8).plan  # 5 pictures of 2: some come again
    assert [p.answer for p in narrow] == [2] * 8 and {p.thing for p in narrow} == set(pictures.OBJECTS)


def test_number_bonds_have_a_zero_part_at_most_once_in_five():
    """7 = 7 + 0 is one fact: now and then on a sheet, not in a quarter of its bonds (as the drills' zeros)."""
    for low, high, count in ((5, 10, 12), (2, 20, 24), (3, 5, 12)):
        for seed in range(1, 31):
            bonds = made(kind="number-bonds", seed=seed, low=low, high=high, count=count).plan
            assert sum(0 in (b.left, b.right) for b in bonds) <= count // 5, (low, high, seed)
            # wholes 3 to 5 hold 9 questions without a 0, and 2 zeros may join them: one comes twice
            assert len({b.question for b in bonds}) == (11 if high == 5 else count), (low, high, seed)


def test_a_number_bond_fact_comes_once_while_the_range_has_others():
    """Not 8 = 3 + 5 twice on a sheet (once with each part blank, or as 8 = 5 + 3) while the range holds facts
    not used yet."""
    for seed in range(1, 31):
        for low, high, count in ((5, 10, 12), (11, 20, 12), (2, 10, 20)):
            bonds = made(kind="number-bonds", seed=seed, low=low, high=high, count=count).plan
            assert len({(b.whole, min(b.left, b.right)) for b in bonds}) == count, (low, high, seed)


def test_number_bonds_vary_their_wholes_and_parts():
    """Not 1 + 8, 1 + 4, 1 + 9, 1 + 7 in a row, nor 8 = 3 + 5 beside 8 = 2 + 6: neighbours differ in the whole
    and in the smaller part, and no smaller part takes more than a third of the sheet (a range of wholes 5-10
    has parts 1 to 5)."""
    for low, high, count in ((5, 10, 12), (2, 10, 20), (11, 20, 12), (5, 20, 24)):
        for seed in range(1, 31):
            bonds = made(kind="number-bonds", seed=seed, low=low, high=high, count=count).plan
            wholes, parts = [b.whole for b in bonds], [min(b.left, b.right) for b in bonds]
            assert all(a != b for a, b in zip(wholes, wholes[1:])), (low, high, seed, wholes)
            assert all(a != b for a, b in zip(parts, parts[1:])), (low, high, seed, parts)
            assert max(parts.count(p) for p in parts) <= count // 3, (low, high, seed, parts)


def test_a_sheet_going_through_its_set_again_does_not_repeat_at_the_seam():
    """Two balls in a row where a narrow range starts its pictures again, or 4 = 1 + 3 beside 4 = 3 + 1."""
    for seed in range(1, 31):
        things = [p.thing for p in made(kind="counting", seed=seed, low=2, high=2, count=8).plan]
        assert all(a != b for a, b in zip(things, things[1:])), (seed, things)
        facts = [b.fact for b in made(kind="number-bonds", seed=seed, low=3, high=4, count=12).plan]
        assert all(a != b for a, b in zip(facts, facts[1:])), (seed, facts)


def test_number_bonds_move_the_blank_circle_about():
    """Not the right-hand circle empty in bond after bond: never the same one three times in a row."""
    for low, high, count in ((5, 10, 12), (2, 10, 20), (11, 20, 24), (10, 10, 12), (10, 10, 20), (20, 20, 20)):
        for seed in range(1, 31):
            blanks = [b.missing for b in made(kind="number-bonds", seed=seed, low=low, high=high, count=count).plan]
            assert all(len(set(blanks[i:i + 3])) > 1 for i in range(count - 2)), (low, high, seed, blanks)


def test_the_number_bonds_to_10_and_20_starters_are_pairs_that_make_10_and_20():
    """A teacher reads "Number bonds to 10" as 3 + 7, 6 + 4: every bond's whole is 10, a part is the blank (an
    empty whole would ask for 10 every time), and no bond comes twice."""
    for key, whole in (("number-bonds-to-10", 10), ("number-bonds-to-20", 20)):
        starter = next(s for s in STARTERS if s.key == key)
        bonds = made(**starter.options.to_dict()).plan
        assert {b.whole for b in bonds} == {whole} and len(bonds) == starter.options.count
        # 10 asks 9 questions without a 0 (1 to 9 shown), and one bond has a 0 part: 12 bonds ask 10 questions
        assert len({b.question for b in bonds}) == min(len(bonds), whole)
        assert all(b.missing != "whole" for b in bonds), key
        assert len({b.fact for b in bonds}) >= 5
        assert len(set(bonds)) == len(bonds), key  # no bond drawn twice


def test_number_bonds_to_5_draws_each_of_its_12_bonds_once():
    """A teacher's review: "Number bonds to 5" drew 5 = 4 + [1] twice (8 bonds without a 0 for 12 places). It has
    exactly 12 bonds, each pair of parts either way round with either part blank: every sheet draws each once, the
    0s among them, however the maker's seed falls."""
    starter = next(s for s in STARTERS if s.key == "number-bonds-to-5")
    every = {bonds.Bond(5, left, 5 - left, blank) for left in range(6) for blank in ("left", "right")}
    for seed in range(1, 201):
        plan = made(**{**starter.options.to_dict(), "seed": seed}).plan
        assert set(plan) == every and len(plan) == 12, seed


def test_a_sheet_of_one_whole_with_too_few_bonds_without_a_0_takes_0s_rather_than_draw_a_bond_twice():
    """10 has 18 bonds without a 0 part (1 + 9 to 5 + 5, either way round, either part blank): a sheet of 20 takes
    more than its one 0 rather than draw two bonds again; 7 has 12, so a sheet of 12 keeps to its one."""
    for whole, count in ((10, 20), (6, 12), (5, 12), (7, 12)):
        for seed in range(1, 41):
            plan = made(kind="number-bonds", seed=seed, low=whole, high=whole, count=count).plan
            assert len(set(plan)) == count, (whole, count, seed)
            assert (sum(0 in (b.left, b.right) for b in plan) <= 1) == (whole == 7), (whole, count, seed)


def test_a_bond_shown_mirrored_is_the_same_question():
    """20 = 17 + [3] and 20 = [3] + 17 show 20 and 17 and want 3: a teacher found the two on "Number bonds to 20".
    On a sheet of one whole, a question comes again only once every other one has come as often (a 0 part has
    its one bond, as on every sheet)."""
    assert bonds.Bond(20, 17, 3, "right").question == bonds.Bond(20, 3, 17, "left").question
    assert bonds.Bond(20, 17, 3, "right").question != bonds.Bond(20, 17, 3, "left").question
    assert bonds.Bond(8, 3, 5, "whole").question == bonds.Bond(8, 5, 3, "whole").question
    for whole, count in ((10, 12), (20, 12), (20, 24), (7, 12)):
        for seed in range(1, 41):
            plan = made(kind="number-bonds", seed=seed, low=whole, high=whole, count=count).plan
            zeros = sum(0 in (b.left, b.right) for b in plan)
            times = Counter(b.question for b in plan if 0 not in (b.left, b.right))
            assert zeros <= 1 and max(times.values()) <= -(-(count - zeros) // (whole - 1)), (whole, count, seed, times)


def test_a_star_stands_on_two_points_with_one_straight_up(monkeypatch):
    """The counting sheets' stars lay on their side, a point to the right (a teacher's review)."""
    drawn = []
    pdf = SheetPdf(checked({"kind": "counting"}), "test")
    pdf.add_page()
    monkeypatch.setattr(pdf, "polyline", lambda points, **_: drawn.extend(points))
    pictures.star(pdf, 50, 50, 20)
    top = min(drawn, key=lambda p: p[1])
    assert abs(top[0] - 50) < 1e-6 and abs(top[1] - 40) < 1e-6  # a point 10 mm (s * 0.5) straight above the middle
    bottom = sorted(drawn, key=lambda p: -p[1])[:2]
    assert abs(bottom[0][1] - bottom[1][1]) < 1e-6  # the two lowest points level: it stands on them


@pytest.mark.parametrize("raw, heading", [
    (dict(kind="number-bonds", low=10, high=10), "Number bonds to 10"),
    (dict(kind="number-bonds", low=5, high=10), "Number bonds: wholes 5 to 10"),
    (dict(kind="counting", low=1, high=5), "Count to 5"),
    (dict(kind="counting", low=8, high=20), "Count to 20: 8 or more in each box"),
])
def test_bonds_and_counting_are_headed_with_their_numbers(raw, heading):
    texts = page_texts(made(**raw))
    assert texts[0].startswith(heading + "\n") and texts[-1].startswith(f"Answer key: {heading}\n")


def test_a_question_asked_again_is_mostly_drawn_the_other_way_round():
    """"Number bonds to 10" had 10 = 7 + [3] twice, drawn alike (77 sheets in 200 had such a pair): with 12 bonds
    a question comes again, and is drawn mirrored (10 = [3] + 7) where the other rules let it. The last bonds of a
    sheet had no fact left to choose from (the starter's 10 = 4 + [6] twice, a teacher's review): now none."""
    alike = 0
    for seed in range(100):
        for whole in (10, 20):
            sheet = bonds.plan(checked(dict(kind="number-bonds", seed=seed, low=whole, high=whole, count=12)))
            alike += any(n > 1 for n in Counter(sheet).values())
    assert alike == 0, alike
