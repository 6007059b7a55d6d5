"""Spaced-repetition rules: the FSRS scheduler's settings and how an answer becomes a rating.

The scheduling itself is the ``fsrs`` package's; this module fixes its configuration and fuzzes
review intervals with the caller's random source (fsrs's own fuzz draws from the global
``random`` module, which a caller can neither seed nor keep apart).
"""

from __future__ import annotations

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
    "is_mastered",
    "local_day_start",
    "make_scheduler",
    "new_card",
    "rating_for",
    "review",
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
    reviewed_at: datetime,
    response_ms: int,
    rng: Random,
) -> tuple[Card, ReviewLog]:
    """The card after one answer and its log entry; ``card`` itself is left unchanged.

    A review interval is fuzzed within fsrs's fuzz range (drawn from ``rng``), so that cards
    learnt together do not all fall due on the same day.
    """
    reviewed, log = scheduler.review_card(
        card,
        rating_for(correct=correct),
        review_datetime=as_utc(reviewed_at),
        review_duration=max(0, response_ms),
    )
    if reviewed.state is not State.Review:  # learning steps are minutes: fsrs never fuzzes them
        return reviewed, log
    bounds = fuzz_range(reviewed.due - as_utc(reviewed_at), scheduler.maximum_interval)
    if bounds is None:
        return reviewed, log
    fuzzed = copy(reviewed)
    fuzzed.due = as_utc(reviewed_at) + timedelta(days=rng.randint(*bounds))
    return fuzzed, log


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
