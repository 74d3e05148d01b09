"""The game board inside an activity's Game Area, one view per kind. Registers no page.

Every target is a real <button> (Tab, Enter/Space; arrow keys move between the buttons of a group via
/js/games.js), at least 48 px; pictures carry their name for screen readers; feedback is announced by a
polite live region. Match and sort are tap-tap (tap a thing, then its place): no dragging is needed; a thing
picked by keyboard sends the focus on to its partners or homes. Sight Words' word is heard, and shown (#game-heard)
where the device has no voice to say it, where Read aloud is off, or when "Show me the word" is pressed.
"""

from __future__ import annotations

import reflex as rx

from learnsite.games.activities import THEME_PARTS
from learnsite.games.kinds import count, match, sort
from learnsite.games.session import Board
from learnsite.pages.content_parts import back_home_link, fresh
from learnsite.pages.read_aloud import speed_group
from learnsite.state.activity import ActivityState
from learnsite.state.game import MAX_TEXT, MAX_TYPED, GameState, Turn

from components.trace_canvas import trace_canvas

G = GameState
B = GameState.board.to(Board)  # the round on screen
T = GameState.turn.to(Turn)  # the round number, the last move's feedback, the marks
NEXT = ActivityState.next_game  # the finish screen's next game for the same ages: id, title, image
STUCK = "Stuck? Start with one of these, then keep writing:"  # above the first lines of a writing game


def _option_class(base: str, state, selected=False) -> rx.Var:
    return rx.cond(
        state == "done", f"{base} is-done",
        rx.cond(state == "tried", f"{base} is-tried", rx.cond(selected, f"{base} is-selected", base)),
    )


def _picture_or_label(item) -> rx.Component:
    return rx.cond(
        item["image"] != "",
        rx.el.img(src=item["image"], alt="", class_name="game-option-picture", width="96", height="96"),
        fresh(item["label"], class_name="game-option-label"),
    )


def _choice_buttons(on_pick, label: str = "Answers", class_name: str = "game-options") -> rx.Component:
    """choose / count / prompt picks: one button per option; a tried one is greyed, never red."""
    return rx.el.div(
        rx.foreach(B.options, lambda opt, i: rx.el.button(
            _picture_or_label(opt),
            rx.cond(T.marks[i] == "tried", rx.el.span(" (tried)", class_name="sr-only")),
            type="button",
            aria_label=rx.cond(T.marks[i] == "tried", opt["label"] + " (tried)", opt["label"]),
            # not disabled: a disabled button lost the focus, which jumped to the first answer left (maybe the right
            # one, read out before the hint); a tried one keeps it, and games.js lets its taps go nowhere
            aria_disabled=rx.cond(T.marks[i] != "", "true", "false"),
            class_name=_option_class("game-option", T.marks[i]),
            on_click=on_pick(T.round, i),
            data_first=rx.cond(i == 0, "true", "false"), data_label=opt["label"],
        )),
        role="group", aria_label=label, class_name=class_name, data_arrows="true",
    )


def _prompt_heading(sums: bool = False) -> rx.Component:
    # focused each round: a screen reader hears the question, then which round it is; a sum to type ("6 − 6 = ?",
    # not a word problem) is marked, and drawn big
    marks = {"data_sum": rx.cond(B.prompt.contains("="), "true", None)} if sums else {}
    return rx.el.h3(fresh(B.prompt), class_name="game-prompt", id="game-prompt", tab_index=-1,
                    aria_describedby="game-round", **marks)


def _spoken() -> rx.Var:
    """What "Hear it" reads: the round's own words for the ear, else its prompt (the board's say)."""
    return rx.cond(B.say != "", B.say, B.prompt)


def _toggle(switch: str, label: str, on_icon: str, off_icon: str, element_id: str = "",
            label_class: str = "game-hear-label", pressed: str = "true", **props) -> rx.Component:
    """A grown-up's on/off switch kept on this device: the page's script owns aria-pressed (`pressed` until it
    says) of every button of that switch (data-switch), in the game's bar and on the Game Area before the game
    starts."""
    return rx.el.button(
        rx.el.span(rx.icon(on_icon, size=20), class_name="game-toggle-on", aria_hidden="true"),
        rx.el.span(rx.icon(off_icon, size=20), class_name="game-toggle-off", aria_hidden="true"),
        rx.el.span(label, class_name=label_class),
        type="button", class_name="game-hear game-toggle", id=element_id or switch, aria_pressed=pressed,
        data_switch=switch, **props,
    )


