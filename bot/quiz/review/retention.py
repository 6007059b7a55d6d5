"""A member's desired retention: how sure of a question they want to be when it comes back, and
what each choice costs in reviews a day, from the member's own cards.

The retention a member picks replaces ``Policy.desired_retention``: the target recall at
``REFERENCE_STABILITY_DAYS``, from which the target still rises with stability (bot.quiz
.scheduling). Higher costs more reviews for more knowledge (the frontier of docs/learning.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from bot.quiz.review.scheduling import DESIRED_RETENTION, Policy, interval_days, make_policy

# The choices, in percent; the middle one is the scheduler's own default.
RETENTION_CHOICES = (80, 85, 88, 92, 95)
DEFAULT_RETENTION = round(DESIRED_RETENTION * 100)
_PERCENT = 100

__all__ = [
    "DEFAULT_RETENTION",
    "RETENTION_CHOICES",
    "daily_reviews",
    "outlook",
    "policy_for",
    "retention_of",
]


def retention_of(percent: int | None) -> int:
    """The member's retention in percent: their choice, or the default if they made none (or
    one no longer offered)."""
    return percent if percent in RETENTION_CHOICES else DEFAULT_RETENTION


def policy_for(percent: int | None, base: Policy | None = None) -> Policy:
    """``base`` (the bot's policy) with the member's retention as its desired retention."""
    policy = base or make_policy()
    chosen = retention_of(percent)
    if chosen == DEFAULT_RETENTION:
        return policy
    return replace(policy, desired_retention=chosen / _PERCENT)


def daily_reviews(policy: Policy, stabilities: Iterable[float]) -> float:
    """The reviews a day the cards of these stabilities (days) cost under ``policy``, as they
    are now: each comes back every ``interval_days`` days, so costs 1/interval a day. Stability
    grows with every right answer, so this is the load of the coming days, not of a year."""
    return sum(1 / interval_days(policy, stability) for stability in stabilities)


def outlook(stabilities: Iterable[float], base: Policy | None = None) -> Mapping[int, float]:
    """For each retention choice, the reviews a day the member's cards would cost."""
    held = list(stabilities)
    return {
        percent: daily_reviews(policy_for(percent, base), held) for percent in RETENTION_CHOICES
    }
