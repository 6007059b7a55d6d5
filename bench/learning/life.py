"""Reviews that fit a life (issue 40): easy weekends, a 14-day absence under a daily limit, the
backlog orders, and a per-pack target pair, each measured against the same members' plain year.

Every scenario meets the members of the frontier run (bench/learning/sweep.py, the bot's own
policy, the same draws), living as bench/learning/living.py says:

- ``free``: no days off, no limit (the frontier's quizbot point at the bot's knob);
- ``easy_weekends``: Saturday and Sunday easy;
- ``limit``: the daily limit alone;
- ``away_<order>``: a 14-day absence announced the evening before (its cards spread after it),
  under the limit, the backlog in ``order``;
- ``unannounced_<order>``: the same absence not announced: its cards wait for the return;
- ``packs``: the deck split into two packs (alternate questions) with targets 80 % and 92 %
  (``retention.policy_for``), no days off.

    python -m bench.learning --life [--life-members 20] [--life-seed 1] [--daily-limit 40]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from zoneinfo import ZoneInfo

import numpy as np

from bench.learning.learner import recall_probability
from bench.learning.living import Life, Lived, live, local_date
from bench.learning.schedules import Answer, CardState, QuizbotSchedule, Scheduled
from bench.learning.studying import Member, Study, Track
from bench.learning.sweep import World, population
from bot.quiz.review.backlog import BacklogOrder
from bot.quiz.review.retention import policy_for

EASY_WEEKENDS = frozenset({5, 6})  # Saturday, Sunday
ABSENCE_DAYS = 14
PACK_TARGETS = (80, 92)  # percent, the two packs' desired retention
DEFAULT_DAILY_LIMIT = 40  # reviews a day: about 1.6 times the steady load (measured)


def absence_of(days: int) -> tuple[int, int]:
    """The absence: 14 days from a little past the year's middle (day 200 of 365, a Monday;
    every question met by day 52, the load steady), or of a shorter run."""
    first = days * 11 // 20
    return first, first + ABSENCE_DAYS - 1


def scenarios(days: int, limit: int) -> dict[str, Life]:
    absence = absence_of(days)
    found = {"free": Life(), "easy_weekends": Life(EASY_WEEKENDS), "limit": Life(limit=limit)}
    for order in BacklogOrder:
        found[f"away_{order}"] = Life(absence=absence, limit=limit, order=order)
    for order in BacklogOrder:
        found[f"unannounced_{order}"] = Life(
            absence=absence, announced=False, limit=limit, order=order
        )
    return found


@dataclass(frozen=True, slots=True)
class MemberLife:
    """One member's year in one scenario: answers a day, K365, reviews on easy and on normal
    weekdays (per day), the most reviews and the most due on a day after the absence, the days
    its backlog took to clear, the share of its cards right at their first review back, and
    K365 of each pack (the packs scenario)."""

    answers_per_day: float
    k365: float
    easy_day_reviews: float
    normal_day_reviews: float
    steady_reviews: float
    most_reviews_back: int | None
    most_due_back: int | None
    clear_days: int | None
    backlog_right: float | None
    backlog_cards: int
    k_30_days_back: float | None
    pack_k365: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class Task:
    scenario: str
    seed: int
    limit: int


class PackSchedule:
    """The bot's scheduler with a target per pack: card ``i`` is in pack ``i % len(packs)``."""

    name = "quizbot_packs"

    def __init__(self, packs: Sequence[QuizbotSchedule]) -> None:
        self.packs = packs

    def answer(self, state: CardState, answer: Answer) -> Scheduled:
        return self.packs[answer.card % len(self.packs)].answer(state, answer)


def run_task(world: World, task: Task) -> list[MemberLife]:
    """Every member of the seed in one scenario."""
    life = scenarios(world.study.days, task.limit).get(task.scenario, Life())
    found = []
    for index, member in enumerate(population(world, task.seed)):
        fuzz = random.Random(f"{task.seed}:fuzz:{index}")
        zone = ZoneInfo(member.zone)
        schedule: QuizbotSchedule | PackSchedule
        if task.scenario == "packs":
            policies = [policy_for(percent, world.policy) for percent in PACK_TARGETS]
            schedule = PackSchedule([QuizbotSchedule(fuzz, zone, p) for p in policies])
        else:
            schedule = QuizbotSchedule(fuzz, zone, world.policy, life.study_days)
        rng = random.Random(f"{task.seed}:answers:{index}")
        track, lived = live(member, world.study, schedule, rng, life=life, policy=world.policy)
        found.append(measured(member, world.study, track, lived, life))
    return found


def measured(member: Member, study: Study, track: Track, lived: Lived, life: Life) -> MemberLife:
    days = range(study.days)
    easy = [d for d in days if local_date(d).weekday() in EASY_WEEKENDS]
    normal = [d for d in days if d not in set(easy)]
    first = absence_of(study.days)[0]
    steady = lived.reviews_by_day[max(0, first - 50) : first]
    back = life.absence[1] + 1 if life.absence is not None else None
    knowledge = track.curves().knowledge
    month_back = None if back is None or back + 29 >= study.days else knowledge[back + 29]
    return MemberLife(
        answers_per_day=sum(track.answers_by_day) / study.days,
        k365=float(knowledge[-1]),
        easy_day_reviews=float(np.mean([lived.reviews_by_day[d] for d in easy])),
        normal_day_reviews=float(np.mean([lived.reviews_by_day[d] for d in normal])),
        steady_reviews=float(np.mean(steady)) if steady else 0.0,
        most_reviews_back=None if back is None else max(lived.reviews_by_day[back:], default=0),
        most_due_back=None if back is None else max(lived.due_by_day[back:], default=0),
        clear_days=None if back is None else clear_days(lived, back, study.days),
        backlog_right=backlog_right(lived),
        backlog_cards=len(lived.absent_cards),
        k_30_days_back=None if month_back is None else float(month_back),
        pack_k365=pack_knowledge(member, track, study.days),
    )


def clear_days(lived: Lived, back: int, days: int) -> int | None:
    """The days from the return (counted in) until every card due in the absence has been
    reviewed and nothing waits; None if not within the run."""
    done_by = max((day for day, _right in lived.back_reviews.values()), default=back)
    if len(lived.back_reviews) < len(lived.absent_cards):
        return None
    for day in range(max(back, done_by), days):
        if not lived.waiting_by_day[day]:
            return day - back + 1
    return None


def backlog_right(lived: Lived) -> float | None:
    rights = [right for _day, right in lived.back_reviews.values()]
    return float(np.mean(rights)) if rights else None


def pack_knowledge(member: Member, track: Track, days: int) -> tuple[float, ...]:
    """K at the last midnight by pack (alternate questions), from each card's last memory."""
    totals = [0.0] * len(PACK_TARGETS)
    for card, memory in enumerate(track.memories):
        if memory is not None:
            totals[card % len(totals)] += recall_probability(member.learner, memory, days)
    return tuple(totals)
