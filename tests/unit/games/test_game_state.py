"""GameState driven as the server runs it: the page gets no answers, forged events change nothing, and
only a game really played to its end reaches the finish (and the stars, for a signed-in player)."""

from __future__ import annotations

import json

import pytest

from learnsite.games import session as engine
from learnsite.state.activity import ActivityState
from learnsite.games.kinds.prompt import chosen_words
from learnsite.state.game import TYPE_FIRST, GameState
from tests.unit.auth_fixtures import auth_env, client_tree, run  # noqa: F401
from tests.unit.games.helpers import right_moves, wrong_move
from tests.unit.reconnect_support import hydrate

PUBLIC = ("playing", "finished", "kind", "total", "speak", "say_options", "hear_answers", "hear_first", "theme",
          "board", "turn", "selected", "stars", "first_try", "best", "written")


async def _game(activity_id: str, session=None) -> GameState:
    root = client_tree(f"/activity/{activity_id}", query=f"id={activity_id}")
    if session is not None:
        from learnsite.state.auth import AuthState

        auth = await root.get_state(AuthState)
        auth.access_token, auth.refresh_token = session.access_token, session.refresh_token
    await run(ActivityState.load, await root.get_state(ActivityState))
    game = await root.get_state(GameState)
    await run(GameState.start_playing, game)
    return game


def _engine(game: GameState) -> engine.Session:
    return game._session


def _public(game: GameState) -> str:
    return json.dumps({name: getattr(game, name) for name in PUBLIC})


async def _play_right(game: GameState) -> None:
    while not game.finished:
        s = _engine(game)
        for move in right_moves(s):
            if "choice" in move:
                await run(GameState.choose, game, s.index, move["choice"])
            elif "value" in move:
                await run(GameState.submit_typed, game, {"round": str(s.index), "answer": str(move["value"])})
            elif "left" in move:
                await run(GameState.match_left, game, s.index, move["left"])
                await run(GameState.match_right, game, s.index, move["right"])
            elif "item" in move:
                await run(GameState.sort_item, game, s.index, move["item"])
                await run(GameState.sort_group, game, s.index, move["group"])
            elif "strokes" in move:
                await run(GameState.submit_trace, game, s.index, move["strokes"])
            elif "text" in move:
                await run(GameState.submit_text, game, {"round": str(s.index), "text": move["text"]})


async def test_start_playing_shows_round_one_without_its_answer_or_the_seed():
    game = await _game("science-facts")
    assert game.playing and game.turn["round"] == 0 and game.total == 8 and game.kind == "choose"
    r = engine.current_round(_engine(game))
    public = _public(game)
    assert r.hint not in public and str(_engine(game).seed) not in public
    assert [o["label"] for o in game.board["options"]] == [o.label for o in r.options]


async def test_only_a_game_of_names_to_hear_says_its_options_one_by_one():
    """Animal Alphabet's pictures are names a child listens to; the page says them one at a time, lighting each."""
    names = await _game("animal-alphabet")
    assert names.say_options and names.speak
    sounds = await _game("animal-sounds")
    assert not sounds.say_options and sounds.speak
    words = await _game("sight-words")  # its word is heard, not printed
    assert words.hear_first and not names.hear_first and not sounds.hear_first


@pytest.mark.parametrize("activity_id", ["science-facts", "math-whiz", "color-matching", "shape-sorting",
                                         "number-counting", "letter-tracing"])
async def test_a_real_game_reaches_the_finish_with_three_stars(activity_id):
    game = await _game(activity_id)
    await _play_right(game)
    assert game.finished and game.stars == 3 and game.first_try == game.total


