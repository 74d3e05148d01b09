"""A game's answer -> feedback round trip at 1 and 50 clients, against the bare counter event.

Each client opens /activity/science-facts (its page load and "Start Playing!" are not timed), then
answers: GameState.choose(round_no, choice) -> the state update carrying the feedback (a wrong choice:
the hint and the tried option; a right one: the next round). The client solves as a child might: it
tries the choices in turn (the page never gets the answer), reads the next round from the update,
and starts a new game (not timed) when one finishes. The server checks every move through the engine
(learnsite.games.session), which is what is measured on top of the framework's event.
Clients run closed loops, all at once; bare counter and game take turns, PASSES times over.

A third loop measures the least game event, for scale: the first tap of Number Friends (match), which checks
the round and the thing tapped and marks it picked (GameState.match_left; a second tap lets it go), but asks
the engine nothing. It has the answer's shape (two int arguments, the guard, one GameState var in the update),
so the ratio from it to the answer is the game's own work, and from the bare counter to it, the framework's
inside Learnsite.
"""

from __future__ import annotations

import asyncio
import time

from bench import clients as cl
from bench import site
from bench.b_events import bare_step
from bench.common import Result, log, percentile, ratio
from bench.profiling import record
from bench.session import Bench

TARGET = 1.25
ACTIVITY = "science-facts"
FLOOR_ACTIVITY = "number-friends"  # a match game: its first tap is the floor loop's event
PASSES = 8  # bare and game passes alternate; the verdict is the median of the passes' ratios


def levels(bench: Bench) -> list[tuple[int, int]]:
    """(clients, answers per client)"""
    if bench.quick:
        return [(1, 20), (50, 4)]
    # Passes long enough for a steady state: with 200 answers at 1 client and 20 at 50 (a tenth and a fifth of a
    # second), one scheduler hiccup or the start and end of a pass, when fewer clients are in flight, moved a
    # pass's p50 by a third; the untimed Play Again events and the full collections also need a longer pass
    # to come round at their real rate.
    return [(1, 1000), (50, 100)]


def _game() -> str:
    return site.names()["game"]


def _activity() -> str:
    return site.names()["activity"]


def _path(activity: str) -> str:
    return f"/activity/{activity}"


def _event(handler: str, payload: dict | None = None, activity: str = ACTIVITY) -> dict:
    return site.event(_game(), handler, payload, path=_path(activity), query={"id": activity})


def _answered(update: dict) -> bool:
    """The update that carries the server's answer to a move: GameState's changed vars (only those
    that changed are sent: a hint, a tried option, or the next round)."""
    return bool((update.get("delta") or {}).get(_game()))


def _round(update: dict, default: int) -> int:
    """The round on screen after an update: it travels in GameState.turn, sent with every move."""
    return (site.var(update, _game(), "turn") or {}).get("round", default)


async def _send(c, event: dict, done) -> dict:
    since = len(c.updates)
    await c.emit(event)
    return (await c.wait_for(done, since=since, timeout=60)).data


async def _new_game(c, activity: str = ACTIVITY) -> None:
    update = await _send(c, _event("play_again", activity=activity), _answered)
    c.game = {"round": _round(update, 0), "choice": 0}


async def prepare(clients, activity: str = ACTIVITY) -> None:
    """Every client: the page's lookup of the activity, then a game (not timed). ActivityState.load is
    sent alone (not the page-load chain, whose later updates would be taken for the game's answers)."""
    async def one(c):
        await _send(c, site.event(_activity(), "load", path=_path(activity), query={"id": activity}),
                    lambda u: site.var(u, _activity(), "loaded") is True)
        await _new_game(c, activity)

    await asyncio.gather(*(one(c) for c in clients))


