"""A member's desired retention: the policy it makes, and the reviews a day each choice costs."""

from __future__ import annotations

import pytest

from bot.quiz.review import scheduling
from bot.quiz.review.retention import (
    DEFAULT_RETENTION,
    RETENTION_CHOICES,
    daily_reviews,
    outlook,
    policy_for,
    retention_of,
)


def test_the_default_is_the_schedulers_and_among_the_choices() -> None:
    assert DEFAULT_RETENTION == round(scheduling.DESIRED_RETENTION * 100) == 88
    assert DEFAULT_RETENTION in RETENTION_CHOICES
    assert (min(RETENTION_CHOICES), max(RETENTION_CHOICES)) == (80, 95)
    assert policy_for(None) == scheduling.make_policy()
    assert retention_of(None) == retention_of(70) == DEFAULT_RETENTION  # 70: never offered


def test_a_choice_replaces_only_the_desired_retention() -> None:
    policy = policy_for(95)
    assert policy.desired_retention == pytest.approx(0.95)
    assert (policy.rise, policy.known_before) == (
        scheduling.TARGET_RISE,
        scheduling.KNOWN_BEFORE,
    )
    # At 10 days' stability the target is the choice itself: 0.95 recall comes sooner.
    assert scheduling.target_retention(policy, 10.0) == pytest.approx(0.95)
    assert scheduling.interval_days(policy, 10.0) < scheduling.interval_days(policy_for(80), 10.0)


def test_reviews_a_day_are_one_over_each_cards_interval() -> None:
    policy = policy_for(88)
    stabilities = [0.5, 3.0, 10.0, 40.0]
    expected = sum(1 / scheduling.interval_days(policy, s) for s in stabilities)
    assert daily_reviews(policy, stabilities) == pytest.approx(expected)
    # A card of a fifth of a day comes back the next day: a full review a day.
    assert daily_reviews(policy, [0.2]) == 1.0


def test_higher_retention_costs_more_reviews_and_no_cards_cost_none() -> None:
    costs = outlook([0.4, 2.0, 5.0, 12.0, 30.0, 90.0] * 20)
    assert list(costs) == list(RETENTION_CHOICES)
    ordered = [costs[percent] for percent in RETENTION_CHOICES]
    assert ordered == sorted(ordered)
    assert ordered[0] < ordered[-1]
    assert outlook([]) == dict.fromkeys(RETENTION_CHOICES, 0)
