"""A game kind is one module: the engine asks every kind the same way (learnsite.games.kinds.Kind), and
session.py knows no kind by name."""

from __future__ import annotations

import ast
import re
import types

import pytest

from learnsite.games import session as S
from learnsite.games.activities import GAMES, PAGE_PARAMS, GameSpec
from learnsite.games.kinds import KINDS, Kind, kind_of, prompt, typed
from learnsite.games.rounds import REFUSED, Option, Outcome, Round, in_range
from learnsite.variety import picked


def _odd_one_out() -> types.ModuleType:
    """A new kind, written as a module is: tap the one that is not like the others."""
    module = types.ModuleType("learnsite.games.kinds.odd_one_out")

    def make_rounds(rng, band, level, n, params):
        return [Round("odd", f"odd:{i}", f"Which one is different? ({i})", i % 3,
                      options=tuple(Option(str(j)) for j in range(3)), hint="Look again.") for i in range(n)]

    def check(round_, move, settled):
        choice = in_range(move.get("choice"), len(round_.options))
        if choice is None:
            return REFUSED
        return Outcome(True, right=choice == round_.answer, round_done=choice == round_.answer, part=choice,
                       message="" if choice == round_.answer else round_.hint)

    def draw(board, round_, settled, params, picks):
        board["task"] = "Find the odd one out!"

    for function in (make_rounds, check, draw):
        function.__module__ = module.__name__
        setattr(module, function.__name__, function)
    module.TRIED = "choice"
    module.picked = picked  # an import that is no part's name
    return module


@pytest.fixture
def odd_game(monkeypatch):
    monkeypatch.setitem(KINDS, "odd", kind_of(_odd_one_out()))
    monkeypatch.setitem(GAMES, "odd-one-out", GameSpec("odd", "5-6", 5))
    return "odd-one-out"


def test_a_module_declares_its_parts_and_may_borrow_another_kinds():
    module = _odd_one_out()
    kind = kind_of(module)
    assert kind.tried == "choice" and kind.steps_down and not kind.full_stars and not kind.new_answer_next
    assert kind.draw is module.draw and kind.kept_pick is None and kind.shown_after is None
    module.shown_after = typed.shown_after
    assert kind_of(module).shown_after is typed.shown_after
    assert KINDS["count"].check is KINDS["choose"].check
    assert KINDS["type"] == kind_of(typed) and KINDS["type"].shown_after is typed.shown_after
    assert KINDS["type"].shown_kept and not KINDS["trace"].shown_kept and not kind.shown_kept
    assert KINDS["prompt"].full_stars and not KINDS["prompt"].steps_down and KINDS["prompt"].kept_pick


def test_a_new_kind_added_as_one_module_plays_to_its_finish(odd_game):
    s = S.start(odd_game, 5)
    assert S.board_view(s)["task"] == "Find the odd one out!"
    s, fb = S.answer(s, 0, {"choice": 2})  # round 0's odd one is 0
    assert fb.accepted and not fb.right and s.tried == (2,)
    assert S.answer(s, 0, {"choice": 2}) == (s, S.TRIED_ALREADY)
    for n in range(5):
        s, fb = S.answer(s, n, {"choice": S.current_round(s).answer})
        assert fb.right
    assert s.finished and s.stars == 3 and s.first_try == 4  # the first round was missed once: 4 of 5 -> 3 stars


def test_the_session_names_no_kind():
    tree = ast.parse(open(S.__file__, encoding="utf-8").read())
    # compared with, or listed: the board's "prompt" field is a key, not the kind
    asked = [node for node in ast.walk(tree) if isinstance(node, (ast.Compare, ast.Tuple, ast.List, ast.Set))]
    words = {c.value for node in asked for c in ast.walk(node) if isinstance(c, ast.Constant)}
    assert not words & set(KINDS), "session.py asks a kind through KINDS, not by its name"
    assert prompt.__name__ not in {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                                   for alias in node.names}


def test_every_kind_module_part_is_a_kind_field():
    """A hook spelt wrongly would be silently ignored: every public function of a kind module is a part, or a
    helper named in the list below."""
    helpers = {"most", "on", "pair_count", "sizes", "min_words", "writing_task", "first_lines", "own_words",
               "count_words", "plus_hint", "minus_hint", "times_hint", "colour_hint", "chosen_words", "uses", "use_one_of"}
    from learnsite.games import kinds
    for name in KINDS:
        module = getattr(kinds, "typed" if name == "type" else name)
        own = {n for n, v in vars(module).items() if callable(v) and not n.startswith("_") and not isinstance(v, type)
               and getattr(v, "__module__", "") == module.__name__}
        assert own <= set(Kind._fields) | helpers, (name, own - set(Kind._fields) - helpers)


def test_no_kind_module_takes_an_import_for_a_part_by_accident():
    """choose.py imports variety.picked: had a part been called "picked", every choose game would have used it."""
    from learnsite.games import kinds
    borrowed = set()
    for name in KINDS:
        module = getattr(kinds, "typed" if name == "type" else name)
        borrowed |= {(name, part) for part in Kind._fields
                     if callable(value := getattr(module, part, None)) and value.__module__ != module.__name__}
    assert borrowed == {("count", "check")}  # a count is checked as a choice is


def _params_read(path) -> set[str]:
    """The names a module reads from `params` (params["x"], params.get("x"), spec.params.get("x"))."""
    source = open(path, encoding="utf-8").read()
    return set(re.findall(r"params(?:\[|\.get\()\"(\w+)\"", source))


def test_every_game_gives_only_params_its_kind_or_the_page_reads():
    """A misspelt param ("say_option") was ignored without a word: each kind lists what it reads."""
    for activity_id, spec in GAMES.items():
        assert set(spec.params) <= KINDS[spec.kind].params | PAGE_PARAMS, (activity_id, spec.params)


def test_the_params_lists_name_what_the_code_reads():
    from learnsite.games import kinds
    from learnsite.state import game
    for name in KINDS:
        module = getattr(kinds, "typed" if name == "type" else name)
        assert _params_read(module.__file__) - {"rounds"} == KINDS[name].params, name  # rounds: the session's
    assert _params_read(game.__file__) == PAGE_PARAMS


def test_the_banks_are_listed_before_any_is_asked_for():
    """BANKS filled itself on its first missing key: list(BANKS) was [] and "sight_words" in BANKS False till then."""
    import subprocess
    import sys
    out = subprocess.run([sys.executable, "-c", "from learnsite.games.content import BANKS; print(sorted(BANKS))"],
                         capture_output=True, text=True, check=True).stdout
    assert "'sight_words'" in out and "'history_quest'" in out
    missing = {spec.params["bank"] for spec in GAMES.values() if "bank" in spec.params} - set(ast.literal_eval(out))
    assert not missing, f"banks a GameSpec names that learnsite/games/content/__init__.py BANKS does not: {missing}"