@pytest.mark.parametrize("activity_id", ["story-starter", "creative-writing"])
async def test_a_childs_first_lines_show_on_the_finish_screen_and_go_with_a_new_game(activity_id):
    """Kept in the tab to read and print at the finish (never in the database); a var tag typed in it stays
    inert text; Play Again starts with none."""
    game = await _game(activity_id)
    while _engine(game).index < game.total - 1:
        s = _engine(game)
        await run(GameState.choose, game, s.index, right_moves(s)[0]["choice"])
    word = (chosen_words(dict(_engine(game).picks)) or ["shiny"])[0]  # Creative Writing: one of its picked words
    text = f"  My <reflex.Var>x</reflex.Var> fox found a {word} key under a tall tree by the river today.  "
    await run(GameState.submit_text, game, {"round": str(_engine(game).index), "text": "Too short."})
    assert not game.finished and game.written == ""
    await run(GameState.submit_text, game, {"round": str(_engine(game).index), "text": text})
    assert game.finished and game.written.startswith("My <\u2060reflex.Var>x") and game.written.endswith("today.")
    kept = game.written
    await run(GameState.submit_text, game, {"round": str(_engine(game).index), "text": "Something else " * 5})
    assert game.written == kept  # a move after the finish is refused, and changes nothing
    await run(GameState.play_again, game)
    assert game.playing and not game.finished and game.written == ""


async def test_forged_moves_change_nothing():
    game = await _game("science-facts")
    before, session = _public(game), game._session
    for round_no, choice in [(1, 0), (7, 1), (8, 0), (-1, 0), (0, 4), (0, -1), (0, 99)]:
        await run(GameState.choose, game, round_no, choice)
    await run(GameState.submit_typed, game, {"round": "0", "answer": "5"})
    await run(GameState.match_right, game, 0, 0)
    await run(GameState.sort_group, game, 0, 0)
    await run(GameState.submit_text, game, {"round": "0", "text": "one two three four five six seven"})
    await run(GameState.submit_trace, game, 0, [[[0, 0], [50, 50]]])
    for form in ({"round": "²", "answer": "5"}, {"round": "①", "answer": ""}, {"round": "٣", "answer": "5"},
                 {"round": "007", "answer": "5"}):  # digits to str.isdigit(), but not a round number
        await run(GameState.submit_typed, game, form)
        await run(GameState.submit_text, game, {**form, "text": "one two three"})
    assert _public(game) == before and game._session == session


async def test_a_letter_traced_wrong_three_times_says_so_under_the_next_not_above_it():
    """"That letter was a tricky one" kept above the next letter only pushed the board down and kept the miss in
    sight: it is said and shown under the round as before, and nothing is kept above the next letter."""
    game = await _game("letter-tracing")
    for _ in range(3):
        await run(GameState.submit_trace, game, 0, wrong_move(_engine(game))["strokes"])
    assert game.turn["round"] == 1 and game.turn["feedback"].startswith("That letter was a tricky one")
    assert not game.turn["after"] and game.turn["last"] == ""


async def test_a_word_on_what_to_do_does_not_give_back_the_last_round_s_cheer_to_be_read_again():
    """Color Matching's second round began with the first round's cheer (read out then); a T-shirt tapped first
    said what to tap first, and the ball tapped next gave the cheer back to the live region, read again."""
    game = await _game("color-matching")
    while _engine(game).index == 0:
        s = _engine(game)
        move = right_moves(s)[0]
        await run(GameState.match_left, game, 0, move["left"])
        await run(GameState.match_right, game, 0, move["right"])
    cheer = game.turn["last"]
    assert game.turn["after"] and game.turn["feedback"] == cheer
    await run(GameState.match_right, game, 1, 0)  # the second tap first
    assert game.turn["feedback"] != cheer and game.turn["last"] == cheer
    await run(GameState.match_left, game, 1, right_moves(_engine(game))[0]["left"])
    assert game.turn["feedback"] == "" and not game.turn["after"] and game.turn["last"] == cheer


async def test_a_trace_is_checked_for_the_letter_on_screen():
    game = await _game("letter-tracing")
    await run(GameState.submit_trace, game, 0, wrong_move(_engine(game))["strokes"])
    assert game.turn["round"] == 0 and game.turn["tone"] == "hint"
    good = right_moves(_engine(game))[0]["strokes"]
    await run(GameState.submit_trace, game, 0, good)
    assert game.turn["round"] == 1 and game.turn["tone"] == "cheer"
    # Done pressed again on the first letter's ink as the second came: refused, not a miss on the second letter
    turn, session = dict(game.turn), game._session
    await run(GameState.submit_trace, game, 0, good)
    assert game._session == session and game.turn == turn and session.misses == 0


