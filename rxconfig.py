import os

import reflex as rx
from reflex.constants import StateManagerMode

from learnsite.config import settings

if settings.redis_url:
    # Each tab's events reach the process holding its socket, so its state is uncontended there:
    # Reflex's opportunistic lock keeps it in memory (up to the hold time, below the 10 s lock
    # expiry) instead of a Redis load and save per event; chat pushes to 100 viewers take about a
    # third of the time. The database, not this cache, holds everything that matters: a killed
    # process loses at most the last seconds of page state (open popups), which a reload restores.
    os.environ.setdefault("REFLEX_OPLOCK_ENABLED", "true")
    os.environ.setdefault("REFLEX_OPLOCK_HOLD_TIME", "8000ms")

# A socket.io frame over 512 KiB closes its own socket before it is parsed (Reflex's default: 1 MB).
# Below that, the event guard (learnsite/guard) refuses, calmly, any event over 256 K characters: the
# largest real event, a full chat outbox (50 messages of 2,000 characters), is under half of that.
os.environ.setdefault("REFLEX_SOCKET_MAX_HTTP_BUFFER_SIZE", str(512 * 1024))

# A socket the network stopped carrying (a phone's wifi gone quiet, a train's tunnel) closes when no ping has come
# for SOCKET_INTERVAL + SOCKET_TIMEOUT, and the page connects again, keeping its state (learnsite/rejoin.py).
# Reflex's 25 s + 120 s left the page silent for about 145 s, then sent every tap at once; now 30 s. A ping every
# 15 s is 8 bytes each way per open page.
SOCKET_INTERVAL_S = SOCKET_TIMEOUT_S = 15
os.environ.setdefault("REFLEX_SOCKET_INTERVAL", f"{SOCKET_INTERVAL_S}s")
os.environ.setdefault("REFLEX_SOCKET_TIMEOUT", f"{SOCKET_TIMEOUT_S}s")

# Without Redis there is one backend process, and it keeps each tab's state in memory (dropped after
# the token's hour, as Reflex's disk manager does with its in-memory copy). Reflex's default, the disk
# manager, also writes every substate of every tab to its own file (about 30 per tab) and lists and
# stats the whole folder after each batch of writes: a fifth of the server's time under 50 players,
# and a folder that grows with every new socket. A restart loses open popups and a game in progress;
# accounts, messages and worksheets live in the database. With Redis, Reflex picks its Redis manager.
STATE_MANAGER = {} if settings.redis_url else {"state_manager_mode": StateManagerMode.MEMORY}

config = rx.Config(
    app_name="learnsite",
    db_url=settings.db_url,
    redis_url=settings.redis_url or None,
    **STATE_MANAGER,
    telemetry_enabled=False,
    # Only the site itself may call the backend with credentials or open the event socket (Reflex's
    # default "*" echoes any Origin with Access-Control-Allow-Credentials); the files API uses it too.
    cors_allowed_origins=[settings.public_url],
    show_built_with_reflex=False,
    plugins=[
        rx.plugins.RadixThemesPlugin(
            theme=rx.theme(appearance="light", accent_color="violet", radius="large"),
        ),
    ],
    disable_plugins=[rx.plugins.SitemapPlugin],
)
