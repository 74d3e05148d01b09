"""Every one of the 19 catalogue activities is a playable game with valid, age-fit rounds."""

from __future__ import annotations

import pytest

from learnsite.catalogue.home import AGE_GROUPS
from learnsite.catalogue.library import ACTIVITIES
from learnsite.config import REPO_ROOT
from learnsite.games import session as S
from learnsite.games.activities import GAMES, THEME_PARTS, facts, next_game
from learnsite.games.content.pictures import all_pictures
from learnsite.games.kinds import KINDS
from learnsite.games.rounds import BANDS
from tests.unit.games.helpers import play_perfect

ACTIVITY_IDS = [a.id for a in ACTIVITIES]
SEEDS = (1, 7, 2024, 99991)


def playable_ids():
    return [a for a in ACTIVITY_IDS if GAMES[a].kind in KINDS]


def test_every_catalogue_activity_declares_a_game():
    assert set(GAMES) == set(ACTIVITY_IDS)
    for spec in GAMES.values():
        assert spec.band in BANDS
        assert 5 <= spec.rounds <= 10
        assert spec.kind in {"choose", "count", "match", "sort", "type", "prompt", "trace"}


def test_a_game_with_a_picture_of_progress_has_a_round_for_each_part_and_the_page_is_told():
    themed = {a: spec.theme for a, spec in GAMES.items() if spec.theme}
    assert themed == {"rainbow-math": "rainbow", "multi-masters": "tower"}
    assert all(GAMES[a].rounds == THEME_PARTS[theme] for a, theme in themed.items())
    assert S.public_view(S.start("rainbow-math", 3))["theme"] == "rainbow"
    assert S.public_view(S.start("multi-masters", 3))["theme"] == "tower"
    assert S.public_view(S.start("math-whiz", 3))["theme"] == ""


def test_the_issue_kinds_are_all_used():
    assert {spec.kind for spec in GAMES.values()} == {"choose", "count", "match", "sort", "type", "prompt", "trace"}


@pytest.mark.parametrize("activity_id", playable_ids())
@pytest.mark.parametrize("seed", SEEDS)
def test_each_activity_plays_to_three_stars_with_distinct_rounds(activity_id, seed):
    s, served = play_perfect(activity_id, seed)
    assert s.finished and s.stars == 3
    assert len(served) == GAMES[activity_id].rounds
    assert len({r.key for r in served}) == len(served)
    for r in served:
        assert r.prompt
        if r.kind in ("choose", "count"):
            labels = [o.label for o in r.options]
            assert len(set(labels)) == len(labels) >= 2
            assert 0 <= r.answer < len(r.options)


@pytest.mark.parametrize("activity_id", playable_ids())
def test_same_seed_same_game_and_another_seed_another(activity_id):
    a = [r.key for r in play_perfect(activity_id, 5)[1]]
    assert a == [r.key for r in play_perfect(activity_id, 5)[1]]
    if GAMES[activity_id].kind != "prompt":  # a prompt game has the same steps; its choices differ
        assert any(a != [r.key for r in play_perfect(activity_id, seed)[1]] for seed in (6, 8, 9))
    else:
        first = S.public_view(S.start(activity_id, 5))["options"]
        assert any(first != S.public_view(S.start(activity_id, seed))["options"] for seed in (6, 8, 9))


@pytest.mark.parametrize("activity_id", playable_ids())
def test_pictures_exist(activity_id):
    for seed in SEEDS:
        for level in (0, 1):
            for r in S.level_rounds(activity_id, seed, level):
                for path in [*r.pictures, *(o.image for o in r.options + r.groups if o.image)]:
                    assert (REPO_ROOT / "assets" / path.lstrip("/")).is_file(), path


def test_every_game_picture_file_is_there():
    missing = [p for p in all_pictures() if not (REPO_ROOT / "assets" / p.lstrip("/")).is_file()]
    assert not missing


def test_every_game_for_3_to_6_reads_its_questions_aloud():
    """Most 5-year-olds cannot read yet either: the games of both young bands speak, and have words to say."""
    young = [a for a in ACTIVITY_IDS if GAMES[a].band in ("3-4", "5-6")]
    assert young and all(GAMES[a].speak for a in young)
    assert not any(GAMES[a].speak for a in ACTIVITY_IDS if a not in young)
    for activity_id in young:
        assert all(r.say for r in S.level_rounds(activity_id, SEEDS[0], 1))


@pytest.mark.parametrize("activity_id", [a for a in ACTIVITY_IDS if GAMES[a].band == "3-4"])
def test_pre_readers_get_pictures_or_speech_and_few_things(activity_id):
    spec = GAMES[activity_id]
    assert spec.speak
    for seed in SEEDS:
        for level in (0, 1):
            for r in S.level_rounds(activity_id, seed, level):
                assert r.say
                assert len(r.pictures) <= 5 and len(r.options) <= 5
                assert all(o.image for o in r.options + r.groups)


def test_a_game_tells_a_grown_up_its_ages_rounds_and_reading_aloud():
    assert facts("number-counting") == ["Ages 3-4", "6 rounds", "Read aloud"]
    assert facts("history-quest")[2] == "Press Hear it to listen"
    # a game of sounds says so before it starts (a deaf child's grown-up); the others play with the sound off
    assert facts("animal-sounds") == ["Ages 3-4", "6 rounds", "Read aloud", "Best with sound on"]
    assert [a for a in GAMES if "Best with sound on" in facts(a)] == ["animal-sounds"]
    assert facts("no-such-game") == []
    for group in AGE_GROUPS:  # the same ages as the home page's age group that lists it
        for activity_id, _ in group.popup_activities:
            assert facts(activity_id)[0] == group.age, activity_id


def test_next_game_goes_round_every_game_for_the_same_ages():
    for band in BANDS:
        first = next(a for a, spec in GAMES.items() if spec.band == band)
        seen, at = [], first
        while True:
            seen.append(at)
            at = next_game(at)
            assert GAMES[at].band == band
            if at == first:
                break
        assert sorted(seen) == sorted(a for a, spec in GAMES.items() if spec.band == band)
    assert next_game("no-such-game") is None


def test_hear_it_reads_the_answers_only_where_hearing_them_does_not_tell_which_is_right():
    """A reader's quiz, and the writing games' picks (no pick is wrong), read their answers with the question; a
    sight word, a shape or a sound to pick by ear would be given away by it (Animal Alphabet says its names its own
    way: say_options)."""
    reads = {a for a, spec in GAMES.items() if spec.params.get("hear_answers")}
    assert reads == {"reading-comp", "science-facts", "science-lab", "history-quest", "story-starter",
                     "creative-writing"}
    assert all(GAMES[a].kind in ("choose", "prompt") and GAMES[a].band in ("7-8", "9-10") for a in reads)
