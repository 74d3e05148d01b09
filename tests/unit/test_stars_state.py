"""StarsState driven as the server runs it: stars load and save only for the verified signed-in player."""

from __future__ import annotations

from learnsite.services import accounts, stars
from learnsite.state.auth import AuthState
from learnsite.state.stars import StarsState
from tests.unit.auth_fixtures import auth_env, client_tree, run  # noqa: F401


async def _tab(session=None) -> StarsState:
    root = client_tree()
    if session is not None:
        auth = await root.get_state(AuthState)
        auth.access_token, auth.refresh_token = session.access_token, session.refresh_token
    return await root.get_state(StarsState)


def _player(email="star@example.com"):
    accounts.create_user(email, "secret12", confirmed=True)
    return accounts.sign_in(email, "secret12")


async def test_a_visitor_has_no_stars_and_saves_none(auth_env):
    state = await _tab()
    await run(StarsState.load_stars, state)
    assert state.best == {}
    assert await state._set_best("number-counting", 3) is None
    assert state.best == {}


async def test_a_player_loads_their_stars_and_not_anyone_elses(auth_env):
    other = _player("other@example.com")
    stars.record_best(other.user.id, "math-whiz", 1)
    session = _player()
    stars.record_best(session.user.id, "letter-tracing", 2)
    state = await _tab(session)
    state.best = {"forged": 3}  # whatever a tab held before is replaced by the database's view
    await run(StarsState.load_stars, state)
    assert state.best == {"letter-tracing": 2}


async def test_set_best_saves_and_keeps_the_best(auth_env):
    session = _player()
    state = await _tab(session)
    assert await state._set_best("addition-fun", 2) == 2
    assert await state._set_best("addition-fun", 1) == 2
    assert state.best == {"addition-fun": 2}
    assert await state._set_best("addition-fun", 3) == 3
    assert stars.best_stars(session.user.id) == {"addition-fun": 3}


async def test_set_best_refuses_unknown_activities_and_bad_counts_calmly(auth_env):
    session = _player()
    state = await _tab(session)
    for activity_id, count in [("no-such-game", 2), ("addition-fun", 0), ("addition-fun", 4)]:
        assert await state._set_best(activity_id, count) is None
    assert state.best == {} and stars.best_stars(session.user.id) == {}


async def test_a_signed_out_tab_forgets_the_stars(auth_env):
    session = _player()
    stars.record_best(session.user.id, "shape-safari", 3)
    state = await _tab(session)
    await run(StarsState.load_stars, state)
    assert state.best == {"shape-safari": 3}
    accounts.sign_out(session.access_token, session.refresh_token)
    await run(StarsState.load_stars, state)
    assert state.best == {}


def test_no_public_event_writes_stars():
    # _set_best is not an event: a page can only ask to load its own stars
    assert "_set_best" not in StarsState.event_handlers
    assert {name for name in StarsState.event_handlers if name != "setvar"} == {"load_stars"}
