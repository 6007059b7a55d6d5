"""Spaced-repetition rules: the FSRS scheduler's settings and how an answer becomes a rating.

The scheduling itself is the ``fsrs`` package's; this module only fixes its configuration.
"""

from __future__ import annotations

from datetime import UTC, datetime, tzinfo

from fsrs import Card, Rating, ReviewLog, Scheduler, State

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
    "is_mastered",
    "local_day_start",
    "make_scheduler",
    "new_card",
    "rating_for",
    "review",
]


def make_scheduler() -> Scheduler:
    """The one scheduler configuration; fuzzing is off because the domain has no randomness."""
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
    scheduler: Scheduler, card: Card, *, correct: bool, reviewed_at: datetime, response_ms: int
) -> tuple[Card, ReviewLog]:
    """The card after one answer and its log entry; ``card`` itself is left unchanged."""
    return scheduler.review_card(
        card,
        rating_for(correct=correct),
        review_datetime=as_utc(reviewed_at),
        review_duration=max(0, response_ms),
    )


def local_day_start(now: datetime, zone: tzinfo) -> datetime:
    """The UTC instant at which the member's current calendar day began in ``zone``."""
    local = as_utc(now).astimezone(zone)
    # zoneinfo derives the offset from the wall time, so midnight gets its own (pre-DST) offset.
    return local.replace(hour=0, minute=0, second=0, microsecond=0).astimezone(UTC)


# A card counts as mastered once FSRS expects it to be remembered for three weeks.
MASTERED_STABILITY_DAYS = 21.0


def is_mastered(state: State, stability: float | None) -> bool:
    return state is State.Review and stability is not None and stability >= MASTERED_STABILITY_DAYS