def game_step():
    async def step(c, k: int) -> float:
        if c.game.get("finished"):
            await _new_game(c)
        since = len(c.updates)
        sent = await c.emit(_event("choose", {"round_no": c.game["round"], "choice": c.game["choice"]}))
        update = await c.wait_for(_answered, since=since, timeout=60)
        full = _game()
        if site.var(update.data, full, "finished") is True:
            c.game["finished"] = True
        elif _round(update.data, c.game["round"]) != c.game["round"]:
            c.game.update(round=_round(update.data, c.game["round"]), choice=0)
        else:  # a gentle hint: the next choice is tried next time
            c.game["choice"] += 1
        return update.at - sent

    return step


def floor_step():
    """The first tap of a match round, over and over: picked, let go, picked... (the round never changes)."""
    def ev(c, k):
        return _event("match_left", {"round_no": c.game["round"], "left": 0}, activity=FLOOR_ACTIVITY)

    def done(u, k):
        return site.var(u, _game(), "selected") == (0 if k % 2 == 0 else -1)

    return cl.timed(ev, done)


def _pass_ratios(bare: list[list[float]], other: list[list[float]]) -> list[float]:
    """Each pass's p50 over the bare counter's p50 of the same pass, sorted."""
    return sorted(percentile(o, 50) / percentile(b, 50) for b, o in zip(bare, other))


def busiest_thread_us(before: dict, after: dict, events: int) -> float:
    """CPU microseconds per event of the thread that did the most: the backend's event loop, where every
    handler, delta and JSON encoding runs (the socket threads of the ASGI server are apart)."""
    return max((after[k] - before.get(k, 0.0) for k in after), default=0.0) / max(events, 1) * 1e6


async def measure(target, auth: dict, n: int, rounds: int, step, game: str) -> tuple[list[float], float, float]:
    """The round trips of the timed loop, the server's event-loop CPU per event over it, and the bench client's
    own CPU per event (its thread runs every client: parsing, framing, the next move). `game`: the activity
    whose game every client starts first ("" for none)."""
    clients = await cl.connect_many(target.url, [auth] * n)
    try:
        if game:
            await prepare(clients, game)
        await cl.closed_loop(clients, 2, step)  # warm-up, not counted (two: the floor's taps come in pairs)
        before, client_before = target.thread_cpu(), time.thread_time()
        times = await cl.closed_loop(clients, rounds, step)
        client_us = (time.thread_time() - client_before) / max(len(times), 1) * 1e6
        return times, busiest_thread_us(before, target.thread_cpu(), len(times)), client_us
    finally:
        await cl.close_all(clients)


LOOPS = ("bare counter", "game answer", "least game event")


