"""One game being played: start -> public view of the round -> answer -> ... -> finished, 1-3 stars.

The Session holds only small numbers and keys (activity, seed, level, round number...): the rounds
themselves are regenerated from (activity, seed, level), so a seed replays the same game. The public
view never contains a round's answer or hint; `answer` refuses forged moves (another round number, an
option that does not exist, a move after the end) without changing anything, so they cannot earn stars.
"""

from __future__ import annotations

import itertools
import random
from functools import lru_cache
from typing import NamedTuple, TypedDict

from learnsite.games.activities import GAMES, GameSpec
from learnsite.games.kinds import KINDS
from learnsite.games.rounds import EASIER, NORMAL, Round, in_range

SPARE = 4  # extra rounds generated per level, so a step down (or back up) never has to repeat a round
MISSES_BEFORE_STEP_DOWN = 2
RIGHT_BEFORE_STEP_UP = 2  # rounds in a row right at the first try, at the easier level, before it steps back up
# a different opening each try, so a hint repeated after another wrong try is still news (and is read out)
TRY_AGAIN = ("Good try!", "Have another go!", "Keep going!", "You can do it!")  # not "Nearly!" after smoke
CHEERS = ("Great job!", "Well done!", "Super!", "You got it!", "Brilliant!", "Fantastic!", "Hooray!",
          "Amazing!", "Terrific!", "Yes, that's right!")
# a pick for a story: any pick is a good one, and "Yes, that's right!" would say there was a right one
PICKED = ("Great choice!", "Ooh, good one!", "Nice pick!", "Love it!")
MAX_SEED = 2**31 - 1
FRESH_TRIES = 12  # seeds weighed for Play Again (under 1 ms each)


class Session(NamedTuple):
    """Immutable, and a tuple: a state keeps it as it is (Reflex wraps only mutable values in a proxy) and
    the state manager pickles it with the tab's state. New fields go at the end: a game pickled before keeps its
    values in their places."""

    activity_id: str
    seed: int
    level: int = NORMAL  # of the next rounds: down after 2 misses, back up after 2 rounds right at the first try
    round_level: int = NORMAL  # the level the current round was taken from
    index: int = 0  # the current round, 0-based (== number of rounds done)
    pos: int = 0  # where the current round sits in level_rounds(activity, seed, level)
    served: tuple[str, ...] = ()  # keys of the rounds shown so far, the current one included
    misses: int = 0  # wrong moves in the current round
    first_try: int = 0  # rounds finished without a wrong move
    settled: tuple[int, ...] = ()  # match/sort: options already in place this round
    tried: tuple[int, ...] = ()  # choose/count: wrong options already tried this round; type: numbers typed
    picks: tuple[tuple[str, str], ...] = ()  # prompt: (slot, chosen words)
    finished: bool = False
    stars: int = 0
    streak: int = 0  # the last rounds in a row finished without a wrong move


_FIELD_AT = {name: i for i, name in enumerate(Session._fields)}


def _changed(s: Session, **changes) -> Session:
    """s with `changes`, as s._replace(**changes) at about half its cost (one of these per move)."""
    values = list(s)
    for name, value in changes.items():
        values[_FIELD_AT[name]] = value
    return tuple.__new__(Session, values)


class Place(TypedDict):
    """Match: a partner in the right column; sort: a home."""

    label: str
    image: str
    state: str  # match: "done" once its partner is matched
    placed: list[str]  # sort: the pictures of the things already put in this home


class Board(TypedDict):
    """A round as the page shows it: never its answer or its hint."""

    prompt: str
    say: str  # what "Hear it" reads when it is not the prompt itself ("": the prompt is read)
    passage: str  # a story to read first
    pictures: list[str]  # count: one picture per object (the first group of an addition)
    pictures_more: list[str]  # count: the second group of an addition
    container: str  # count: where the first group is ("basket": Addition Fun's apples)
    thing: str  # count: what each picture is ("bee"), its name before it is counted
    options: list[dict[str, str]]  # label, image
    groups: list[Place]
    task: str  # prompt builder: the writing task built from the picks
    min_words: int
    words: list[str]  # prompt builder: the words the writing is to use (Creative Writing's three picked words)
    seconds: int  # typed sums: the clock's length (a friendly clock, nothing is lost when it rings)
    guide: dict  # trace: the dotted letter


EMPTY_BOARD = Board(prompt="", say="", passage="", pictures=[], pictures_more=[], container="", thing="", options=[],
                    groups=[], task="", min_words=0, words=[], seconds=0, guide={})


class Feedback(NamedTuple):
    accepted: bool  # False: refused (forged or stale move); the session did not change
    right: bool = False
    round_done: bool = False
    finished: bool = False
    message: str = ""
    kept: bool = False  # a round done: the message stays in sight over the next round (a cheer, a sum worked out)


