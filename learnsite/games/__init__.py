"""Learning games: kinds, content and sessions (issue 11)."""
