"""When each member clicks during a question, and what: a quiz night's arrival curve.

Nobody clicks before reading the question (half a second); most members click within the first
five seconds, the busiest moment about a second and a half in; the rest straggle in until a
second before the close. A share of members double-click: a second, different option a moment
after the first was answered (the first must count). Most members pick the right option.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

READING_S = 0.5
BUSIEST_S = 1.5
EARLY_S = 5.0
EARLY_SHARE = 0.85
DOUBLE_SHARE = 0.1
DOUBLE_GAP_S = (0.05, 0.5)  # after the first click was answered
RIGHT_SHARE = 0.6
LAST_BEFORE_CLOSE_S = 1.0


@dataclass(frozen=True)
class Arrival:
    member: str
    at_s: float  # after the question appeared
    option: int  # the pack's option of the first click
    again: int | None = None  # the option of a second click, if the member double-clicks
    again_after_s: float = 0.0


def plan(
    members: Sequence[str],
    options: int,
    correct: int,
    seconds: float,
    rng: random.Random,
) -> list[Arrival]:
    """One arrival per member for a question of ``options`` options open ``seconds``, in the
    order of their times."""
    last = max(seconds - LAST_BEFORE_CLOSE_S, EARLY_S)
    planned = []
    for member in members:
        if rng.random() < EARLY_SHARE:
            at = rng.triangular(READING_S, EARLY_S, BUSIEST_S)
        else:
            at = rng.uniform(EARLY_S, last)
        wrong = [o for o in range(options) if o != correct]
        option = correct if rng.random() < RIGHT_SHARE else rng.choice(wrong)
        again = None
        if rng.random() < DOUBLE_SHARE:
            again = rng.choice([o for o in range(options) if o != option])
        planned.append(Arrival(member, at, option, again, rng.uniform(*DOUBLE_GAP_S)))
    return sorted(planned, key=lambda arrival: arrival.at_s)
