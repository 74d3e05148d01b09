"""The game inside an activity page's Game Area.

The engine (learnsite.games) does the work; this state keeps the session small and server-side
(`_session`: activity, seed, level, round number...) and shows only the current round's public view.
Every handler is callable by any client with any payload: each checks the round number and the move
through the engine, which refuses forged moves without changing anything, so they cannot earn stars.
"""

from __future__ import annotations

import logging
import re
from typing import TypedDict

import reflex as rx

from learnsite import whole_numbers
from learnsite.games import session as engine
from learnsite.games.kinds import match, sort
from learnsite.games.session import EMPTY_BOARD
from learnsite.safe_text import inert
from learnsite.state.activity import ActivityState
from learnsite.state.reconnect import connected_again
from learnsite.toast import notify

from learnsite.state.stars import StarsState

log = logging.getLogger("learnsite.games")

READY_MS = 2500  # "Get Ready to Play!"
MAX_TYPED = 3  # digits of an answer (no answer is above 999)
MAX_TEXT = 600  # characters of a child's first lines that are checked; kept in the tab only, never in the database
DIGITS = re.compile(r"\D")
TYPE_FIRST = "Type your answer with the number buttons, then press Check."
SAME_AGAIN = "You tried that number already. Try a different one!"
# the second tap first: "First tap one on the left, then its partner on the right."
FIRST = {kind: f"First {how[:1].lower()}{how[1:]}" for kind, how in (("match", match.HOW), ("sort", sort.HOW))}


def _form_round(form_data) -> int | None:
    """A form's hidden round number: 1-2 digits."""
    return whole_numbers.parse(form_data.get("round"), 2) if isinstance(form_data, dict) else None


class Turn(TypedDict):
    """Where the child is in the game: what changes with every move."""

    round: int  # 0-based; sent back with every move
    feedback: str
    tone: str  # "cheer" or "hint"
    marks: list[str]  # one per option: "", "tried" or "done"
    # The last round's cheer, or its stuck sum worked out, is shown above the question for the whole round (under
    # the answers it was below a phone's number pad, and read as said of the question not yet answered; kept, so
    # the answers do not move under a finger as a hint comes). `after`: the feedback is that same message, read
    # out by the live region under the round when the round begins.
    after: bool
    last: str
    last_tone: str


EMPTY_TURN = Turn(round=0, feedback="", tone="", marks=[], after=False, last="", last_tone="")