def run(bench: Bench) -> Result:
    bare, app = bench.bare(), bench.site()
    bare_auth = bench.hydrate(bare, "/")
    game_auth = bench.hydrate(app, _path(ACTIVITY))
    floor_auth = bench.hydrate(app, _path(FLOOR_ACTIVITY))
    result = Result("games", "Game answer -> feedback round trip (websocket, closed loop)")
    passes = 1 if bench.quick else PASSES
    for n, rounds in levels(bench):
        samples: dict[str, list[list[float]]] = {label: [] for label in LOOPS}
        cpu: dict[str, list[float]] = {label: [] for label in LOOPS}
        client_cpu: dict[str, list[float]] = {label: [] for label in LOOPS}
        for k in range(passes):
            # each game pass right after its bare pass (the verdict pairs them); the floor after both
            for label, target, auth, step, game in (("bare counter", bare, bare_auth, bare_step(), ""),
                                                    ("game answer", app, game_auth, game_step(), ACTIVITY),
                                                    ("least game event", app, floor_auth, floor_step(),
                                                     FLOOR_ACTIVITY)):
                log(f"games: {label}, {n} clients x {rounds} (pass {k + 1})")
                with record(bench.profile and k == 0 and n > 1, [target], f"games-{label.replace(' ', '-')}-{n}",
                            result.notes):
                    times, per_event, client_us = asyncio.run(measure(target, auth, n, rounds, step, game))
                samples[label].append(times)
                log(f"games: {label}, {n} clients (pass {k + 1}): p50 {percentile(times, 50) * 1000:.2f} ms, "
                    f"event-loop CPU {per_event:.0f} us per event, bench client CPU {client_us:.0f} us per event")
                cpu[label].append(per_event)
                client_cpu[label].append(client_us)
        pooled = {label: [x for one in runs for x in one] for label, runs in samples.items()}
        b50, b95 = (percentile(pooled["bare counter"], q) * 1000 for q in (50, 95))
        result.add(f"bare counter, {n} clients (p50/p95)", "", f"{b50:.1f} / {b95:.1f} ms")
        for label, row in (("game answer", "answer -> feedback"), ("least game event", "least game event")):
            g50, g95 = (percentile(pooled[label], q) * 1000 for q in (50, 95))
            result.add(f"{row}, {n} clients (p50/p95, all passes pooled)", f"{g50:.1f} / {g95:.1f} ms",
                       f"{b50:.1f} / {b95:.1f} ms", f"{ratio(g50, b50)} / {ratio(g95, b95)}")
        for label, row in (("game answer", "server event-loop CPU per event"),
                           ("least game event", "server event-loop CPU per least game event")):
            cpu_bare, cpu_game = percentile(cpu["bare counter"], 50), percentile(cpu[label], 50)
            result.add(f"{row}, {n} clients (median of the passes; not the verdict)",
                       f"{cpu_game:.0f} us", f"{cpu_bare:.0f} us", ratio(cpu_game, cpu_bare))
        client_bare, client_game = (percentile(client_cpu[k], 50) for k in ("bare counter", "game answer"))
        result.add(f"bench client CPU per event, {n} clients (median of the passes; not the verdict)",
                   f"{client_game:.0f} us", f"{client_bare:.0f} us", ratio(client_game, client_bare))
        floor = _pass_ratios(samples["bare counter"], samples["least game event"])
        result.add(f"least game event ÷ bare counter, {n} clients: p50 ratio of each pass (median of {len(floor)}; "
                   "range; for scale, no target)", "", "",
                   f"{percentile(floor, 50):.2f}× ({floor[0]:.2f}-{floor[-1]:.2f})")
        paired = _pass_ratios(samples["bare counter"], samples["game answer"])
        middle = percentile(paired, 50)
        result.add(f"answer -> feedback ÷ bare counter, {n} clients: p50 ratio of each pass pair "
                   f"(median of {len(paired)}; range)", "", "",
                   f"{middle:.2f}× ({paired[0]:.2f}-{paired[-1]:.2f})", f"p50 ≤ {TARGET}× bare", middle <= TARGET)
    result.notes.append("The game is Science Facts (choose kind); a client tries the choices in turn, so the "
                        "samples mix hints (wrong tries) and next rounds (right answers), as a child's play does.")
    result.notes.append("Server event-loop CPU per event: the CPU time of the busiest thread of each server's "
                        "processes (its event loop) over a timed pass, divided by the pass's events; the game's "
                        "includes its untimed Play Again events. Its unit is the kernel's clock tick (10 ms), coarse "
                        "for the short 1-client passes.")
    result.notes.append("Bench client CPU per event: the bench's own thread (every client's parsing, framing and next "
                        "move) over a timed pass. It shares the server's 2 cores, and it is not the same for both: "
                        "a game update is bigger to parse and a game needs Play Again, so the client's work adds "
                        "to the game's round trips more than to the counter's.")
    result.notes.append("The least game event (Number Friends' first tap: the round and the thing checked, the tap "
                        "marked; no engine, no answer) has the answer's shape: two int arguments through the guard "
                        "and one GameState var in the update. Between it and the bare counter is the framework "
                        "inside Learnsite (the guard, the state tree, the page's router data); between it and the "
                        "answer, the game's own work (the engine's check, the next round's board, Play Again).")
    result.notes.append(f"The verdict is the median over {passes} pass(es) of (game p50 / bare counter p50) within a "
                        "pass: each game pass runs right after its bare pass, so a slow minute of a shared 2-core "
                        "machine moves both, where pooled p50s drift with it.")
    return result
