"""The retention a member reaches (due reviews only, a card's first answer of a day) and the
30-day forecast (cards followed through the scheduler, new questions at the daily limit)."""

from __future__ import annotations

import itertools
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from bot.quiz.review import retention, scheduling
from bot.quiz.stats.forecast import FORECAST_DAYS, ForecastCard, forecast
from bot.quiz.stats.reached import ENOUGH_REVIEWS, LoggedAnswer, Reached, reached_retention

DAY = date(2026, 12, 1)
NOW = datetime(2026, 12, 8, 9, tzinfo=UTC)
UTC_ZONE = ZoneInfo("UTC")


def logged(question: str, day: int, *, correct: bool = True, **flags: bool) -> LoggedAnswer:
    found = {"from_review": True, "met_before": True} | flags
    return LoggedAnswer("mini", question, DAY + timedelta(days=day), correct, **found)


def test_only_a_cards_first_answer_of_a_day_counts() -> None:
    answers = [logged("q1", 0, correct=False), logged("q1", 0), logged("q1", 1)]
    assert reached_retention(answers) == {"mini": Reached(reviews=2, right=1)}


def test_first_meetings_and_round_answers_are_not_reviews_of_due_cards() -> None:
    answers = [
        logged("q1", 0, met_before=False),
        logged("q2", 0, from_review=False),
        logged("q3", 0, correct=False),
    ]
    assert reached_retention(answers) == {"mini": Reached(reviews=1, right=0)}


def test_a_round_answer_first_in_the_day_takes_the_days_place() -> None:
    """A question missed in a round and reviewed the same day follows the round's answer."""
    answers = [logged("q1", 0, from_review=False, correct=False), logged("q1", 0)]
    assert reached_retention(answers) == {}


def test_a_share_needs_enough_reviews() -> None:
    assert Reached(ENOUGH_REVIEWS - 1, ENOUGH_REVIEWS - 1).retention is None
    assert Reached(ENOUGH_REVIEWS * 2, ENOUGH_REVIEWS).retention == pytest.approx(0.5)


def reviewed_card(stability_days: float, due_in_days: int) -> scheduling.Card:
    card = scheduling.new_card(NOW)
    card.state, card.stability, card.difficulty = scheduling.State.Review, stability_days, 5.0
    card.last_review = NOW - timedelta(days=stability_days)
    card.due = NOW + timedelta(days=due_in_days)
    return card


def test_nothing_to_review_and_nothing_new_forecasts_nothing() -> None:
    empty = forecast([], {}, daily_new=10, now=NOW, zone=UTC_ZONE, policies={})
    assert empty.per_day == (0.0,) * FORECAST_DAYS
    assert (empty.total, empty.new) == (0.0, 0)


def test_a_card_comes_back_on_its_due_day_and_then_less_often() -> None:
    card = ForecastCard("mini", reviewed_card(10.0, 3))
    found = forecast([card], {}, daily_new=0, now=NOW, zone=UTC_ZONE, policies={})
    assert found.per_day[3] == 1
    assert found.per_day[4] == pytest.approx(1 - scheduling.target_retention(POLICY, 10.0))
    reviewed_days = [day for day, count in enumerate(found.per_day) if count >= 1]
    gaps = [later - earlier for earlier, later in itertools.pairwise(reviewed_days)]
    assert reviewed_days[0] == 3
    assert gaps == sorted(gaps)  # intervals grow with each right answer


def test_an_overdue_card_counts_today() -> None:
    card = ForecastCard("mini", reviewed_card(5.0, -4))
    found = forecast([card], {}, daily_new=0, now=NOW, zone=UTC_ZONE, policies={})
    assert found.per_day[0] == 1


def test_new_questions_come_at_the_daily_limit_until_the_packs_run_out() -> None:
    found = forecast([], {"mini": 3, "other": 4}, daily_new=2, now=NOW, zone=UTC_ZONE, policies={})
    assert found.new == 7
    assert found.per_day[0] == 2  # two new today, nothing else yet
    assert found.total > 7  # and their reviews after


def test_a_lower_target_forecasts_fewer_reviews() -> None:
    cards = [ForecastCard("mini", reviewed_card(3.0, day % 5)) for day in range(20)]
    relaxed = {"mini": retention.policy_for(80)}
    strict = {"mini": retention.policy_for(95)}
    low = forecast(cards, {}, daily_new=0, now=NOW, zone=UTC_ZONE, policies=relaxed)
    high = forecast(cards, {}, daily_new=0, now=NOW, zone=UTC_ZONE, policies=strict)
    assert low.total < high.total


POLICY = scheduling.make_policy()
