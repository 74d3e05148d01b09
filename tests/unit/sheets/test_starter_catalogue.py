import re

from learnsite.services.worksheets import ALLOWED_CATEGORIES, SKILL_TYPES, SUBJECTS, TITLE_MAX
from learnsite.sheets import checked, counting
from learnsite.sheets.pictures import OBJECTS
from learnsite.sheets.starter import STARTERS


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
