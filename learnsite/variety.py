"""Rounds and problems in an order a child finds varied: plain Python for the games and the worksheets."""

from __future__ import annotations

from typing import Any, Callable


def varied(rng, candidates, n: int, *traits: Callable[[Any], Any]) -> list:
    """n of the candidates in play order: neighbours differ in each trait where they can, and each trait's
    values come up about as often as one another (not 3 stars, then 3 bees; not four 3s in six rounds). The
    first trait decides, the next breaks its ties, then a random order. ValueError when there are fewer than n."""
    if len(candidates) < n:
        raise ValueError(f"{len(candidates)} candidates for {n} rounds")
    draw = rng.random  # a random order (ties go to the first): one draw each and a sort
    pool = [(tuple(trait(c) for trait in traits), c) for c in sorted(candidates, key=lambda _: draw())]
    used: list[dict] = [{} for _ in traits]
    left: list[dict] = [{} for _ in traits]  # candidates still in the pool, per value: the likelier to end in a run
    for values, _ in pool:
        for k, v in enumerate(values):
            left[k][v] = left[k].get(v, 0) + 1
    chosen: list = []
    last: tuple = ()
    for _ in range(n):
        options = pool
        for k in range(len(traits)):  # the first trait decides; the next only breaks its ties
            def score(item, k=k):
                v = item[0][k]
                return (bool(last) and v == last[k], used[k].get(v, 0), -left[k][v])
            least = min(map(score, options))
            options = [item for item in options if score(item) == least]
        best = options[0]
        pool.remove(best)
        chosen.append(best[1])
        last = best[0]
        for k, v in enumerate(last):
            used[k][v] = used[k].get(v, 0) + 1
            left[k][v] -= 1
    return chosen
