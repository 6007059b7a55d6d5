"""Pausing a round: the open question keeps the time it had left, and a round left paused
longer than its server's limit ends by itself."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

MIN_PAUSE_LIMIT_MINUTES = 1
MAX_PAUSE_LIMIT_MINUTES = 24 * 60
DEFAULT_PAUSE_LIMIT_MINUTES = 60
# The end reason stored for a round that stayed paused too long (standings name it).
PAUSE_LIMIT_REASON = "paused longer than the server's pause limit"


def check_pause_limit(minutes: int) -> int:
    """``minutes`` if it is an allowed pause limit, else ValueError."""
    if not MIN_PAUSE_LIMIT_MINUTES <= minutes <= MAX_PAUSE_LIMIT_MINUTES:
        raise ValueError(
            f"the pause limit must be {MIN_PAUSE_LIMIT_MINUTES}-{MAX_PAUSE_LIMIT_MINUTES} minutes"
        )
    return minutes


def time_left(closes_at: datetime | None, paused_at: datetime, question_seconds: int) -> float:
    """The seconds an open question had left when its round was paused: never below nothing,
    never above its whole time (a question paused before its post was confirmed has its
    closing time counted from the post, later than the pause)."""
    if closes_at is None:
        return float(question_seconds)
    left = (closes_at - paused_at).total_seconds()
    return min(max(0.0, left), float(question_seconds))


@dataclass(frozen=True, slots=True)
class ResumedTimes:
    """A resumed question's times: it closes once the time it had left has run again, and it
    counts as opened that much earlier, so answers are timed without the pause."""

    opened_at: datetime
    closes_at: datetime


def resumed_times(left_s: float, question_seconds: int, now: datetime) -> ResumedTimes:
    closes_at = now + timedelta(seconds=max(0.0, left_s))
    return ResumedTimes(closes_at - timedelta(seconds=question_seconds), closes_at)


def pause_minutes(paused_at: datetime, paused_until: datetime) -> int:
    """The limit a pause was given, in whole minutes, as stored with it."""
    return round((paused_until - paused_at).total_seconds() / 60)