def _voice_toggle(**where) -> rx.Component:
    """A pre-reader's game reads by itself; a grown-up may turn that off (games.js; Hear it, Read it to me and the
    rest still speak when pressed)."""
    return _toggle("game-voice", "Read aloud", "message-circle", "message-circle-off", **where)


def _sounds_toggle(**where) -> rx.Component:
    """Every game's little sounds (a chime for a right answer, a soft one for a hint, a fanfare at the finish),
    made by game_sounds.js; a grown-up may turn them off."""
    return _toggle("game-sounds", "Sounds", "bell", "bell-off", **where)


CALM_SAYS = "Calm: a chime only when a round is done, no cheers read aloud, nothing pops or slides."
CALM_NOTE_ID = "game-calm-note"


def _calm_toggle(**where) -> rx.Component:
    """Off until a grown-up turns it on (kept on this device, like the others), before the game or in its bar: for
    a child whom lively praise and motion upset, a game goes quietly. A chime only when a round is done (none for a
    hint, a pair, a counted thing, and no fanfare at the finish), no cheer said aloud (the questions and hints
    still are), and nothing pops, lands, grows or slides (game_sounds.js, games.js, games.css). The words of praise
    on screen stay as they are: a screen reader needs each one to differ from the one before. Off (lively) shows
    sparkles: a dashed leaf beside the crossed-out bell of Sounds off read as one more quiet thing."""
    return _toggle("game-calm", "Calm", "leaf", "sparkles", pressed="false", title=CALM_SAYS, **where)


def _slow_toggle(**where) -> rx.Component:
    """Off until a grown-up turns it on (kept on this device), before the game or in its bar: everything the game
    says, said slower (0.7 of the voice's speed, as the books' Slow). A child learning English, or one who hears
    only slow, clear speech, had the questions at one speed; Reading Comp's story keeps its own Reading speed."""
    # a snail on or off (off dashed, as every switch off): a rabbit for "not slow" read as "fast" to a grandparent
    return _toggle("game-slow", "Slow voice", "snail", "snail", pressed="false", **where)


def switches_before_start(reads_by_itself: rx.Var) -> rx.Component:
    """The same switches, named, beside "Start Playing!": a pre-reader's game says its first question the moment it
    starts, and a grown-up of a child whom sudden sounds upset could only turn them off once they had begun."""
    start = {"label_class": "game-switch-label"}
    return rx.el.div(
        _sounds_toggle(element_id="game-sounds-start", **start),
        rx.cond(reads_by_itself, _voice_toggle(element_id="game-voice-start", **start)),
        _slow_toggle(element_id="game-slow-start", **start),
        _calm_toggle(element_id="game-calm-start", aria_describedby=CALM_NOTE_ID, **start),
        # said on screen too: a tooltip is never seen on a phone or tablet
        rx.el.p(CALM_SAYS, id=CALM_NOTE_ID, class_name="game-switch-note"),
        role="group", aria_label="Sounds for this game", class_name="game-start-switches",
    )


def _clock_toggle() -> rx.Component:
    """The typed sums' friendly clock (Math Whiz, Multi Masters): nothing is lost when it rings, but a child it
    hurries, or one who needs longer, can have it hidden (games.css hides the clock row while it is off)."""
    return _toggle("game-clock", "Clock", "timer", "timer-off")


def _hear_button() -> rx.Component:
    """Reads the instruction aloud with the device's own voices (games.js; nothing leaves the device)."""
    return rx.el.button(
        rx.icon("volume-2", size=22, aria_hidden="true"), rx.el.span("Hear it", class_name="game-hear-label"),
        type="button", class_name="game-hear game-hear-question", data_say=_spoken(), data_hear="question",
        aria_label=rx.cond(G.hear_answers | G.say_options, "Hear it: the question and answers read aloud",
                           "Hear it: the question read aloud"),
    )


