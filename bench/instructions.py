"""`python -m bench.instructions [N]`: instructions per event on the server's own event path, counted by callgrind.

Wall-clock figures on a shared 2-core machine move by 20% or more from run to run, too much to see a change
of a few percent. Instruction counts do not depend on the machine's speed: the same code and inputs give
the same count. This runs the real App in one process (the guard, Reflex's event door and processor, the
state manager, the handler, the delta; not the socket or the JSON encoding) with a fake emit, and sends:

- counter: a one-var counter State defined here, the framework's least event inside Learnsite's tree;
- game: Science Facts answers as the games benchmark sends them (choices tried in turn, a new game when
  one ends), with fixed seeds.

Each is counted twice, with 0 and with N events after a warm-up, and the difference divided by N; the
ratio game / counter is what to compare between versions (`git stash` and run again). Needs valgrind.
`LEARNSITE_BENCH_WALL=1` makes a `--serve` run print its CPU per event (no valgrind; too noisy to compare versions).
"""

from __future__ import annotations

import asyncio
import itertools
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
ACTIVITY = "science-facts"
WARM_UP = 200


def _serve(kind: str, n: int) -> None:
    """Inside valgrind: the app in this process, `n` events of `kind` after the warm-up."""
    os.environ.update(REFLEX_ENV_MODE="prod", __REFLEX_SKIP_COMPILE="true", REFLEX_TELEMETRY_ENABLED="false")
    import logging

    import reflex as rx

    class BenchCounter(rx.State):  # a substate of Learnsite's root State, like every state of the app
        count: int = 0

        @rx.event
        def increment(self):
            self.count += 1

    BenchCounter.__qualname__ = "BenchCounter"  # its state name, as for a class at module level
    from learnsite.games import session as engine
    from learnsite.learnsite import app
    from learnsite.state.activity import ActivityState
    from learnsite.state.game import GameState

    logging.disable(logging.WARNING)
    app()
    seeds = itertools.count(1000)
    engine.new_seed = lambda: next(seeds)  # the same games every run
    game_name, counter_name = GameState.get_full_name(), BenchCounter.get_full_name()
    asyncio.run(_drive(app, kind, n, game_name, counter_name, ActivityState.get_full_name()))


async def _drive(app, kind: str, n: int, game_name: str, counter_name: str, activity_name: str) -> None:
    updates: list[dict] = []  # only the last one is kept: a growing list would be garbage the server never has
    received = [0]
    arrived = asyncio.Event()
    async with app._setup_event_processor():
        door = app.event_namespace

        async def emit(event, data=None, to=None, **_):
            updates[:] = [getattr(data, "delta", None) or {}]
            received[0] += 1
            arrived.set()

        door.emit = emit
        environ = {"QUERY_STRING": "token=bench-token&EIO=4&transport=websocket", "HTTP_HOST": "localhost",
                   "HTTP_ORIGIN": "http://localhost", "REMOTE_ADDR": "127.0.0.1",
                   "asgi.scope": {"client": ("127.0.0.1", 1), "headers": []}}
        await door.on_connect("sid", environ, auth=None)

        async def send(name: str, payload: dict | None = None, path: str = "/", query: dict | None = None) -> dict:
            event = {"name": name, "router_data": {"pathname": path, "asPath": path, "query": query or {}}}
            if payload is not None:
                event["payload"] = payload
            seen = received[0]
            await door.on_event("sid", event)
            while received[0] == seen:
                arrived.clear()
                await arrived.wait()
            return updates[-1]

        page = {"path": f"/activity/{ACTIVITY}", "query": {"id": ACTIVITY}}
        await send("reflex___state____state.hydrate", **page)
        await send(f"{activity_name}.load", **page)
        play: dict = {}

        def var(delta: dict, name: str, default=None):
            return delta.get(game_name, {}).get(f"{name}_rx_state_", default)

        def round_of(delta: dict, default: int) -> int:
            return (var(delta, "turn") or {}).get("round", default)

        async def new_game() -> None:
            delta = await send(f"{game_name}.play_again", **page)
            play.update(round=round_of(delta, 0), choice=0, finished=False)

        async def answer() -> None:
            if play["finished"]:
                await new_game()
            delta = await send(f"{game_name}.choose", {"round_no": play["round"], "choice": play["choice"]}, **page)
            if var(delta, "finished") is True:
                play["finished"] = True
            elif round_of(delta, play["round"]) != play["round"]:
                play.update(round=round_of(delta, play["round"]), choice=0)
            else:  # a hint: the next choice next time
                play["choice"] += 1

        async def increment() -> None:
            await send(f"{counter_name}.increment")

        await new_game()
        step = answer if kind == "game" else increment
        for _ in range(WARM_UP):
            await step()
        started = time.process_time()
        for _ in range(n):
            await step()
        if n and os.environ.get("LEARNSITE_BENCH_WALL"):
            print(f"{kind} {(time.process_time() - started) / n * 1e6:.1f} us of CPU per event", file=sys.stderr)
        if received[0] < WARM_UP + n:
            raise RuntimeError("fewer state updates than events: the events were not handled")


def count(kind: str, n: int) -> int:
    """Instructions per event of `kind` (two valgrind runs, side by side)."""
    out = Path(tempfile.mkdtemp(prefix="learnsite-callgrind-"))
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(REPO), "LEARNSITE_DATA_DIR": str(out / "data")}
    subprocess.run([str(Path(sys.executable).parent / "learnsite"), "prestart"], cwd=REPO, env=env, check=True,
                   stdout=subprocess.DEVNULL)
    runs = [subprocess.Popen(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}/{k}",
                              sys.executable, "-m", "bench.instructions", "--serve", kind, str(k)],
                             cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for k in (0, n)]
    for run in runs:
        if run.wait() != 0:
            raise RuntimeError(f"the {kind} run under valgrind failed")
    total = {}
    for k in (0, n):
        with open(out / str(k)) as f:
            total[k] = next(int(line.split()[1]) for line in f if line.startswith("summary:"))
    return (total[n] - total[0]) // n


def main(argv: list[str]) -> int:
    if argv[:1] == ["--serve"]:
        _serve(argv[1], int(argv[2]))
        return 0
    n = int(argv[0]) if argv else 2000
    figures = {kind: count(kind, n) for kind in ("counter", "game")}
    for kind, per_event in figures.items():
        print(f"{kind:8} {per_event:>9,} instructions per event")
    print(f"game / counter: {figures['game'] / figures['counter']:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