class GameState(rx.State):
    """A child of the root state, not of ActivityState, and what a move changes is two vars (board, turn), not
    one per field: each var set costs the framework a type check, a dirty mark, a delta entry and a clean
    (about 20k instructions, bench.instructions). The activity on screen is read when a game starts."""

    _session: engine.Session | None = None  # backend only, never sent to the page
    _covered: Turn | None = None  # what a word on what to do (see _nudge) covers, until the child does it
    _missed: bool = False  # match/sort: the thing still picked has just been put in a wrong place

    playing: bool = False
    finished: bool = False
    kind: str = ""
    total: int = 0
    speak: bool = False  # read instructions aloud at once (pre-readers)
    say_options: bool = False  # the answers are names said one by one, each picture lit as it is said
    hear_answers: bool = False  # Hear it reads the answers after the question (not where hearing them tells)
    hear_first: bool = False  # the question is heard, not read (shown only where the device cannot say it)
    theme: str = ""  # the spec's picture of progress ("rainbow", "tower")
    # A Board and a Turn, declared as plain dicts: Reflex type-checks a TypedDict field on every set and skips
    # that for a dict (a game answer: 673k -> 657k instructions, bench.instructions). The page reads them typed.
    board: dict = EMPTY_BOARD  # the round on screen (a Board), sent once per round
    turn: dict = EMPTY_TURN  # the round number and the last move's feedback (a Turn), sent with every move
    selected: int = -1  # match: the left thing tapped; sort: the thing tapped
    stars: int = 0
    first_try: int = 0  # rounds right at the first try, sent when the game ends (the finish screen shows it)
    best: int = 0  # a signed-in player's best stars for this activity, once saved
    written: str = ""  # the prompt builder: the child's first lines, shown (and printable) on the finish screen

    # ------------------------------------------------------------------ starting

    @rx.event
    async def start_playing(self):
        """ "Start Playing!": a new game (new seed) inside the Game Area."""
        activity = await self._activity()
        if activity is None:
            return None
        self._begin(activity.activity_id)
        # short (the word), and at the foot of the screen: at the top it lay over the game's bar and first
        # question, where a child looks as the game begins (three reviews: phone, whiteboard, the youngest games).
        # A tap on an answer under it goes to the answer
        return notify("Get Ready to Play!", f"{activity.title} is starting. Have fun!", level="success",
                      duration=READY_MS, position="bottom-center", passive=True)

    @rx.event
    async def reset_game(self):
        """on_load: a page opened shows the Start Playing! button, not an old game. Reflex also runs on_load when
        an open page connects again (a phone woken up, the network back): there the game goes on where it was."""
        if self._session is not None and await connected_again(self, self._session.activity_id):
            return
        self._session, self._covered, self._missed = None, None, False
        self._set(playing=False, finished=False, kind="", board=EMPTY_BOARD, turn=EMPTY_TURN, written="")

    @rx.event
    async def play_again(self):
        """The finish screen's "Play Again": new rounds of the game just played. Its session names the activity
        (reset_game ends it as another page opens), so the activity's state is read only when there is none."""
        if self._session is not None:
            self._begin(self._session.activity_id)
            return
        activity = await self._activity()
        if activity is not None:
            self._begin(activity.activity_id)

    async def _activity(self) -> ActivityState | None:
        """The activity on screen, if it is a game."""
        activity = await self.get_state(ActivityState)
        return activity if activity.found and engine.playable(activity.activity_id) else None

    def _begin(self, activity_id: str):
        s = engine.start(activity_id, engine.fresh_seed(activity_id, after=self._session))
        self._session, self._covered, self._missed = s, None, False
        spec = engine.spec_of(s)
        self._set(kind=spec.kind, total=spec.rounds, speak=spec.speak,
                  say_options=bool(spec.params.get("say_options")),
                  hear_answers=bool(spec.params.get("hear_answers")), hear_first=bool(spec.params.get("hear_first")),
                  theme=spec.theme, stars=0, first_try=0,
                  best=0, playing=True, written="")
        self._show(s)
        self._set(turn=Turn(EMPTY_TURN, marks=engine.marks_view(s)))

    def _set(self, **values) -> None:
        """Assign only what changed: an unchanged var is not sent to the page again.

        The current value is read from the instance's own storage, where Reflex keeps it: reading it
        through the var would wrap a list or a dict in a change-tracking proxy only to compare it."""
        held = self.__dict__
        for name, value in values.items():
            if name not in held or held[name] != value:
                setattr(self, name, value)

    def _show(self, s: engine.Session) -> None:
        """The board after a move: the round's content, when it has changed. The game's fixed facts (kind,
        rounds, voice, theme) are set once by _begin, the score only when the game ends."""
        self._set(finished=s.finished, selected=-1)
        if s.finished:
            self._set(stars=s.stars, first_try=s.first_try)
        else:
            self._set(board=engine.board_view(s))

    # ------------------------------------------------------------------ moves

    async def _move(self, round_no: int, move: dict):
        s = self._session  # this tab's game (reset_game, run as every activity page opens, ends an earlier one)
        if s is None:
            return None
        after, fb = engine.answer(s, round_no, move)
        if not fb.accepted:  # forged, stale or repeated: refused calmly, nothing changes
            if fb == engine.TRIED_ALREADY and self.kind == "type":  # a held Enter: say why nothing happens
                self._nudge(round_no, SAME_AGAIN)
            return None
        self._session = after
        if self._missed == (fb.right or fb.round_done):  # set only when it changes (each set is tracked)
            self._missed = not self._missed
        if fb.right or fb.round_done:  # a round done: the next (or the finish); a stuck sum shown, the next too
            self._show(after)
        # else a gentle hint; a tried option is shown as tried, and a thing to match or sort stays picked: the hint
        # is about it ("Look at the colour of the ball..."), and the child's next tap on a partner or home counts
        message = fb.message
        if after.finished:  # after the last sum shown worked out, its answer too
            finish = f"You finished! You earned {after.stars} of 3 stars."
            message = finish if fb.right or not fb.message else f"{fb.message} {finish}"
        tone = "cheer" if fb.right or after.finished else "hint"
        # a cheer, or a stuck sum worked out (not tracing's "That letter was a tricky one": kept over the next
        # letter it only pushed the board down and kept the miss in sight; it is said and shown under it)
        if fb.kept:
            last, last_tone = message, tone
        elif fb.round_done:  # the finish, or a traced letter shown
            last, last_tone = "", ""
        else:
            last, last_tone = self._last()
        self.turn = Turn(round=engine.round_shown(after), feedback=message, tone=tone, marks=engine.marks_view(after),
                         after=fb.kept, last=last, last_tone=last_tone)
        if after.finished:
            await self._save_stars(after)
        return None

    async def _save_stars(self, s: engine.Session) -> None:
        try:
            stars_state = await self.get_state(StarsState)
            best = await stars_state._set_best(s.activity_id, s.stars)
        except Exception:  # the database is away: the child still sees the finish screen
            log.exception("could not save stars")
            return
        self._set(best=best or 0)  # a visitor's 0, or an unchanged best, is not sent again

    @rx.event
    async def choose(self, round_no: int, choice: int):
        """choose, count, and the prompt builder's picks and first lines."""
        return await self._move(round_no, {"choice": choice})

    def _pick(self, kind: str, round_no: int, index: int) -> None:
        """Match or sort, first tap: a thing not yet in place (tap it again to let go; see below). Checked against the
        session: reading `turn` would wrap it and its marks in change-tracking proxies on every tap."""
        s = self._session
        if s is not None and engine.pickable(s, kind, round_no, index):
            # tapped again just after a wrong place, it stays picked: a small child taps the ball again to try it
            # again, and letting it go made the next tap on a T-shirt say "First tap one on the left..."
            again = self._missed and self.selected == index
            if self._missed:
                self._missed = False
            if not again:
                self.selected = -1 if self.selected == index else index
            if self._covered is not None:  # "First tap one on the left..." is done: what it covered comes back
                self.turn, self._covered = self._covered, None

    async def _place(self, kind: str, round_no: int, part: str, place: str, where: int):
        """Match or sort, second tap: where the thing picked first goes."""
        if self.kind != kind:
            return None
        if self.selected < 0:  # the second tap first: say which comes first, rather than do nothing
            self._nudge(round_no, FIRST[kind])
            return None
        return await self._move(round_no, {part: self.selected, place: where})

    def _nudge(self, round_no: int, text: str) -> None:
        """A word on what to do, shown (and read to a pre-reader) as a hint for the round on screen; no try counted."""
        s = self._session
        if s is not None and not s.finished and engine.round_shown(s) == round_no:
            marks = engine.marks_view(s)
            last, last_tone = self._last()
            if self._covered is None:  # a hint after a wrong try stays the child's: kept to show again
                # (the last round's message, read out as this round began, is not given back to be read again)
                after = bool(self.turn.get("after"))
                self._covered = Turn(round=round_no, feedback="" if after else str(self.turn["feedback"]),
                                     tone=str(self.turn["tone"]), marks=list(marks), after=False, last=last,
                                     last_tone=last_tone)
            self.turn = Turn(round=round_no, feedback=text, tone="hint", marks=marks, after=False, last=last,
                             last_tone=last_tone)

    def _last(self) -> tuple[str, str]:
        """The last round's message shown above this round's question (a turn kept from before has none)."""
        turn = self.__dict__.get("turn") or EMPTY_TURN  # not through the var: no change-tracking proxy to read it
        return str(turn.get("last", "")), str(turn.get("last_tone", ""))

    @rx.event
    def match_left(self, round_no: int, left: int):
        """Match, first tap: a thing on the left."""
        self._pick("match", round_no, left)

    @rx.event
    async def match_right(self, round_no: int, right: int):
        """Match, second tap: its partner on the right."""
        return await self._place("match", round_no, "left", "right", right)

    @rx.event
    def sort_item(self, round_no: int, item: int):
        """Sort, first tap: a thing to put away."""
        self._pick("sort", round_no, item)

    @rx.event
    async def sort_group(self, round_no: int, group: int):
        """Sort, second tap: the home it belongs to."""
        return await self._place("sort", round_no, "item", "group", group)

    @rx.event
    async def submit_typed(self, form_data: dict[str, str]):
        """Check: the answer box as the form holds it (typing and the number pad stay in the page)."""
        if self.kind != "type" or not isinstance(form_data, dict):
            return None
        answer, round_no = form_data.get("answer", ""), _form_round(form_data)
        if not isinstance(answer, str) or round_no is None:
            return None
        digits = DIGITS.sub("", answer)[:MAX_TYPED]
        if not digits:  # Check on an empty box: a word on what to do, not a button that seems dead
            self._nudge(round_no, TYPE_FIRST)
            return None
        return await self._move(round_no, {"value": int(digits)})

    @rx.event
    async def submit_text(self, form_data: dict[str, str]):
        """The prompt builder's writing round: the child's own first lines, checked; once they finish the game,
        shown on the finish screen to keep (in this tab only, never in the database)."""
        if self.kind != "prompt":
            return None
        text, round_no = form_data.get("text", "") if isinstance(form_data, dict) else "", _form_round(form_data)
        if not isinstance(text, str) or round_no is None:
            return None
        text, was_finished = text[:MAX_TEXT], self.finished
        result = await self._move(round_no, {"text": text})
        if self.finished and not was_finished:  # this text finished the game (a later, refused one changes nothing)
            self._set(written=inert(text.strip()))
        return result

    @rx.event
    async def submit_trace(self, round_no: int, strokes: list[list[list[int]]]):
        """The tracing canvas's Done: the child's ink for the letter of round `round_no` (a Done pressed again
        while the last ink was checked is that letter's, and is refused: not a miss on the next letter)."""
        if self.kind != "trace":
            return None
        return await self._move(round_no, {"strokes": strokes})