def choose_view() -> rx.Component:
    return rx.fragment(
        rx.cond(B.passage != "", rx.el.div(
            rx.el.div(
                # a new story takes the focus first (games.js), so a screen reader reads it before its questions
                rx.el.h3("Read the story", class_name="game-passage-title", id="game-story", tab_index=-1),
                # a child who needs it may hear the story (the questions still ask what it says)
                rx.el.div(
                    rx.el.button(rx.icon("volume-2", size=18, aria_hidden="true"), "Read it to me", type="button",
                                 class_name="game-hear game-hear-small", data_say=B.passage, data_hear="story"),
                    # as a storybook's: a reader who needs it slower has it (games.js owns aria-pressed)
                    speed_group("data-story-speed"),
                    class_name="game-passage-read"),
                class_name="game-passage-head"),
            rx.el.p(B.passage, class_name="game-passage-text"),
            class_name="game-passage", role="region", aria_label="Story")),
        _prompt_heading(),
        # what to look for, drawn (Shape Safari's shape as an outline): a child who cannot read, on a muted phone,
        # had only the words (the question names it: the picture is decoration to a screen reader)
        rx.cond(B.pictures.length() > 0, rx.el.div(
            rx.foreach(B.pictures, lambda p: rx.el.img(src=p, alt="", width="72", height="72", class_name="game-cue")),
            class_name="game-cues")),
        # a word to find by ear, shown where the device has no voice to say it, where Read aloud is off, or when
        # asked for (games.js; no children for React): a child playing on a muted phone could only guess
        rx.el.p(id="game-heard", class_name="game-heard", tab_index=-1),
        # ... and a game of names (Animal Alphabet) shows each name on its picture in the same cases: a child who
        # cannot hear the voice (deaf, a muted tablet, no English voice) had only pictures of animals to name
        rx.cond(G.hear_first | G.say_options, rx.el.button(
            rx.icon("eye", size=18, aria_hidden="true"), rx.cond(G.hear_first, "Show me the word", "Show me the names"),
            type="button", id="game-see", class_name="game-hear game-hear-small")),
        _choice_buttons(G.choose),
    )


def _objects(pictures, label, class_name="game-objects") -> rx.Component:
    """The things to count: each one its own button, so a screen reader counts them one by one too (a single
    label saying how many would give the answer away). A tap marks one with its number and says it (games.js)."""
    return rx.el.div(
        rx.foreach(pictures, lambda p: rx.el.button(
            rx.el.img(src=p, alt="", class_name="game-object", width="64", height="64"),
            # not "one to count": a child hears "one" as a number (games.js names a counted one "1, counted"). The
            # thing first: a voice-control user says what they see ("click bee")
            type="button", class_name="game-count-object", aria_label=B.thing + ", not counted yet")),
        class_name=class_name, role="group", aria_label=label,
    )


def count_view() -> rx.Component:
    in_basket = B.container == "basket"
    return rx.fragment(
        _prompt_heading(),
        rx.el.p(count.HOW, class_name="game-instruction"),
        rx.cond(
            B.pictures_more.length() > 0,
            # two groups to add, each in a tray of its own (or the basket), so they read as two even when wrapped
            rx.el.div(_objects(B.pictures, rx.cond(in_basket, "In the basket", "Things to count"),
                               rx.cond(in_basket, "game-objects game-tray game-basket", "game-objects game-tray")),
                      # the plus goes with the group it adds: on a phone it hung at the end of the basket's line
                      rx.el.div(rx.el.span("+", class_name="game-plus", aria_hidden="true"),
                                _objects(B.pictures_more, "More to count on", "game-objects game-tray"),
                                class_name="game-sum-more"),
                      class_name="game-sum"),
            _objects(B.pictures, "Things to count"),
        ),
        _choice_buttons(G.choose, class_name="game-options game-numbers"),
    )


def _pair_button(item, mark, i, on_pick, selected=None) -> rx.Component:
    """A thing to match or sort (a toggle: `selected` is whether it is picked), or a partner (selected=None: a plain
    button; one always "not pressed" was read as a toggle that never toggles)."""
    toggle = selected is not None
    pressed = {"aria_pressed": rx.cond(selected, "true", "false")} if toggle else {}
    return rx.el.button(
        _picture_or_label(item),
        rx.cond(mark == "done", rx.icon("check", size=20, class_name="game-done-mark", aria_hidden="true")),
        type="button", aria_label=rx.cond(mark == "done", item["label"] + " (matched)", item["label"]),
        disabled=mark == "done", class_name=_option_class("game-option", mark, selected if toggle else False),
        **pressed,
        on_click=on_pick(T.round, i),
    )


