import random
from collections import Counter

from learnsite.variety import varied


def test_a_value_with_many_candidates_does_not_crowd_in_at_the_end():
    """Ten ways to make 10 and two to make 5 are no reason for three 10s in six: with more candidates than
    rounds, no value is forced, and every value comes up about as often as the others."""
    candidates = [(10, k) for k in range(10)] + [(v, k) for v in (5, 6, 7) for k in range(2)]
    for seed in range(200):
        picked = varied(random.Random(seed), candidates, 8, lambda c: c[0])
        times = Counter(c[0] for c in picked)
        assert max(times.values()) - min(times.values()) <= 1 and len(times) == 4, (seed, picked)
        assert all(a[0] != b[0] for a, b in zip(picked, picked[1:])), (seed, picked)


def test_a_value_that_must_fill_the_end_comes_early_enough():
    """All of 2 2 2 3 4 to place: the 2s go first, third and last (2 3 2 4 2), never in a run."""
    candidates = [2, 2, 2, 3, 4]
    for seed in range(100):
        picked = varied(random.Random(seed), candidates, 5, lambda c: c)
        assert all(a != b for a, b in zip(picked, picked[1:])), (seed, picked)


def test_a_second_pass_starts_unlike_the_first_ended():
    for seed in range(100):
        rng = random.Random(seed)
        first = varied(rng, ["ball", "star", "fish"], 3, lambda c: c)
        again = varied(rng, ["ball", "star", "fish"], 3, lambda c: c, after=first[-1])
        assert again[0] != first[-1], (seed, first, again)
