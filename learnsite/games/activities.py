"""Which game each catalogue activity is: kind, age band, rounds and the kind's parameters (data only).

A new activity (SPEC.md fixes the catalogue: change it first): add it to learnsite/catalogue/library.py ACTIVITIES
(with its picture, an SVG in assets/art/activity/) and a GameSpec here; then list it in learnsite/catalogue/home.py
AGE_GROUPS by its id (or the home page has no link to it; a "Today's Special" one goes in home.FEATURED instead;
both take its title from ACTIVITIES) and in the tests that pin the catalogue: tests/unit/
test_catalogue_library.py, tests/unit/test_catalogue_home.py (its ids and each age group's list) and
tests/browser/test_popups.py (each popup's four). A choose game's questions: a bank in learnsite/games/content/,
named in its BANKS. A new kind: learnsite/games/kinds/__init__.py says what it takes.
"""

from __future__ import annotations

from dataclasses import dataclass, field


# params the page reads (learnsite/state/game.py), beside the kind's own (its PARAMS): say each answer with its
# picture lit, read the answers after the question, hear the question rather than read it
PAGE_PARAMS = frozenset({"say_options", "hear_answers", "hear_first"})


@dataclass(frozen=True)
class GameSpec:
    kind: str
    band: str  # "3-4", "5-6", "7-8" or "9-10"
    rounds: int  # 5 to 10
    params: dict = field(default_factory=dict)
    speak: bool = False  # read every instruction aloud at once (pre-readers)
    theme: str = ""  # a picture of the child's progress the page draws, a part per round (THEME_PARTS)
    needs_sound: bool = False  # its questions are sounds: the page tells a deaf child's grown-up before it starts


GAMES: dict[str, GameSpec] = {
    # Ages 3-4: pictures and spoken instructions, up to 5 objects
    "color-matching": GameSpec("match", "3-4", 5, {"pairs": "colours"}, speak=True),
    "shape-sorting": GameSpec("sort", "3-4", 5, {"sets": "shapes", "shapes": ("circle", "square", "triangle")},
                              speak=True),
    "number-counting": GameSpec("count", "3-4", 6, {"groups": 1, "things": ("ball", "bee", "star")}, speak=True),
    "animal-sounds": GameSpec("choose", "3-4", 6, {"bank": "animal_sounds"}, speak=True, needs_sound=True),
    # Ages 5-6: most 5-year-olds cannot read yet, so these speak too
    "letter-tracing": GameSpec("trace", "5-6", 6, speak=True),  # three capitals, each with its small letter
    # the word to find is heard, not printed: a printed one made it a game of matching shapes
    "sight-words": GameSpec("choose", "5-6", 8, {"bank": "sight_words", "hear_first": True, "spread": True},
                            speak=True),
    "addition-fun": GameSpec("count", "5-6", 6, {"groups": 2, "things": ("apple",), "container": "basket"},
                             speak=True),
    "number-friends": GameSpec("match", "5-6", 5, {"pairs": "bonds10"}, speak=True),
    # Ages 7-8
    # their Hear it reads the answers too, each lit as it is said: a weaker reader hears more than the question
    "reading-comp": GameSpec("choose", "7-8", 6, {"bank": "stories", "story_order": True, "hear_answers": True}),
    "math-whiz": GameSpec("type", "7-8", 10, {"mode": "sums", "seconds": 20}),
    "story-starter": GameSpec("prompt", "7-8", 5, {"style": "story", "hear_answers": True}),
    "science-facts": GameSpec("choose", "7-8", 8, {"bank": "science_facts", "hear_answers": True}),
    # Ages 9-10
    "multi-masters": GameSpec("type", "9-10", 10, {"mode": "times", "seconds": 30}, theme="tower"),
    "creative-writing": GameSpec("prompt", "9-10", 5, {"style": "creative", "hear_answers": True}),
    "science-lab": GameSpec("choose", "9-10", 8, {"bank": "science_lab", "hear_answers": True}),
    "history-quest": GameSpec("choose", "9-10", 8, {"bank": "history_quest", "hear_answers": True}),
    # Today's Special Activities
    "rainbow-math": GameSpec("type", "5-6", 7, {"mode": "sums"}, theme="rainbow", speak=True),  # a stripe per sum
    "animal-alphabet": GameSpec("choose", "5-6", 8, {"bank": "animal_alphabet", "say_options": True}, speak=True),
    "shape-safari": GameSpec("choose", "5-6", 6, {"bank": "shape_safari", "spread": True}, speak=True),
}


# the pictures of progress the page can draw, and how many parts each has (a game with one has that many
# rounds): a rainbow's stripes, red to violet; a tower's floors, built one per times-table answer
THEME_PARTS = {"rainbow": 7, "tower": 10}


def facts(activity_id: str) -> list[str]:
    """What a grown-up wants to know before a game starts: for whom, how long, whether it reads aloud, and (for a
    game of sounds) that it is best heard."""
    spec = GAMES.get(activity_id)
    if spec is None:
        return []
    said = [f"Ages {spec.band}", f"{spec.rounds} rounds", "Read aloud" if spec.speak else "Press Hear it to listen"]
    return said + ["Best with sound on"] * spec.needs_sound


def reads_by_itself(activity_id: str) -> bool:
    """A pre-reader's game, which says each question as it comes (its page offers Read aloud's switch first)."""
    spec = GAMES.get(activity_id)
    return bool(spec and spec.speak)


def next_game(activity_id: str) -> str | None:
    """The game after this one for the same ages (in the order above, round again after the last), for the finish
    screen's "Next game"."""
    spec = GAMES.get(activity_id)
    if spec is None:
        return None
    same_ages = [a for a, s in GAMES.items() if s.band == spec.band]
    return same_ages[(same_ages.index(activity_id) + 1) % len(same_ages)]