def _instruction(how: str, then: str) -> rx.Component:
    """How to play; after a first tap, what to tap next (games.js reads that to a pre-reader)."""
    picked = G.selected >= 0
    said = rx.cond(picked, then, how)
    return rx.el.p(fresh(said), class_name="game-instruction", data_picked=rx.cond(picked, "true", "false"),
                   data_text=said)


def match_view() -> rx.Component:
    return rx.fragment(
        _prompt_heading(),
        _instruction(match.HOW, match.THEN),
        rx.el.div(
            rx.el.div(rx.foreach(B.options,
                                 lambda o, i: _pair_button(o, T.marks[i], i, G.match_left, G.selected == i)),
                      role="group", aria_label="Things to match", class_name="game-column", data_arrows="true"),
            rx.el.div(rx.foreach(B.groups, lambda o, i: _pair_button(o, o["state"], i, G.match_right)),
                      role="group", aria_label="Partners", class_name="game-column", data_arrows="true"),
            class_name="game-match",
        ),
    )


def sort_view() -> rx.Component:
    return rx.fragment(
        _prompt_heading(),
        _instruction(sort.HOW, sort.THEN),
        # a thing in place leaves the row (its button is disabled, then hidden) and is drawn inside its home
        rx.el.div(rx.foreach(B.options, lambda o, i: _pair_button(o, T.marks[i], i, G.sort_item, G.selected == i)),
                  role="group", aria_label="Things to sort", class_name="game-options game-sort-things",
                  data_arrows="true"),
        rx.el.div(rx.foreach(B.groups, _home), role="group", aria_label="Homes", class_name="game-homes",
                  data_arrows="true"),
    )


def _home(home, i) -> rx.Component:
    inside = home["placed"].length()
    return rx.el.button(
        rx.el.img(src=home["image"], alt="", class_name="game-option-picture", width="96", height="96"),
        rx.el.span(home["label"], class_name="game-option-label"),
        rx.el.span(rx.foreach(home["placed"], lambda src: rx.el.img(
            src=src, alt="", class_name="game-placed-picture", width="48", height="48")),
            class_name="game-placed", aria_hidden="true"),
        # never disabled: tapped before a shape, it says "First tap a shape, then tap its home."
        type="button", class_name="game-home", on_click=G.sort_group(T.round, i),
        # what is inside, as a screen reader hears it: "Circle home, 2 inside"
        aria_label=home["label"] + rx.cond(inside > 0, ", " + inside.to_string() + " inside", ""),
    )


PAD = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "back", "0", "clear")


def _pad_key(key: str) -> rx.Component:
    label = {"back": "Delete", "clear": "Clear"}.get(key, key)
    # an eraser, not an x: beside times-table sums an x would read as "times"
    face = {"back": rx.icon("delete", size=22, aria_hidden="true"),
            "clear": rx.icon("eraser", size=22, aria_hidden="true")}.get(key, key)
    # handled in the page by games.js (no round trip per key); only Check goes to the server
    return rx.el.button(face, type="button", aria_label=label, class_name="game-key", data_key=key)


CLOCK_DONE = "Time's up! No rush: you can still answer."


def _clock() -> rx.Component:
    """A friendly clock: it empties over the round, then says that nothing is lost (it used to stop with no
    word, and a child wondered what had gone wrong). Both start again with each round (keyed by it)."""
    seconds = B.seconds.to_string() + "s"
    return rx.el.div(
        rx.el.div(rx.el.div(class_name="game-clock-fill", style={"animation_duration": seconds}),
                  class_name="game-clock"),
        rx.el.p(CLOCK_DONE, class_name="game-clock-done", style={"animation_delay": seconds}),
        key=T.round.to_string(), class_name="game-clock-row", aria_hidden="true")


