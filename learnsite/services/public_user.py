"""The public shape of a user: what a page may know (never the password hash)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PublicUser:
    id: int
    email: str
    role: str
    full_name: str
    avatar_url: str | None = None

    @property
    def is_admin(self) -> bool:
        return self.role == "admin"
