"""The site's stylesheets: each class is styled in one place (a second copy drifts from the first)."""

import re
from pathlib import Path

from learnsite.theme import STYLESHEETS

ASSETS = Path(__file__).resolve().parents[2] / "assets"


def top_level_classes(css: str) -> set[str]:
    """Classes a rule of their own styles outside any @media block (".name {")."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found, depth = set(), 0
    for match in re.finditer(r"([^{}]*)\{|\}", css):
        selector = (match.group(1) or "").strip()
        if depth == 0 and re.fullmatch(r"\.[\w-]+", selector):
            found.add(selector)
        depth += 1 if match.group(0).endswith("{") else -1
    return found


def test_every_listed_stylesheet_exists():
    for sheet in STYLESHEETS:
        assert (ASSETS / sheet.lstrip("/")).is_file(), sheet


def test_no_class_has_rules_of_its_own_in_two_stylesheets():
    seen: dict[str, str] = {}
    twice = []
    for sheet in STYLESHEETS:
        for name in top_level_classes((ASSETS / sheet.lstrip("/")).read_text()):
            if name in seen:
                twice.append(f"{name} in {seen[name]} and {sheet}")
            seen.setdefault(name, sheet)
    assert not twice, twice


def test_media_rules_are_not_counted_as_top_level():
    css = ".a { color: red; }\n@media (max-width: 10px) { .b { color: blue; } }\n.c{}\nnav.d { }\n.e .f { }"
    assert top_level_classes(css) == {".a", ".c"}