def type_view() -> rx.Component:
    return rx.fragment(
        _prompt_heading(sums=True),
        rx.cond(B.seconds > 0, _clock()),
        rx.el.form(
            rx.el.input(type="hidden", name="round", value=T.round.to_string()),
            rx.el.label("Your answer", html_for="game-answer", class_name="sr-only"),
            rx.el.input(id="game-answer", name="answer", key="answer-" + T.round.to_string(),
                        input_mode="numeric", pattern="[0-9]*", auto_complete="off", class_name="game-answer",
                        max_length=MAX_TYPED, placeholder="?", aria_describedby="game-prompt"),
            rx.el.button(rx.icon("check", size=22, aria_hidden="true"), "Check", type="submit",
                         class_name="content-button game-check"),
            on_submit=G.submit_typed, reset_on_submit=False, class_name="game-answer-row",
        ),
        rx.el.div(*[_pad_key(k) for k in PAD], role="group", aria_label="Number pad", class_name="game-pad",
                  data_arrows="true"),
        # what the pad has typed, said after each key (the focus stays on the key; games.js fills it)
        rx.el.p(id="game-typed", key="typed-" + T.round.to_string(), aria_live="polite", class_name="sr-only"),
    )


def prompt_view() -> rx.Component:
    return rx.fragment(
        _prompt_heading(),
        rx.cond(
            B.task != "",
            rx.fragment(
                rx.el.p(B.task, class_name="game-task", id="game-task"),
                rx.el.form(
                    rx.el.input(type="hidden", name="round", value=T.round.to_string()),
                    rx.el.label(fresh("Write your first lines (at least " + B.min_words.to_string() + " words)"),
                                html_for="game-writing", class_name="game-writing-label"),
                    rx.el.textarea(id="game-writing", name="text", max_length=MAX_TEXT, rows=4,
                                   class_name="game-writing", aria_describedby="game-task game-word-count"),
                    # "3 of 10 words of your own", written by games.js as the child types (no children: React
                    # has nothing here to redraw over it)
                    rx.el.p(id="game-word-count", class_name="game-word-count", data_least=B.min_words,
                            data_words=B.words.join(",")),
                    rx.el.button(rx.icon("pencil", size=20, aria_hidden="true"), "I'm done!", type="submit",
                                 class_name="content-button"),
                    on_submit=G.submit_text, reset_on_submit=False, class_name="game-writing-form",
                ),
                rx.el.p(STUCK, id="game-stuck", class_name="game-instruction", data_text=STUCK),
                _first_lines(),
            ),
            _choice_buttons(G.choose, "Choices"),
        ),
    )


def _first_lines() -> rx.Component:
    """Suggested first lines: a tap puts one at the top of the writing box (games.js), where the child goes on;
    it does not end the game."""
    return rx.el.div(
        rx.foreach(B.options, lambda opt: rx.el.button(fresh(opt["label"]), type="button", data_text=opt["label"],
                                                       class_name="game-option game-first-line")),
        role="group", aria_label="First lines", class_name="game-options", data_arrows="true",
    )


def trace_view() -> rx.Component:
    return rx.fragment(
        _prompt_heading(),
        # key: a fresh canvas per letter, so nothing of the last letter's ink or pen carries over
        # the ink goes with its round: a Done pressed again as the next letter came is refused, not a miss on it
        trace_canvas(B.guide, on_done=lambda strokes: G.submit_trace(T.round, strokes),
                     reset_key=T.round.to_string(), id="game-trace", key="trace-" + T.round.to_string()),
    )


def _stars_row(count) -> rx.Component:
    return rx.el.p(
        # an earned star is filled, one still to win an outline (☆, as the stars badge): not by colour alone
        rx.foreach(rx.Var.range(3), lambda i: rx.cond(
            i < count,
            rx.el.span("★", class_name="game-star is-earned", aria_hidden="true"),
            rx.el.span("☆", class_name="game-star", aria_hidden="true"))),
        role="img", aria_label=count.to_string() + " of 3 stars", class_name="game-stars",
    )