async def test_a_first_tap_picks_a_thing_a_second_lets_it_go_and_a_placed_thing_stays_put():
    game = await _game("color-matching")
    await run(GameState.match_left, game, 0, 1)
    assert game.selected == 1
    await run(GameState.match_left, game, 0, 1)
    assert game.selected == -1
    for round_no, left in [(1, 0), (0, 99), (0, -1)]:  # another round, no such thing
        await run(GameState.match_left, game, round_no, left)
        assert game.selected == -1
    await run(GameState.sort_item, game, 0, 0)  # a sort tap in a match game
    assert game.selected == -1
    placed = right_moves(_engine(game))[0]
    await run(GameState.match_left, game, 0, placed["left"])
    await run(GameState.match_right, game, 0, placed["right"])
    assert game.turn["marks"][placed["left"]] == "done" and game.selected == -1
    await run(GameState.match_left, game, 0, placed["left"])
    assert game.selected == -1


async def test_a_thing_tapped_again_just_after_a_wrong_place_stays_picked():
    """A review as a small child: after a wrong T-shirt the ball stayed picked, the child tapped it again to try
    again, which let it go, and the next T-shirt said "First tap one on the left...". The first tap on it after a
    miss keeps it picked; the next lets it go, as before."""
    game = await _game("color-matching")
    s = _engine(game)
    move = wrong_move(s)
    await run(GameState.match_left, game, s.index, move["left"])
    await run(GameState.match_right, game, s.index, move["right"])
    await run(GameState.match_left, game, s.index, move["left"])
    assert game.selected == move["left"]
    right = next(m for m in right_moves(_engine(game)) if m["left"] == move["left"])
    await run(GameState.match_right, game, s.index, right["right"])  # the next tap on a partner counts
    assert game.turn["marks"][move["left"]] == "done" and game.turn["tone"] == "cheer"
    other = right_moves(_engine(game))[0]  # after a right one, a second tap lets go at once
    await run(GameState.match_left, game, s.index, other["left"])
    await run(GameState.match_left, game, s.index, other["left"])
    assert game.selected == -1


async def test_a_finished_game_refuses_more_moves():
    game = await _game("number-counting")
    await _play_right(game)
    finished = _public(game)
    for round_no in range(8):
        for choice in range(3):
            await run(GameState.choose, game, round_no, choice)
    assert _public(game) == finished


async def test_play_again_starts_new_rounds_of_the_same_game():
    game = await _game("science-facts")
    first = _engine(game)
    await _play_right(game)
    await run(GameState.play_again, game)
    again = _engine(game)
    assert again.activity_id == "science-facts" and again.seed != first.seed and again.index == 0
    assert game.playing and not game.finished and game.turn == {"round": 0, "feedback": "", "tone": "",
                                                                "marks": engine.marks_view(again), "after": False,
                                                                "last": "", "last_tone": ""}
    assert game.board == engine.board_view(again)


async def test_play_again_without_a_game_starts_the_activity_on_screen():
    game = await _game("math-whiz")
    await run(GameState.reset_game, game)
    await run(GameState.play_again, game)
    assert _engine(game).activity_id == "math-whiz" and game.playing


async def test_an_open_page_that_connects_again_goes_on_with_its_game():
    """A phone woken up, the network back: Reflex hydrates and runs on_load again; the game stays as it was."""
    game = await _game("animal-sounds")
    await hydrate(game.parent_state, fresh=True)  # (as the page opened)
    await run(GameState.choose, game, 0, engine.current_round(_engine(game)).answer)
    playing, board, turn = _engine(game), dict(game.board), dict(game.turn)
    assert playing.index == 1
    await hydrate(game.parent_state, fresh=False)
    await run(GameState.reset_game, game)
    assert game.playing and _engine(game) is playing and game.board == board and game.turn == turn
    await hydrate(game.parent_state, fresh=True)  # the page loaded again: a new start
    await run(GameState.reset_game, game)
    assert not game.playing and _engine(game) is None and game.board == engine.EMPTY_BOARD


