"""Best stars per activity on SQLite and PostgreSQL: the max is kept, bad input refused, players apart."""

from __future__ import annotations

import importlib
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlmodel import select

from learnsite.catalogue import library
from learnsite.db import session_scope
from learnsite.games.activities import GAMES
from learnsite.models import ActivityStars, User
from learnsite.services import stars


def make_user(db_url, email) -> int:
    with session_scope(db_url) as s:
        user = User(email=email, password_hash="x")
        s.add(user)
        s.flush()
        return user.id


def test_every_catalogue_game_can_hold_stars():
    assert stars.ACTIVITY_IDS == {a.id for a in library.ACTIVITIES} == set(GAMES)
    assert len(stars.ACTIVITY_IDS) == 19
    assert {"letter-tracing", "number-counting", "rainbow-math", "history-quest"} <= stars.ACTIVITY_IDS


def test_a_game_added_to_the_catalogue_but_to_no_popup_keeps_its_stars_too(monkeypatch):
    """The ids were read from the home page's lists: a new game played well and its stars were dropped unheard."""
    extra = library.Activity("weather-watch", "Weather Watch", "Sun, rain or snow?", "/art/activity/weather-watch.svg")
    monkeypatch.setattr(library, "ACTIVITIES", (*library.ACTIVITIES, extra))
    try:
        assert "weather-watch" in importlib.reload(stars).ACTIVITY_IDS
    finally:
        monkeypatch.undo()
        importlib.reload(stars)
    assert "weather-watch" not in stars.ACTIVITY_IDS


def test_a_new_player_has_no_stars(db_url):
    assert stars.best_stars(make_user(db_url, "a@example.com"), db_url) == {}


def test_record_keeps_the_best(db_url):
    uid = make_user(db_url, "a@example.com")
    assert stars.record_best(uid, "number-counting", 2, db_url) == 2
    assert stars.record_best(uid, "number-counting", 1, db_url) == 2  # a worse game keeps the best
    assert stars.best_stars(uid, db_url) == {"number-counting": 2}
    assert stars.record_best(uid, "number-counting", 3, db_url) == 3
    assert stars.record_best(uid, "letter-tracing", 1, db_url) == 1
    assert stars.best_stars(uid, db_url) == {"number-counting": 3, "letter-tracing": 1}
    with session_scope(db_url) as s:
        assert len(s.exec(select(ActivityStars)).all()) == 2  # one row per (player, activity)


def test_players_are_kept_apart(db_url):
    a, b = make_user(db_url, "a@example.com"), make_user(db_url, "b@example.com")
    stars.record_best(a, "shape-safari", 3, db_url)
    stars.record_best(b, "shape-safari", 1, db_url)
    assert stars.best_stars(a, db_url) == {"shape-safari": 3}
    assert stars.best_stars(b, db_url) == {"shape-safari": 1}


@pytest.mark.parametrize("activity_id, count", [
    ("no-such-game", 2), ("", 2), ("Number-Counting", 2), ("number-counting", 0), ("number-counting", 4),
    ("number-counting", -1), ("number-counting", True),
])
def test_refuses_unknown_activities_and_stars_outside_one_to_three(db_url, activity_id, count):
    uid = make_user(db_url, "a@example.com")
    with pytest.raises(ValueError):
        stars.record_best(uid, activity_id, count, db_url)
    assert stars.best_stars(uid, db_url) == {}


def test_refuses_a_user_that_does_not_exist(db_url):
    with pytest.raises(Exception):  # the foreign key: stars belong to a real account
        stars.record_best(987654, "number-counting", 2, db_url)


def test_stars_go_with_a_deleted_account(db_url):
    uid = make_user(db_url, "a@example.com")
    stars.record_best(uid, "math-whiz", 2, db_url)
    with session_scope(db_url) as s:
        s.delete(s.get(User, uid))
    with session_scope(db_url) as s:
        assert s.exec(select(ActivityStars)).all() == []


def test_finishes_at_the_same_time_keep_the_highest(db_url):
    uid = make_user(db_url, "a@example.com")
    results = [1, 3, 2, 1, 2, 3, 1, 2] * 2
    with ThreadPoolExecutor(max_workers=4) as pool:
        list(pool.map(lambda n: stars.record_best(uid, "addition-fun", n, db_url), results))
    assert stars.best_stars(uid, db_url) == {"addition-fun": 3}
