"""The event boundary: what every websocket event passes before any handler runs (see boundary.py)."""