REFUSED = Feedback(accepted=False)
# refused too, and why: the move was tried already this round (the page shows an option as tried; a number sent
# again, by a held Enter or a second Check, is no news). The page may say so; it is never another miss.
TRIED_ALREADY = Feedback(accepted=False, message="tried already")


def new_seed() -> int:
    return random.SystemRandom().randint(1, MAX_SEED)


def fresh_seed(activity_id: str, after: Session | None = None) -> int:
    """A new game's seed. After a game of the same activity ("Play Again": new rounds), the one of a few that
    repeats the fewest of its rounds: a bank of 25 questions, 8 a game, repeated 2 or 3 of them from one game to
    the next."""
    if after is None or after.activity_id != activity_id:
        return new_seed()
    seen, rounds = set(after.served), GAMES[activity_id].rounds
    made = level_rounds.__wrapped__  # the seeds not picked stay out of the cache of games being played

    def repeats(seed: int) -> int:
        return sum(r.key in seen for r in made(activity_id, seed, NORMAL)[:rounds])

    return min((new_seed() for _ in range(FRESH_TRIES)), key=repeats)


@lru_cache(maxsize=2048)  # two levels of a game each: a thousand games being played
def level_rounds(activity_id: str, seed: int, level: int) -> tuple[Round, ...]:
    """All rounds a game with this seed can serve at this level (distinct keys, same seed -> same list)."""
    spec = GAMES[activity_id]
    kind = KINDS[spec.kind]
    for n in (spec.rounds + SPARE, spec.rounds):
        try:
            # one stream for both levels: a step down keeps what the game drew first (Reading Comp's story, the
            # order of its questions) and only makes the rounds easier
            rounds = kind.make_rounds(random.Random(f"{activity_id}:{seed}"), spec.band, level, n,
                                      {**spec.params, "rounds": spec.rounds})
        except ValueError:  # the bank holds fewer than rounds + SPARE questions
            continue
        if len(rounds) >= spec.rounds:
            return tuple(rounds)
    raise ValueError(f"{activity_id}: its {spec.kind} rounds gave {len(rounds)} of the {spec.rounds} it plays (a bank "
                     f"needs at least {spec.rounds} questions, ideally {spec.rounds + SPARE})")


def playable(activity_id: str) -> bool:
    spec = GAMES.get(activity_id)
    return spec is not None and spec.kind in KINDS


def start(activity_id: str, seed: int) -> Session:
    if not playable(activity_id):
        raise KeyError(activity_id)
    first = level_rounds(activity_id, seed, NORMAL)[0]
    return Session(activity_id=activity_id, seed=seed, served=(first.key,))


def spec_of(s: Session) -> GameSpec:
    return GAMES[s.activity_id]


def current_round(s: Session) -> Round:
    return level_rounds(s.activity_id, s.seed, s.round_level)[s.pos]


def stars_for(first_try: int, total: int) -> int:
    """1-3 stars from the rounds right at the first try; finishing always earns at least 1."""
    share = first_try / total if total else 0
    return 3 if share >= 0.8 else 2 if share >= 0.5 else 1


def round_shown(s: Session) -> int:
    """The 0-based number of the round on screen (the last one when the game is over)."""
    return min(s.index, spec_of(s).rounds - 1)


def public_view(s: Session) -> dict:
    """What the page may show: never the answer or the hint of a round not yet answered."""
    spec = spec_of(s)
    view = {"activity": s.activity_id, "kind": spec.kind, "band": spec.band, "total": spec.rounds,
            "round": round_shown(s), "finished": s.finished, "stars": s.stars,
            "first_try": s.first_try, "speak": spec.speak, "theme": spec.theme}
    if not s.finished:
        view.update(board_view(s), marks=marks_view(s))
    return view


def board_view(s: Session) -> Board:
    """The round on screen as the page draws it (what public_view adds for a game not yet over)."""
    spec = spec_of(s)
    r = current_round(s)
    board: Board = {"prompt": r.prompt, "say": "" if r.say == r.prompt else r.say, "passage": r.passage,
                    "pictures": list(r.pictures), "pictures_more": [], "container": "", "thing": "",
                    "options": [{"label": label, "image": image} for label, image in r.options],
                    "groups": [{"label": label, "image": image, "state": "", "placed": []}
                               for label, image in r.groups],
                    "task": "", "min_words": 0, "words": [], "seconds": 0, "guide": {}}
    draw = KINDS[spec.kind].draw
    if draw is not None:
        draw(board, r, s.settled, spec.params, dict(s.picks))
    return board


def marks_view(s: Session) -> list[str]:
    """How the page shows each option of the current round: "tried" (a wrong try), "done" (in place) or "".

    Apart from the options themselves, so that a hint sends the page these few words, not every option again.
    The writing round's options are its first lines (extra["lines"] of them), never marked: a tap puts one in
    the writing box."""
    if s.finished:
        return []
    r = current_round(s)
    n = len(r.options) or r.extra.get("lines", 0)
    if not (s.settled or s.tried):
        return [""] * n
    return ["done" if i in s.settled else "tried" if i in s.tried else "" for i in range(n)]


