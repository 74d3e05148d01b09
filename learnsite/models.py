"""Database tables. These never reach the browser: states send public shapes."""

from __future__ import annotations

from datetime import datetime, timezone

import sqlalchemy as sa
from sqlmodel import Field, SQLModel


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


def _ts(**kw) -> Field:
    return Field(default_factory=utcnow, sa_type=sa.DateTime(timezone=True), **kw)


def _opt_ts(**kw) -> Field:
    return Field(default=None, sa_type=sa.DateTime(timezone=True), **kw)


class User(SQLModel, table=True):
    __tablename__ = "users"

    id: int | None = Field(default=None, primary_key=True)
    email: str = Field(max_length=320, unique=True, index=True)  # stored lowercased
    password_hash: str = Field(max_length=100)
    role: str = Field(default="user", max_length=20)  # "user" or "admin"
    full_name: str = Field(default="", max_length=200)
    avatar_url: str | None = Field(default=None, max_length=500)
    email_confirmed_at: datetime | None = _opt_ts()
    created_at: datetime = _ts()


class AuthSession(SQLModel, table=True):
    """One signed-in browser: a family of rotating refresh tokens."""

    __tablename__ = "auth_sessions"

    id: str = Field(primary_key=True, max_length=64)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    created_at: datetime = _ts()
    expires_at: datetime = Field(sa_type=sa.DateTime(timezone=True))
    revoked_at: datetime | None = _opt_ts()


class RefreshToken(SQLModel, table=True):
    """A refresh token, stored hashed; single use."""

    __tablename__ = "refresh_tokens"

    token_hash: str = Field(primary_key=True, max_length=64)
    session_id: str = Field(foreign_key="auth_sessions.id", index=True, ondelete="CASCADE")
    created_at: datetime = _ts()
    used_at: datetime | None = _opt_ts()


class EmailToken(SQLModel, table=True):
    """A one-time link sent by email: account confirmation, email change or password reset."""

    __tablename__ = "email_tokens"

    token_hash: str = Field(primary_key=True, max_length=64)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    # "confirm", "change_email", "reset" (a forgotten password), or "signup_notice" (no link: a mail counted)
    purpose: str = Field(max_length=20)
    new_email: str | None = Field(default=None, max_length=320)
    password_hash: str | None = Field(default=None, max_length=100)  # a sign-up's password, set when confirmed
    created_at: datetime = _ts()
    expires_at: datetime = Field(sa_type=sa.DateTime(timezone=True))
    used_at: datetime | None = _opt_ts()


class LoginAttempt(SQLModel, table=True):
    """A failed sign-in, kept briefly to throttle guessing (per account and per client)."""

    __tablename__ = "login_attempts"

    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(max_length=400, index=True)  # "email:<addr>" or "client:<ip>"
    at: datetime = _ts(index=True)


class Category(SQLModel, table=True):
    __tablename__ = "categories"
    __table_args__ = (sa.Index("ix_categories_age_name", "age_group_start", "name"),)

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=100, unique=True)
    age_group_start: int
    age_group_end: int


class Content(SQLModel, table=True):
    __tablename__ = "content"
    __table_args__ = (
        sa.Index("ix_content_type_created", "content_type", "created_at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    title: str = Field(max_length=200)
    description: str = Field(default="", max_length=2000)
    content_type: str = Field(default="worksheet", max_length=30)
    category_id: int | None = Field(default=None, foreign_key="categories.id", index=True)
    file_url: str = Field(max_length=1000)
    storage_key: str = Field(default="", max_length=500)  # where the file lives in storage
    subject: str | None = Field(default=None, max_length=50)
    skill_type: str | None = Field(default=None, max_length=50)
    interaction_mode: str = Field(default="printable", max_length=30)
    thumbnail_url: str | None = Field(default=None, max_length=1000)
    created_at: datetime = _ts()


class Channel(SQLModel, table=True):
    __tablename__ = "channels"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=80, unique=True)
    created_at: datetime = _ts()


class Message(SQLModel, table=True):
    __tablename__ = "messages"
    __table_args__ = (
        sa.Index("ix_messages_channel_created", "channel_id", "created_at", "id"),
        # a page resends a message it got no answer for under the same client_id: stored once
        sa.Index("uq_messages_user_client", "user_id", "client_id", unique=True),
    )

    id: int | None = Field(default=None, primary_key=True)
    content: str = Field(max_length=4000)
    user_id: int | None = Field(default=None, foreign_key="users.id", ondelete="SET NULL")
    channel_id: int = Field(foreign_key="channels.id", ondelete="CASCADE")
    created_at: datetime = _ts()
    client_id: str | None = Field(default=None, max_length=64)  # the sending page's id for it, if any


class ActivityStars(SQLModel, table=True):
    """A signed-in player's best result (1-3 stars) in one catalogue activity."""

    __tablename__ = "activity_stars"
    __table_args__ = (
        sa.UniqueConstraint("user_id", "activity_id", name="uq_activity_stars_user_activity"),
        sa.CheckConstraint("best_stars BETWEEN 1 AND 3", name="ck_activity_stars_range"),
    )

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", ondelete="CASCADE")
    activity_id: str = Field(max_length=80)
    best_stars: int
    updated_at: datetime = _ts()


class StarterSeed(SQLModel, table=True):
    """A starter worksheet prestart has added once: deleting the worksheet does not bring it back.

    Prestart makes the worksheet's PDF again, in place, when the generators' edition changes.
    """

    __tablename__ = "starter_seeds"

    key: str = Field(primary_key=True, max_length=80)
    seeded_at: datetime = _ts()
    worksheet_id: int | None = Field(default=None, foreign_key="content.id", ondelete="SET NULL")  # None: deleted
    edition: str = Field(default="", max_length=64)  # the generators' edition its PDF was made by