def finish_view() -> rx.Component:
    return rx.el.div(
        rx.el.h3("You did it!", class_name="game-prompt", id="game-prompt", tab_index=-1),
        _stars_row(G.stars),
        rx.cond(
            G.kind == "prompt",
            rx.fragment(
                rx.el.p("What a great start! Write the rest on paper, or tell a friend how it goes on.",
                        class_name="game-instruction"),
                rx.cond(G.written != "", _written()),
            ),
            rx.el.p(rx.cond(G.first_try > 0,
                            G.first_try.to_string() + " of " + G.total.to_string() + " right at the first try.",
                            # not "0 of 8": a child who kept going to the end hears that first
                            "You finished all " + G.total.to_string() + " rounds! Play again to win more stars."),
                    class_name="game-instruction"),
        ),
        rx.cond(G.best > 0, rx.el.p("Your best so far: " + G.best.to_string() + " of 3 stars",
                                    class_name="game-instruction")),
        rx.el.div(
            rx.el.button(rx.icon("rotate-ccw", size=20, aria_hidden="true"), "Play Again", type="button",
                         class_name="content-button content-button-big", on_click=G.play_again,
                         data_first="true", data_again="true"),
            # another game for the same ages, for a child who wants more
            rx.cond(NEXT["id"] != "", rx.el.a(
                # its picture, for a child who cannot read its name yet (the name says it: no alt text)
                rx.el.img(src=NEXT["image"], alt="", width="48", height="36", class_name="game-next-picture"),
                "Next game: " + NEXT["title"], rx.icon("arrow-right", size=20, aria_hidden="true"),
                href="/activity/" + NEXT["id"], class_name="content-button content-button-soft")),
            back_home_link(),  # the page's own has scrolled away above the board: a grown-up's way out
            class_name="game-finish-actions"),
        class_name="game-finish",
    )


PAPER_LINES = 22  # ruled lines under the child's first lines on the printed page, to write the rest on


def _written() -> rx.Component:
    """The child's first lines, to keep: "Print my writing" prints them alone, over lines to go on writing
    (games.js calls the browser's print; games.css hides the rest of the page on paper)."""
    return rx.el.section(
        rx.el.h4("Your first lines", class_name="game-written-title"),
        rx.el.p(B.task, class_name="game-written-task"),  # on paper only: what the story is to be about
        rx.el.p(G.written, class_name="game-written-text"),
        rx.el.div(*[rx.el.div(class_name="game-paper-line") for _ in range(PAPER_LINES)],
                  class_name="game-paper", aria_hidden="true"),
        rx.el.button(rx.icon("printer", size=20, aria_hidden="true"), "Print my writing", type="button",
                     class_name="content-button content-button-soft", data_print="true"),
        # before Play Again takes the lines away, a word (games.js; no children for React)
        rx.el.p(id="game-again-note", class_name="game-instruction game-again-note", role="status"),
        class_name="game-written", aria_label="Your first lines",
    )


def _rounds_done():
    return rx.cond(G.finished, G.total, T.round)


def _progress() -> rx.Component:
    done = _rounds_done()
    return rx.el.div(
        # "1 of 6" kept together: on a phone the line breaks after "Round"
        rx.el.p(rx.cond(G.finished, "All done!", rx.fragment(
                    "Round ", fresh((T.round + 1).to_string() + " of " + G.total.to_string(),
                                    class_name="game-round-count"))),
                class_name="game-round", id="game-round"),
        rx.el.div(rx.el.div(class_name="game-progress-fill",
                            style={"width": (done * 100 / rx.cond(G.total > 0, G.total, 1)).to_string() + "%"}),
                  class_name="game-progress", role="progressbar", aria_label="Rounds done",
                  aria_valuemin=0, aria_valuemax=G.total, aria_valuenow=done,
                  aria_valuetext=done.to_string() + " of " + G.total.to_string()),  # read as a percentage without
        class_name="game-top",
    )


def _part_class(base: str, i: int) -> rx.Var:
    return rx.cond(_rounds_done() > i, f"{base} part-{i} is-done", f"{base} part-{i}")


def _rainbow() -> rx.Component:
    """Rainbow Math: a stripe is painted for each sum done (solved, or shown worked out), outermost (red) first."""
    stripes = [rx.el.svg.path(d=f"M {8 + i * 11} 100 A {92 - i * 11} {92 - i * 11} 0 0 1 {192 - i * 11} 100",
                              class_name=_part_class("game-stripe", i)) for i in range(THEME_PARTS["rainbow"])]
    return rx.el.svg(*stripes, view_box="0 0 200 104", class_name="game-rainbow", role="img",
                     aria_label="Rainbow: " + _rounds_done().to_string() + " of " + G.total.to_string()
                     + " stripes painted")