async def test_typed_answers_are_digits_and_at_most_three():
    game = await _game("math-whiz")
    r = engine.current_round(_engine(game))
    await run(GameState.submit_typed, game, {"round": "0", "answer": f"<b>{r.answer}</b>"})
    assert game.turn["round"] == 1 and game.turn["tone"] == "cheer"  # "<b>12</b>" -> 12
    cheer = game.turn["feedback"]
    assert game.turn["after"] and game.turn["last"] == cheer and game.turn["last_tone"] == "cheer"
    before = game._session
    for answer in ("", "abc", "-"):
        await run(GameState.submit_typed, game, {"round": "1", "answer": answer})
        assert game._session == before
        # a word on what to do, for this round only, and no try counted
        # the last round's cheer stays above the sum (the pad does not move under a finger)
        assert game.turn == {"round": 1, "feedback": TYPE_FIRST, "tone": "hint", "marks": engine.marks_view(before),
                             "after": False, "last": cheer, "last_tone": "cheer"}
    game.turn = dict(game.turn, feedback="")
    await run(GameState.submit_typed, game, {"round": "0", "answer": ""})  # an old round's Check: nothing said
    assert game.turn["feedback"] == "" and game._session == before
    await run(GameState.submit_typed, game, {"round": "1", "answer": "1234567"})  # read as 123
    assert _engine(game).misses == (0 if engine.current_round(_engine(game)).answer == 123 else 1)


async def test_a_game_of_another_activity_is_not_played_here():
    game = await _game("science-facts")
    other = engine.start("math-whiz", 5)
    game._session = other  # a session left from another page in the same tab
    await run(GameState.choose, game, 0, 0)
    assert game._session == other


async def test_stars_are_saved_for_a_signed_in_player_only_after_a_real_finish(auth_env):
    from learnsite.services import accounts, stars

    accounts.create_user("player@example.com", "secret12", confirmed=True)
    session = accounts.sign_in("player@example.com", "secret12")
    game = await _game("number-counting", session)
    for round_no in range(1, 6):  # forged: skipping to the end earns nothing
        await run(GameState.choose, game, round_no, 0)
    assert stars.best_stars(session.user.id) == {}
    await _play_right(game)
    assert game.best == 3
    assert stars.best_stars(session.user.id) == {"number-counting": 3}


async def test_a_visitor_plays_to_the_end_without_saving(auth_env):
    game = await _game("number-counting")
    await _play_right(game)
    assert game.finished and game.best == 0


@pytest.mark.parametrize("activity_id,second_tap,said", [
    ("color-matching", GameState.match_right, "First tap one on the left, then its partner on the right."),
    ("shape-sorting", GameState.sort_group, "First tap a shape, then tap its home."),
])
async def test_the_second_tap_first_says_which_comes_first(activity_id, second_tap, said):
    """A T-shirt tapped before any ball did nothing a child could see: now it says which to tap first."""
    game = await _game(activity_id)
    before = _engine(game)
    await run(second_tap, game, 0, 0)
    assert game._session == before and game.turn == {"round": 0, "feedback": said, "tone": "hint",
                                                     "marks": engine.marks_view(before), "after": False,
                                                     "last": "", "last_tone": ""}
    first_tap = GameState.match_left if second_tap == GameState.match_right else GameState.sort_item
    await run(first_tap, game, 0, 0)  # done as it says: the word goes
    assert game.selected == 0 and game.turn["feedback"] == ""


async def test_a_word_on_what_to_do_gives_back_the_hint_it_covered():
    game = await _game("color-matching")
    s = _engine(game)
    move = wrong_move(s)
    await run(GameState.match_left, game, s.index, move["left"])
    await run(GameState.match_right, game, s.index, move["right"])
    hint = dict(game.turn)
    assert hint["tone"] == "hint" and game.selected == move["left"]  # still picked: the hint is about it
    await run(GameState.match_left, game, s.index, move["left"])  # kept: tapped again just after the miss
    await run(GameState.match_left, game, s.index, move["left"])  # let go
    await run(GameState.match_right, game, s.index, 0)  # a partner first: the word on what to do
    assert game.turn["feedback"].startswith("First tap")
    await run(GameState.match_left, game, s.index, move["left"])  # done: the hint is back
    assert dict(game.turn) == hint
    await run(GameState.match_right, game, s.index, 0)
    await run(GameState.reset_game, game)  # another page: nothing of this game's words is kept
    await run(GameState.start_playing, game)
    await run(GameState.match_left, game, 0, 0)
    assert game.turn["feedback"] == ""


