"""Many websocket clients at once: connect (hydrate), then closed-loop events, timing each round trip."""

from __future__ import annotations

import asyncio
import random
import time
from typing import Awaitable, Callable

from bench.wsclient import ReflexClient

ROOT = "reflex___state____state"


def hydrated(update: dict) -> bool:
    return ((update.get("delta") or {}).get(ROOT) or {}).get("is_hydrated_rx_state_") is True


async def connect_many(url: str, auths: list[dict], concurrency: int = 25, timeout: float = 60,
                       subprotocol: str | None = None) -> list[ReflexClient]:
    """One client per hydrate payload, connected and hydrated (at most `concurrency` connecting at once)."""
    gate = asyncio.Semaphore(concurrency)

    async def one(auth: dict) -> ReflexClient:
        async with gate:
            c = ReflexClient(url, subprotocol=subprotocol)
            await c.connect(auth, timeout)
            await c.wait_for(hydrated, timeout=timeout)
            return c

    results = await asyncio.gather(*(one(a) for a in auths), return_exceptions=True)
    clients = [r for r in results if isinstance(r, ReflexClient)]
    errors = [r for r in results if not isinstance(r, ReflexClient)]
    if errors:
        await close_all(clients)
        raise RuntimeError(f"{len(errors)} of {len(auths)} clients failed to connect: {errors[0]!r}")
    return clients


async def close_all(clients: list[ReflexClient]) -> None:
    await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)


Step = Callable[[ReflexClient, int], Awaitable[float]]


async def closed_loop(clients: list[ReflexClient], rounds: int, step: Step, jitter: float = 0.02) -> list[float]:
    """Every client runs `rounds` steps back to back (all clients at once); the round-trip seconds of all."""
    times: list[float] = []
    start = asyncio.Event()

    async def run(c: ReflexClient) -> None:
        await start.wait()
        await asyncio.sleep(random.uniform(0, jitter))  # do not fire all first events in the same tick
        for k in range(rounds):
            times.append(await step(c, k))

    tasks = [asyncio.create_task(run(c)) for c in clients]
    start.set()
    await asyncio.gather(*tasks)
    return times


def timed(event_of: Callable[[ReflexClient, int], dict], done: Callable[[dict, int], bool],
          timeout: float = 60) -> Step:
    """A step that sends one event and waits for the state update that shows it was handled."""

    async def step(c: ReflexClient, k: int) -> float:
        since = len(c.updates)
        sent = await c.emit(event_of(c, k))
        update = await c.wait_for(lambda u: done(u, k), since=since, timeout=timeout)
        return update.at - sent

    return step


def now() -> float:
    return time.perf_counter()
