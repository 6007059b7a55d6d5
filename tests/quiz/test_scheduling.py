"""The FSRS configuration and how answers become ratings."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from bot.quiz import scheduling
from bot.quiz.scheduling import Rating, State

START = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def test_scheduler_settings() -> None:
    scheduler = scheduling.make_scheduler()
    assert scheduler.desired_retention == 0.9
    assert scheduler.maximum_interval == 365
    assert scheduler.enable_fuzzing is False  # the domain has no randomness of its own


def test_wrong_rates_again_and_right_rates_good() -> None:
    assert scheduling.rating_for(correct=False) is Rating.Again
    assert scheduling.rating_for(correct=True) is Rating.Good


def test_review_keeps_the_response_time_and_leaves_the_input_card_alone() -> None:
    card = scheduling.new_card(START)
    reviewed, log = scheduling.review(
        scheduling.make_scheduler(), card, correct=True, reviewed_at=START, response_ms=4200
    )
    assert (log.rating, log.review_duration) == (Rating.Good, 4200)
    assert card.last_review is None
    assert reviewed.last_review == START
    assert reviewed.due > START


def test_intervals_never_pass_a_year() -> None:
    scheduler = scheduling.make_scheduler()
    card, moment = scheduling.new_card(START), START
    for _ in range(30):
        card, _log = scheduling.review(
            scheduler, card, correct=True, reviewed_at=moment, response_ms=1000
        )
        assert card.due - moment <= timedelta(days=365)
        moment = card.due
    assert card.state is State.Review
    assert card.due - card.last_review == timedelta(days=365)  # type: ignore[operator]


def test_naive_and_foreign_zone_times_become_utc() -> None:
    naive = datetime(2026, 1, 5, 9, 0)  # noqa: DTZ001 - databases hand back naive UTC
    athens = datetime(2026, 1, 5, 11, 0, tzinfo=timezone(timedelta(hours=2)))
    assert scheduling.as_utc(naive) == START
    assert scheduling.as_utc(athens).tzinfo is UTC
    assert scheduling.as_utc(athens) == START


@pytest.mark.parametrize(
    ("now", "zone", "expected"),
    [
        (datetime(2026, 11, 25, 12, tzinfo=UTC), "UTC", datetime(2026, 11, 25, tzinfo=UTC)),
        # 12:00 UTC is already the 26th in Auckland (UTC+13), whose day began at 11:00 UTC.
        (
            datetime(2026, 11, 25, 12, tzinfo=UTC),
            "Pacific/Auckland",
            datetime(2026, 11, 25, 11, tzinfo=UTC),
        ),
        # The day of a DST change: Athens' midnight still has the winter offset (+2).
        (
            datetime(2026, 3, 29, 12, tzinfo=UTC),
            "Europe/Athens",
            datetime(2026, 3, 28, 22, tzinfo=UTC),
        ),
    ],
)
def test_local_day_start(now: datetime, zone: str, expected: datetime) -> None:
    assert scheduling.local_day_start(now, ZoneInfo(zone)) == expected


def test_mastery_needs_a_review_card_with_three_weeks_stability() -> None:
    assert scheduling.is_mastered(State.Review, 21.0)
    assert not scheduling.is_mastered(State.Review, 20.9)
    assert not scheduling.is_mastered(State.Relearning, 50.0)
    assert not scheduling.is_mastered(State.Learning, None)