@pytest.mark.parametrize("activity_id, first_tap, second_tap", [
    ("color-matching", GameState.match_left, GameState.match_right),
    ("shape-sorting", GameState.sort_item, GameState.sort_group),
])
async def test_after_a_wrong_place_the_thing_stays_picked_and_the_right_place_counts(activity_id, first_tap,
                                                                                      second_tap):
    """The hint says "Which home has the same shape?", and a 3-year-old taps the circle's home as it says: the
    circle had been let go and the homes were disabled, so nothing happened."""
    game = await _game(activity_id)
    s = _engine(game)
    wrong = wrong_move(s)
    part, place = ("left", "right") if activity_id == "color-matching" else ("item", "group")
    right = next(m for m in right_moves(s) if m[part] == wrong[part])
    await run(first_tap, game, s.index, wrong[part])
    await run(second_tap, game, s.index, wrong[place])
    assert game.turn["tone"] == "hint" and game.selected == wrong[part]
    await run(second_tap, game, s.index, right[place])  # no new first tap
    assert game.turn["tone"] == "cheer" and game.turn["marks"][wrong[part]] == "done" and game.selected == -1
    assert _engine(game).misses == 1


async def test_a_sum_shown_after_three_misses_brings_the_next_round_to_the_page():
    game = await _game("multi-masters")
    r = engine.current_round(_engine(game))
    for wrong in (1, 2, 3):
        await run(GameState.submit_typed, game, {"round": "0", "answer": str(r.answer + wrong)})
    s = _engine(game)
    assert s.index == 1 and game.turn["round"] == 1 and game.turn["tone"] == "hint"
    assert game.turn["feedback"].startswith("That one was tricky!") and str(r.answer) in game.turn["feedback"]
    assert game.board["prompt"] == engine.current_round(s).prompt != r.prompt
    # shown above the next sum all round (under the pad it was out of sight on a phone), read out as it begins
    worked = game.turn["feedback"]
    assert game.turn["after"] and game.turn["last"] == worked and game.turn["last_tone"] == "hint"
    nxt = engine.current_round(s)
    await run(GameState.submit_typed, game, {"round": "1", "answer": str(nxt.answer + 1)})
    assert game.turn["round"] == 1 and not game.turn["after"] and game.turn["feedback"] != worked
    assert game.turn["last"] == worked and game.turn["last_tone"] == "hint"
    await run(GameState.submit_typed, game, {"round": "1", "answer": str(nxt.answer)})
    assert game.turn["round"] == 2 and game.turn["last"] == game.turn["feedback"] and game.turn["last_tone"] == "cheer"


async def test_a_number_sent_again_is_not_another_miss_and_the_last_sum_shown_ends_with_its_answer():
    from learnsite.state.game import SAME_AGAIN

    game = await _game("rainbow-math")
    r = engine.current_round(_engine(game))
    for _ in range(2):  # a held Enter: the same wrong number twice
        await run(GameState.submit_typed, game, {"round": "0", "answer": str(r.answer + 1)})
    assert _engine(game).misses == 1 and game.turn["feedback"] == SAME_AGAIN
    while _engine(game).index < engine.spec_of(_engine(game)).rounds - 1:
        s = _engine(game)
        await run(GameState.submit_typed, game, {"round": str(s.index), "answer": str(right_moves(s)[0]["value"])})
    s = _engine(game)
    last = engine.current_round(s)
    for wrong in (1, 2, 3):
        await run(GameState.submit_typed, game, {"round": str(s.index), "answer": str(last.answer + wrong)})
    assert game.finished and game.turn["tone"] == "cheer"
    assert not game.turn["after"] and game.turn["last"] == ""  # the finish screen says it all
    worked = last.prompt.replace("= ?", f"= {last.answer}.")
    assert game.turn["feedback"].replace("\u00a0", " ") == (f"That one was tricky! {worked} "
                                                             f"You finished! You earned {game.stars} of 3 stars.")
