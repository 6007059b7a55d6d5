"""The daily limit and the backlog order: what is offered and what waits, and in which order."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.quiz.review import scheduling
from bot.quiz.review.backlog import (
    DEFAULT_BACKLOG_ORDER,
    BacklogOrder,
    DailyLimit,
    Offer,
    in_backlog_order,
    retrievability,
)
from bot.quiz.review.scheduling import Card, State

NOW = datetime(2026, 12, 7, 18, tzinfo=UTC)
DAY = timedelta(days=1)
ATHENS = ZoneInfo("Europe/Athens")
POLICY = scheduling.make_policy()


def card(stability: float, seen_days_ago: int, due_days_ago: int) -> Card:
    return Card(
        card_id=0,
        state=State.Review,
        stability=stability,
        difficulty=5.0,
        due=NOW - due_days_ago * DAY,
        last_review=NOW - seen_days_ago * DAY,
    )


def test_a_limit_offers_what_is_left_and_says_what_waits() -> None:
    assert DailyLimit(None).offer(reviewed_today=50, due=30) == Offer(left=30, waiting=0)
    assert DailyLimit(20).offer(reviewed_today=5, due=30) == Offer(left=15, waiting=15)
    assert DailyLimit(20).offer(reviewed_today=25, due=3) == Offer(left=0, waiting=3)
    assert DailyLimit(20).offer(reviewed_today=0, due=0) == Offer(left=0, waiting=0)
    with pytest.raises(ValueError, match="no room"):
        DailyLimit(0)


@given(
    limit=st.one_of(st.none(), st.integers(1, 500)),
    reviewed=st.integers(0, 600),
    due=st.integers(0, 600),
)
def test_an_offer_never_passes_the_limit_and_loses_no_card(
    limit: int | None, reviewed: int, due: int
) -> None:
    offer = DailyLimit(limit).offer(reviewed_today=reviewed, due=due)
    assert offer.left + offer.waiting == due
    assert offer.left >= 0
    assert offer.waiting >= 0
    if limit is not None:
        assert reviewed + offer.left <= max(limit, reviewed)


def test_retrievability_is_fsrs_own_in_calendar_days() -> None:
    fresh = card(10.0, seen_days_ago=0, due_days_ago=-10)
    assert retrievability(POLICY, fresh, NOW, ATHENS) == pytest.approx(1.0)
    # At t = S recall is 0.9, by FSRS's definition of stability.
    assert retrievability(POLICY, card(10.0, 10, 0), NOW, ATHENS) == pytest.approx(0.9)
    never = scheduling.new_card(NOW)
    assert retrievability(POLICY, never, NOW, ATHENS) == 0.0


def test_each_order_ranks_the_backlog() -> None:
    cards = [
        ("shaky", card(2.0, seen_days_ago=12, due_days_ago=10)),  # R low, due 10 days ago
        ("solid", card(200.0, seen_days_ago=120, due_days_ago=2)),  # R high, due 2 days ago
        ("middle", card(20.0, seen_days_ago=30, due_days_ago=14)),  # oldest due
    ]

    def keys(order: BacklogOrder) -> list[str]:
        ranked = in_backlog_order(cards, order, policy=POLICY, now=NOW, zone=ATHENS)
        return [key for key, _card in ranked]

    assert keys(BacklogOrder.OLDEST_DUE) == ["middle", "shaky", "solid"]
    assert keys(BacklogOrder.LOWEST_RETRIEVABILITY) == ["shaky", "middle", "solid"]
    assert keys(BacklogOrder.HIGHEST_RETRIEVABILITY) == ["solid", "middle", "shaky"]
    assert DEFAULT_BACKLOG_ORDER in BacklogOrder
