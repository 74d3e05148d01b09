"""Game kinds (the engine: kinds/ here, content/ the learning content, activities.py which game each
catalogue activity is, session.py one game being played).

A kind is one module. It must have
- make_rounds(rng, band, level, n, params) -> list[Round]: n rounds with distinct keys;
- check(round, move, settled) -> Outcome (`settled`: the parts of a match/sort round already done).
It may add, where its rounds differ from a plain question (session.py asks every kind through `Kind`):
- TRIED = "choice": the move's field whose wrong values stay tried for the rest of the round (shown greyed, or
  refused calmly when sent again);
- STEPS_DOWN = False: two misses do not make the next rounds easier (any pick is right);
- NEW_ANSWER_NEXT = True: the next round never has this round's answer (one level's list keeps that by
  itself, a change of level may not);
- FULL_STARS = True: finishing earns 3 stars;
- SHOWN_KEPT = True: what shown_after gives stays in sight above the next round (a sum worked out, to read
  while the next is done); otherwise it is said as the next round begins and not kept (tracing's kind word);
- PARAMS = frozenset({...}): the params a GameSpec may give it (a test checks each spec's, so a misspelt one is
  not ignored silently; the page's own are activities.PAGE_PARAMS);
- shown_after(round, misses) -> str: the answer shown once a child has missed that many times ("" until then),
  and the game goes on;
- may_follow(round, served keys) -> bool: where a round needs another before it (a small letter its capital), or
  may not come straight after one (a second round of one subject);
- own_move(round, move, params, picks) -> move: the move as it is checked (the writing round: the child's own
  words, without the suggested first line);
- kept_pick(round, outcome) -> (slot, words) | None: a pick kept for the rounds after it (the story's hero);
- draw(board, round, settled, params, picks): the kind's own parts of the board the page draws.
A part may be another kind's (count.check is choose.check); test_kind_registry.py lists the borrowings it
expects, so add yours there. A module imports nothing else under these names, and its other public functions
are helpers named in that test too (a hook spelt wrongly would be ignored).

Register the module in KINDS below, under the kind's name (the module is named after it, but for `type`, whose
module is typed.py: `type` is Python's). Then, outside the engine:
- a board key that draw() sets and no kind had before: in session.py's Board, EMPTY_BOARD and board_view (the
  page reads the board as a Board);
- its view in learnsite/pages/game_parts.py game_board()'s rx.match (a kind not listed there draws nothing);
- a GameState handler (learnsite/state/game.py) only if its moves are new; annotate every parameter: the event
  guard (learnsite/guard/) checks each event against its handler's annotations, with no edit there. GameState
  says why a typed number sent again does nothing (SAME_AGAIN); a kind whose TRIED is another field that needs
  words for it adds them there;
- an activity that plays it (games/activities.py): test_activities.py wants every kind in KINDS played;
- its right and wrong moves in tests/unit/games/helpers.py, its name in tests/unit/games/test_activities.py's
  kind sets, its player in tests/browser/test_games.py (keyboard_round(), KEYBOARD_GAMES and, for a kind played
  by taps, click_round()) and a game of it in tests/browser/a11y_pages.py's games of every kind.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, Callable, NamedTuple

from learnsite.games.kinds import choose, count, match, prompt, sort, trace, typed
from learnsite.games.rounds import Outcome, Round


class Kind(NamedTuple):
    """A kind module's parts, the optional ones filled in with their defaults."""

    make_rounds: Callable[..., list[Round]]
    check: Callable[[Round, dict, frozenset[int]], Outcome]
    tried: str | None = None
    steps_down: bool = True
    new_answer_next: bool = False
    full_stars: bool = False
    shown_kept: bool = False
    params: frozenset[str] = frozenset()
    shown_after: Callable[[Round, int], str] | None = None
    may_follow: Callable[[Round, tuple[str, ...]], bool] | None = None
    own_move: Callable[[Round, dict, dict, dict], dict] | None = None
    kept_pick: Callable[[Round, Outcome], tuple[str, str] | None] | None = None
    draw: Callable[[dict, Round, tuple[int, ...], dict, dict], None] | None = None


_CONSTANTS = {"tried": "TRIED", "steps_down": "STEPS_DOWN", "new_answer_next": "NEW_ANSWER_NEXT",
              "full_stars": "FULL_STARS", "shown_kept": "SHOWN_KEPT", "params": "PARAMS"}


def kind_of(module: ModuleType) -> Kind:
    """The Kind a module declares: a constant by its upper-case name, a function by its own."""
    parts: dict[str, Any] = {}
    for field in Kind._fields:
        value = getattr(module, _CONSTANTS.get(field, field), None)
        if value is not None:
            parts[field] = value
    return Kind(**parts)


KINDS: dict[str, Kind] = {
    name: kind_of(module) for name, module in (
        ("choose", choose), ("count", count), ("match", match), ("sort", sort), ("type", typed),
        ("prompt", prompt), ("trace", trace))
}
