import re

from learnsite.services.worksheets import ALLOWED_CATEGORIES, SKILL_TYPES, SUBJECTS, TITLE_MAX
from learnsite.sheets import checked, counting
from learnsite.sheets.pictures import OBJECTS
from learnsite.sheets.starter import STARTERS
from learnsite.sheets.word_search import DIRECTIONS, LEVEL_DIRECTIONS


def test_the_starter_library_covers_every_category_subject_skill_and_age():
    assert len(STARTERS) >= 24
    assert len({s.key for s in STARTERS}) == len(STARTERS)
    assert {s.category for s in STARTERS} == set(ALLOWED_CATEGORIES)
    assert {s.subject for s in STARTERS} == set(SUBJECTS)
    assert {s.skill_type for s in STARTERS} == set(SKILL_TYPES)
    ages = set()
    for s in STARTERS:
        low, high = map(int, re.search(r"For ages (\d+)-(\d+)\.", s.description).groups())
        ages.update(range(low, high + 1))
        assert len(s.title) <= TITLE_MAX and len(s.key) <= 80
        assert checked(s.options.to_dict()) == s.options  # within the maker's own limits
    assert ages == set(range(3, 11))


NUMBER_WORDS = {"six": 6, "eight": 8, "ten": 10, "twelve": 12, "twenty": 20, "forty": 40}


def test_each_starter_says_only_what_its_sheet_has():
    """A grown-up picks a sheet by its description: the pictures it names are those its boxes draw (not
    'apples, stars and fish' over balls and flowers), and a number of problems or words is the sheet's."""
    for s in STARTERS:
        text = s.description.lower()
        if s.options.kind == "counting":
            named = {thing for thing in OBJECTS if thing in text}
            drawn = {p.thing for p in counting.plan(s.options)}
            assert not named or drawn <= named, (s.key, drawn - named)
        said = [n for word, n in NUMBER_WORDS.items() if re.search(rf"\b{word}\b", text)]
        assert said in ([], [s.options.count]), (s.key, said, s.options.count)


def test_a_word_search_starter_names_only_the_directions_its_words_go():
    """"In every direction" promised 8 ways where the grid uses 5; "forwards, backwards and up" left out down."""
    for s in STARTERS:
        if s.options.kind == "word-search":
            text, used = s.description.lower(), set(LEVEL_DIRECTIONS[s.options.level])
            named = {d for d in DIRECTIONS if re.search(rf"\b{d[:8]}", text)}
            assert "every direction" not in text and named <= used, s.key
            if named & {"backwards", "up"}:  # the hard ways: with the others named too, or how many ways in all
                assert named == used or f"{['two', 'three', 'four', 'five'][len(used) - 2]} ways" in text, s.key
