import re

from learnsite.services.worksheets import ALLOWED_CATEGORIES, SKILL_TYPES, SUBJECTS, TITLE_MAX
from learnsite.sheets import checked
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
