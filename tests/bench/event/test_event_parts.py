"""The quiz night's pure parts: the arrival curve it offers, and the longest write it reads
from the bot's metrics."""

from __future__ import annotations

import random

from bench.event.arrivals import EARLY_S, READING_S, plan
from bench.event.observe import LONGEST_WRITE, WRITES, longest_write_between

MEMBERS = [str(n) for n in range(2000)]


def _seeded() -> random.Random:
    return random.Random(1)  # noqa: S311 - a fixed seed, not a secret


def test_most_members_click_early_each_once_and_a_share_twice() -> None:
    arrivals = plan(MEMBERS, 4, correct=2, seconds=20, rng=_seeded())
    assert sorted(a.member for a in arrivals) == sorted(MEMBERS)
    times = [a.at_s for a in arrivals]
    assert times == sorted(times)
    assert min(times) >= READING_S
    assert max(times) <= 20 - 1  # the last a second before the close
    early = sum(t <= EARLY_S for t in times) / len(times)
    assert 0.82 < early < 0.88
    doubles = [a for a in arrivals if a.again is not None]
    assert 0.08 < len(doubles) / len(arrivals) < 0.12
    assert all(a.again != a.option for a in doubles)
    right = sum(a.option == 2 for a in arrivals) / len(arrivals)
    assert 0.55 < right < 0.65
    assert plan(MEMBERS, 4, correct=2, seconds=20, rng=_seeded()) == arrivals


def _scrape(longest: float, buckets: dict[str, float]) -> dict[str, float]:
    return {
        LONGEST_WRITE: longest,
        f"{WRITES}_count": buckets["+Inf"],
        **{f"{WRITES}_bucket{{{le}}}": n for le, n in buckets.items()},
    }


def test_a_new_longest_write_is_read_exactly() -> None:
    before = _scrape(0.3, {"0.1": 5, "0.5": 6, "1.0": 6, "+Inf": 6})
    after = _scrape(0.8, {"0.1": 9, "0.5": 10, "1.0": 11, "+Inf": 11})
    assert longest_write_between(before, after) == (0.8, True)


def test_else_the_smallest_bucket_holding_every_write_between_bounds_it() -> None:
    # The start's own write (0.9 s) stays the longest; the five writes since were <= 0.25 s.
    before = _scrape(0.9, {"0.1": 5, "0.25": 5, "0.5": 5, "1.0": 6, "+Inf": 6})
    after = _scrape(0.9, {"0.1": 8, "0.25": 10, "0.5": 10, "1.0": 11, "+Inf": 11})
    assert longest_write_between(before, after) == (0.25, False)