def _tower() -> rx.Component:
    """Multi Masters: a floor is built for each sum done, from the ground up; a flag flies on the finished tower."""
    floors = THEME_PARTS["tower"]
    parts = [rx.el.svg.rect(x=20 + i * 2, y=150 - (i + 1) * 13, width=80 - i * 4, height=11, rx=3,
                            class_name=_part_class("game-floor", i)) for i in range(floors)]
    top = 150 - floors * 13
    flag = rx.el.svg.path(d=f"M 60 {top} L 60 {top - 18} L 76 {top - 13} L 60 {top - 8}",
                          class_name=rx.cond(G.finished, "game-flag is-done", "game-flag"))
    return rx.el.svg(rx.el.svg.rect(x=8, y=150, width=104, height=6, rx=3, class_name="game-ground"), *parts, flag,
                     view_box=f"0 {top - 22} 120 {156 - top + 24}", class_name="game-tower", role="img",
                     aria_label="Tower: " + _rounds_done().to_string() + " of " + G.total.to_string()
                     + " floors built")


def _feedback_class(base: str, tone=T.tone) -> rx.Var:
    return rx.cond(tone == "hint", f"{base} is-hint", f"{base} is-cheer")


def _last_round() -> rx.Component:
    """The round just done, seen with the next: a stuck sum worked out, above the question all round, or a cheer
    over the game's bar, which fades (games.css). Under the answers the first was out of sight below a phone's
    number pad, and a cheer read as said of the question not yet answered. Seen only: the live region under the
    round reads it out as the round begins (and games.js says it with the question)."""
    # remade each round (its key), so that each round's cheer fades afresh. Hidden from screen readers while the
    # live region under the round holds the same words; a worked answer, still shown after, is theirs to read then
    return rx.el.p(rx.cond(T.last != "", fresh(T.last)), class_name=_feedback_class("game-last", T.last_tone),
                   aria_hidden=rx.cond(T.after | (T.last_tone != "hint"), "true", "false"),
                   key=T.round.to_string() + T.last)


def game_board() -> rx.Component:
    return rx.el.div(
        rx.el.div(_progress(), _sounds_toggle(), rx.cond(G.speak, _voice_toggle()),
                  # Calm's and Slow voice's names are read, not shown, here: they were set and named before the
                  # game started, and a fourth named switch pushed Hear it to a line of its own on a projector.
                  # Slow is here too for the child who finds, a question in, that the voice goes too fast.
                  rx.cond(B.seconds > 0, _clock_toggle()), _calm_toggle(label_class="sr-only"),
                  _slow_toggle(label_class="sr-only"),
                  rx.cond(~G.finished & (B.prompt != ""), _hear_button()), class_name="game-bar"),
        # said when Hear it (or Read it to me) is pressed on a device with no voice (games.js; no children for React)
        rx.el.p(id="game-voice-note", class_name="game-voice-note", aria_live="polite"),
        _last_round(),
        rx.match(G.theme, ("rainbow", _rainbow()), ("tower", _tower()), rx.fragment()),
        rx.cond(
            G.finished,
            finish_view(),
            rx.match(G.kind, ("choose", choose_view()), ("count", count_view()), ("match", match_view()),
                     ("sort", sort_view()), ("type", type_view()), ("prompt", prompt_view()),
                     ("trace", trace_view()), rx.fragment()),
        ),
        # the region stays (one new to the page is not read out); its words are remade, and said from data-text:
        # the English the game sent, though the browser may show them translated
        # (the last round's, shown above the new question by _last_round, is here for screen readers alone)
        rx.el.p(rx.cond(T.feedback != "", fresh(T.feedback)), role="status", aria_live="polite", data_text=T.feedback,
                class_name=_feedback_class("game-feedback") + rx.cond(T.after, " is-after", "")),
        class_name="game-board", id="game-board",
        data_round=T.round.to_string() + rx.cond(G.finished, "-end", "") + "-" + G.kind,
        # at the finish no question is left to read (games.js reads the stars, the finish's feedback)
        data_speak=rx.cond(G.speak, "true", "false"), data_say=rx.cond(G.finished, "", _spoken()),
        data_say_options=rx.cond(G.say_options, "true", "false"),
        data_hear_answers=rx.cond(G.hear_answers, "true", "false"),
        data_hear_first=rx.cond(G.hear_first, "true", "false"),
    )
