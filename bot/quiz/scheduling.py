"""Spaced-repetition rules: the FSRS scheduler's settings and how an answer becomes a rating.

The scheduling itself is the ``fsrs`` package's; this module fixes its configuration, weighs a
right answer by how likely it was a guess, and fuzzes review intervals with the caller's random
source (fsrs's own fuzz draws from the global ``random`` module, which a caller can neither seed
nor keep apart).
"""

from __future__ import annotations

import math
from copy import copy
from datetime import UTC, datetime, timedelta, tzinfo
from random import Random

from fsrs import Card, Rating, ReviewLog, Scheduler, State
from fsrs.scheduler import FUZZ_RANGES

DESIRED_RETENTION = 0.9
# A four-option question can be guessed right, so no interval may grow past a year.
MAXIMUM_INTERVAL_DAYS = 365
DEFAULT_DAILY_NEW_LIMIT = 10
# Storage identifies a card by (member, pack, question); fsrs's own card id is unused.
_UNUSED_CARD_ID = 0

__all__ = [
    "DEFAULT_DAILY_NEW_LIMIT",
    "DESIRED_RETENTION",
    "MASTERED_STABILITY_DAYS",
    "MAXIMUM_INTERVAL_DAYS",
    "Card",
    "Rating",
    "ReviewLog",
    "State",
    "as_utc",
    "fuzz_range",
    "interval_days",
    "is_mastered",
    "local_day_start",
    "make_scheduler",
    "new_card",
    "rating_for",
    "review",
    "weigh_for_guessing",
]


def make_scheduler() -> Scheduler:
    """The one scheduler configuration. Its own fuzzing is off: ``review`` fuzzes instead,
    with the caller's random source."""
    return Scheduler(
        desired_retention=DESIRED_RETENTION,
        maximum_interval=MAXIMUM_INTERVAL_DAYS,
        enable_fuzzing=False,
    )


def rating_for(*, correct: bool) -> Rating:
    """A wrong answer rates Again, a right one Good (a multiple-choice click says no more)."""
    return Rating.Good if correct else Rating.Again


def as_utc(moment: datetime) -> datetime:
    """An aware UTC datetime, as fsrs demands; naive values (as databases return them) are UTC."""
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def new_card(now: datetime) -> Card:
    """A card never reviewed, due at ``now``."""
    return Card(card_id=_UNUSED_CARD_ID, due=as_utc(now))


def review(
    scheduler: Scheduler,
    card: Card,
    *,
    correct: bool,
    option_count: int,
    reviewed_at: datetime,
    response_ms: int,
    rng: Random,
) -> tuple[Card, ReviewLog]:
    """The card after one answer to a question of ``option_count`` options, and its log entry;
    ``card`` itself is left unchanged.

    A right answer is weighed by how likely it was a guess (``weigh_for_guessing``). A review
    interval is fuzzed within fsrs's fuzz range (drawn from ``rng``), so that cards learnt
    together do not all fall due on the same day.
    """
    reviewed, log = scheduler.review_card(
        card,
        rating_for(correct=correct),
        review_datetime=as_utc(reviewed_at),
        review_duration=max(0, response_ms),
    )
    if correct:
        reviewed = weigh_for_guessing(scheduler, card, reviewed, option_count, as_utc(reviewed_at))
    if reviewed.state is not State.Review:  # learning steps are minutes: fsrs never fuzzes them
        return reviewed, log
    bounds = fuzz_range(reviewed.due - as_utc(reviewed_at), scheduler.maximum_interval)
    if bounds is None:
        return reviewed, log
    fuzzed = copy(reviewed)
    fuzzed.due = as_utc(reviewed_at) + timedelta(days=rng.randint(*bounds))
    return fuzzed, log


def weigh_for_guessing(
    scheduler: Scheduler, before: Card, good: Card, option_count: int, reviewed_at: datetime
) -> Card:
    """``good`` (``before`` rated Good) with its memory weighed by the chance the right answer
    was recalled rather than guessed.

    fsrs's weights come from flashcards, where "Good" means recalled; a right pick among
    ``option_count`` options is also what a member who forgot gets one time in ``option_count``.
    Given the recall FSRS expected (R), the chance the member recalled is
    R / (R + (1 - R) / option_count); the stability is the Good and the Again outcome's, weighed
    by that chance on a log scale (stability scales intervals), and the difficulty likewise on
    its own scale. A first answer has no expected recall to weigh it by and stays Good.
    """
    if before.stability is None or before.last_review is None or good.stability is None:
        return good
    if option_count < 2:  # noqa: PLR2004  # a single option cannot be guessed wrong
        return good
    recall = scheduler.get_card_retrievability(before, current_datetime=reviewed_at)
    recalled = recall / (recall + (1 - recall) / option_count)
    forgot, _log = scheduler.review_card(before, Rating.Again, review_datetime=reviewed_at)
    if forgot.stability is None or forgot.difficulty is None or good.difficulty is None:
        return good
    weighed = copy(good)
    weighed.stability = math.pow(good.stability, recalled) * math.pow(
        forgot.stability, 1 - recalled
    )
    weighed.difficulty = recalled * good.difficulty + (1 - recalled) * forgot.difficulty
    if weighed.state is State.Review:
        weighed.due = reviewed_at + timedelta(days=interval_days(scheduler, weighed.stability))
    return weighed


def interval_days(scheduler: Scheduler, stability: float) -> int:
    """The whole days until recall is expected to fall to the desired retention, as fsrs
    rounds and bounds them: t = S / F · (DR^(1/C) - 1), C = -w20, F = 0.9^(1/C) - 1."""
    decay = -float(scheduler.parameters[20])
    factor = math.pow(0.9, 1 / decay) - 1
    days = stability / factor * (math.pow(scheduler.desired_retention, 1 / decay) - 1)
    return min(max(round(days), 1), int(scheduler.maximum_interval))


def fuzz_range(interval: timedelta, maximum_interval: int) -> tuple[int, int] | None:
    """The days a review interval may be fuzzed to, both ends included, by fsrs's own rule
    (``Scheduler._get_fuzz_range``); None for intervals under 2.5 days, which fsrs leaves be."""
    days = interval.days
    if days < 2.5:  # noqa: PLR2004  # fsrs's threshold, as fsrs writes it
        return None
    delta = 1.0 + sum(
        fuzz["factor"] * max(min(float(days), fuzz["end"]) - fuzz["start"], 0.0)
        for fuzz in FUZZ_RANGES
    )
    high = min(round(days + delta), maximum_interval)
    low = min(max(2, round(days - delta)), high)
    return low, high


def local_day_start(now: datetime, zone: tzinfo) -> datetime:
    """The UTC instant at which the member's current calendar day began in ``zone``."""
    local = as_utc(now).astimezone(zone)
    # zoneinfo derives the offset from the wall time, so midnight gets its own (pre-DST) offset.
    return local.replace(hour=0, minute=0, second=0, microsecond=0).astimezone(UTC)


# A card counts as mastered once FSRS expects it to be remembered for three weeks.
MASTERED_STABILITY_DAYS = 21.0


def is_mastered(state: State, stability: float | None) -> bool:
    return state is State.Review and stability is not None and stability >= MASTERED_STABILITY_DAYS
