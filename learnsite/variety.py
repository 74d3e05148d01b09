"""Rounds and problems in an order a child finds varied: plain Python for the games and the worksheets."""

from __future__ import annotations

from typing import Any, Callable


def picked(rng, items, n: int) -> list:
    """n of `items` in random order (as rng.sample, at a third of its cost: one draw each and a sort)."""
    draw = rng.random
    return sorted(items, key=lambda _: draw())[:n]


def varied(rng, candidates, n: int, *traits: Callable[[Any], Any], after: Any = None) -> list:
    """n of the candidates in play order: neighbours differ in each trait where they can, and each trait's
    values come up about as often as one another (not 3 stars, then 3 bees; not four 3s in six rounds; not
    10, 9, 8, 7 either). The first trait counts most; the first pick differs from `after` (the item before it,
    when a sheet goes through its candidates again). ValueError when there are fewer than n candidates."""
    if len(candidates) < n:
        raise ValueError(f"{len(candidates)} candidates for {n} rounds")
    # in a random order: a tie goes to the first
    pool = [(tuple(trait(c) for trait in traits), c) for c in picked(rng, candidates, len(candidates))]
    used: list[dict] = [{} for _ in traits]
    left: list[dict] = [{} for _ in traits]  # candidates still in the pool, per value
    for values, _ in pool:
        for k, v in enumerate(values):
            left[k][v] = left[k].get(v, 0) + 1
    chosen: list = []
    last: tuple = () if after is None else tuple(trait(after) for trait in traits)
    for step in range(n):
        to_go = n - step
        options = pool
        for k, was in enumerate(last):  # unlike the one before in every trait it can be, the first trait first
            options = [item for item in options if item[0][k] != was] or options
        for k in range(len(traits)):  # then the first trait decides, the next only breaks its ties
            def score(item, k=k):
                # a value that must fill more of the steps to go than every other step can hold (the other values'
                # candidates are too few) comes now, or it would end the game in a run (2 3 5 5); otherwise the
                # least used; ties go to the pool's random order
                v = item[0][k]
                must = to_go - (len(pool) - left[k][v])
                return 2 * must <= to_go, used[k].get(v, 0)
            scored = [(score(item), item) for item in options]
            least = min(mark for mark, _ in scored)
            options = [item for mark, item in scored if mark == least]
        best = options[0]
        pool.remove(best)
        chosen.append(best[1])
        last = best[0]
        for k, v in enumerate(last):
            used[k][v] = used[k].get(v, 0) + 1
            left[k][v] -= 1
    return chosen