def pickable(s: Session, kind: str, round_no: int, index: int) -> bool:
    """Match or sort, first tap: whether thing `index` of round `round_no` may be picked (this game's kind, the
    round on screen, a thing there and not yet in place). A pick only marks the thing: `answer` checks the move."""
    if s.finished or round_no != s.index or spec_of(s).kind != kind:
        return False
    index = in_range(index, len(current_round(s).options))
    return index is not None and index not in s.settled


def answer(s: Session, round_no: int, move: dict) -> tuple[Session, Feedback]:
    """Check one move of the child in round `round_no` (0-based); a refused move changes nothing."""
    if type(round_no) is not int or round_no != s.index or s.finished or type(move) is not dict:
        return s, REFUSED
    spec = spec_of(s)
    kind = KINDS[spec.kind]
    r = current_round(s)
    if s.tried and move.get(kind.tried) in s.tried:
        return s, TRIED_ALREADY
    if kind.own_move is not None:
        move = kind.own_move(r, move, spec.params, dict(s.picks))
    outcome = kind.check(r, move, frozenset(s.settled))
    if not outcome.accepted:
        return s, REFUSED
    if not outcome.right:
        tried = s.tried + (outcome.part,) if kind.tried else s.tried
        misses = s.misses + 1
        level = EASIER if misses >= MISSES_BEFORE_STEP_DOWN and kind.steps_down else s.level
        s = _changed(s, misses=misses, tried=tried, level=level)
        shown = kind.shown_after(r, misses) if kind.shown_after else ""
        if shown:  # stuck: the answer is shown and the game goes on (no first-try star for this round)
            after = _next_round(s, spec)
            # shown above the next question (learnsite/pages/game_parts.py), which says it has moved on
            return after, Feedback(True, round_done=True, finished=after.finished, message=shown,
                                   kept=kind.shown_kept and not after.finished)
        return s, Feedback(True, message=f"{TRY_AGAIN[(misses - 1) % len(TRY_AGAIN)]} {outcome.message}")
    pick = kind.kept_pick(r, outcome) if kind.kept_pick else None
    if pick is not None:  # a story's hero, place...: any pick is a good one, and kept for the writing task
        s = _changed(s, picks=s.picks + (pick,))
        after = _next_round(s, spec)
        return after, Feedback(True, True, True, after.finished, PICKED[(s.seed + s.index) % len(PICKED)],
                               not after.finished)
    if not outcome.round_done:  # one more pair matched / thing sorted
        return _changed(s, settled=s.settled + (outcome.part,)), Feedback(True, right=True, message=_cheer(s))
    last = s.index + 1 == spec.rounds
    return _next_round(s, spec), Feedback(True, True, True, last, _cheer(s), not last)


def _cheer(s: Session) -> str:
    """Not the cheer just before (a round's last pair and the next round's first were alike, and a screen reader
    heard nothing new): a round's cheers run on from its own place, 7 along from the last round's, which holds for
    rounds of up to 7 moves (match and sort have 5 at most)."""
    return CHEERS[(s.seed + 7 * s.index + len(s.settled)) % len(CHEERS)]


def _next_round(s: Session, spec: GameSpec) -> Session:
    """The session after a round is done: the next round (one not served yet), or the end of the game."""
    index = s.index + 1
    streak = s.streak + 1 if s.misses == 0 else 0
    done = {"index": index, "first_try": s.first_try + (1 if s.misses == 0 else 0), "misses": 0, "settled": (),
            "tried": (), "streak": streak}
    kind = KINDS[spec.kind]
    if index >= spec.rounds:
        stars = 3 if kind.full_stars else stars_for(done["first_try"], spec.rounds)
        return _changed(s, **done, finished=True, stars=stars)
    back_up = s.level == EASIER and streak >= RIGHT_BEFORE_STEP_UP  # the step down did its work
    # what each level's list keeps by itself, a change of level may not: a sum with the answer of the one before,
    # a small letter before its capital (kept where another round is left)
    same = current_round(s).answer if kind.new_answer_next else None
    follows = kind.may_follow
    for strict in (True, False):
        for level in (NORMAL if back_up else s.level, NORMAL, EASIER):
            rounds = level_rounds(s.activity_id, s.seed, level)
            for p in itertools.chain(range(index, len(rounds)), range(min(index, len(rounds)))):
                r, key = rounds[p], rounds[p].key
                if key in s.served or strict and (same is not None and r.answer == same
                                                  or follows is not None and not follows(r, s.served)):
                    continue
                return _changed(s, **done, level=level, round_level=level, pos=p, served=s.served + (key,))
    raise RuntimeError("no unplayed round left")  # pragma: no cover - every level has rounds + SPARE
