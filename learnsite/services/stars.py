"""Best stars per activity for signed-in players (issue 11). Plain Python, no Reflex.

The user id always comes from the verified session (AuthState.user_of); nothing here trusts a page.
Only the catalogue's activities (library.ACTIVITIES, each a game) can hold stars.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import select

from learnsite.catalogue.library import ACTIVITIES
from learnsite.db import get_engine, session_scope
from learnsite.models import ActivityStars, utcnow

# the catalogue's, not the home page's lists: a game added to the catalogue but shown on no popup kept no stars
ACTIVITY_IDS: frozenset[str] = frozenset(a.id for a in ACTIVITIES)
MIN_STARS, MAX_STARS = 1, 3


def _check(user_id: int, activity_id: str, stars: int) -> None:
    if not isinstance(user_id, int) or isinstance(user_id, bool) or user_id < 1:
        raise ValueError("not a user id")
    if activity_id not in ACTIVITY_IDS:
        raise ValueError("not a catalogue activity")
    if not isinstance(stars, int) or isinstance(stars, bool) or not MIN_STARS <= stars <= MAX_STARS:
        raise ValueError(f"stars must be {MIN_STARS}..{MAX_STARS}")


def _insert_for(dialect: str):
    if dialect == "postgresql":
        return postgresql.insert
    if dialect == "sqlite":
        return sqlite.insert
    raise RuntimeError(f"no upsert for {dialect}")


def record_best(user_id: int, activity_id: str, stars: int, url: str | None = None) -> int:
    """Keep the better of the stored and the new result; return the best now stored.

    One INSERT ... ON CONFLICT DO UPDATE statement, so two finishes at once never lose the higher one.
    """
    _check(user_id, activity_id, stars)
    table = ActivityStars.__table__
    insert = _insert_for(get_engine(url).dialect.name)
    now = utcnow()
    stmt = insert(table).values(user_id=user_id, activity_id=activity_id, best_stars=stars, updated_at=now)
    better = stmt.excluded.best_stars > table.c.best_stars
    stmt = stmt.on_conflict_do_update(
        index_elements=[table.c.user_id, table.c.activity_id],
        set_={"best_stars": sa.case((better, stmt.excluded.best_stars), else_=table.c.best_stars),
              "updated_at": sa.case((better, stmt.excluded.updated_at), else_=table.c.updated_at)},
    )
    with session_scope(url) as s:
        s.execute(stmt)
        return s.exec(
            select(ActivityStars.best_stars).where(ActivityStars.user_id == user_id,
                                                    ActivityStars.activity_id == activity_id)
        ).one()


def best_stars(user_id: int, url: str | None = None) -> dict[str, int]:
    """{activity_id: best stars} for one player; only catalogue activities, only 1..3."""
    with session_scope(url) as s:
        rows = s.exec(
            select(ActivityStars.activity_id, ActivityStars.best_stars).where(ActivityStars.user_id == user_id)
        ).all()
    return {a: n for a, n in rows if a in ACTIVITY_IDS and MIN_STARS <= n <= MAX_STARS}
