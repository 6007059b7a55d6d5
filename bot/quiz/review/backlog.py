"""The daily limit on reviews, and the order due cards are offered in when more are due than it
leaves room for.

A member who sets a limit is told how many reviews are left today and how many wait; the cards
that wait are the last in the backlog order. Which order is best is measured, not guessed
(``python -m bench.learning --life``; docs/learning.md, "Reviews that fit a life"): after a
14-day absence under a limit of 40 a day, LOWEST_RETRIEVABILITY first (the cards most likely
slipping, relearnt before they are lost) left the most knowledge 30 days after the return,
the weeks the order decides, announced or not (498.5 and 498.9 of 516, against 498.0 and 498.9
for highest first, 497.9 and 498.3 for oldest due first). The margins are under a K, within
the noise of 20 members, and K365 ranks the orders the other way round by as little: the order
matters less than the limit and the spread; it is the default because the benchmark's
criterion picked it, not because it is known to be better.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, tzinfo
from enum import StrEnum
from typing import TypeVar

from bot.quiz.review.scheduling import Card, Policy, as_utc, calendar_day

Key = TypeVar("Key")

__all__ = [
    "DEFAULT_BACKLOG_ORDER",
    "BacklogOrder",
    "DailyLimit",
    "Offer",
    "in_backlog_order",
    "retrievability",
]


class BacklogOrder(StrEnum):
    """Which due cards come first when not all of them fit in the day."""

    OLDEST_DUE = "oldest_due"
    LOWEST_RETRIEVABILITY = "lowest_retrievability"
    HIGHEST_RETRIEVABILITY = "highest_retrievability"


DEFAULT_BACKLOG_ORDER = BacklogOrder.LOWEST_RETRIEVABILITY


def retrievability(policy: Policy, card: Card, now: datetime, zone: tzinfo) -> float:
    """FSRS's expected recall of ``card`` at ``now``, counted in the member's calendar days as
    ``scheduling.review`` counts them; 0 for a card never answered."""
    if card.stability is None or card.last_review is None:
        return 0.0
    seen = Card(
        card_id=card.card_id,
        state=card.state,
        stability=card.stability,
        difficulty=card.difficulty,
        due=card.due,
        last_review=calendar_day(card.last_review, zone),
    )
    return float(
        policy.memory.get_card_retrievability(seen, current_datetime=calendar_day(now, zone))
    )


def in_backlog_order(
    cards: Iterable[tuple[Key, Card]],
    order: BacklogOrder,
    *,
    policy: Policy,
    now: datetime,
    zone: tzinfo,
) -> list[tuple[Key, Card]]:
    """``cards`` (key, card) in the order they are offered: by ``order``, ties by due time
    (oldest first), then as given."""
    listed = list(cards)
    if order is BacklogOrder.OLDEST_DUE:
        return sorted(listed, key=lambda item: as_utc(item[1].due))
    sign = 1.0 if order is BacklogOrder.LOWEST_RETRIEVABILITY else -1.0
    recall = [sign * retrievability(policy, card, now, zone) for _key, card in listed]
    ranked = sorted(range(len(listed)), key=lambda i: (recall[i], as_utc(listed[i][1].due)))
    return [listed[i] for i in ranked]


@dataclass(frozen=True, slots=True)
class Offer:
    """What a member is offered now: ``left`` reviews they can still do today, ``waiting``
    due ones held back by their limit until another day."""

    left: int
    waiting: int


@dataclass(frozen=True, slots=True)
class DailyLimit:
    """A member's cap on reviews a day; None is no cap. Raises ValueError under 1 (a limit of
    nothing would hold every review back forever: no limit is None)."""

    reviews: int | None = None

    def __post_init__(self) -> None:
        if self.reviews is not None and self.reviews < 1:
            raise ValueError(f"a daily limit of {self.reviews} reviews leaves no room")

    def offer(self, *, reviewed_today: int, due: int) -> Offer:
        """With ``reviewed_today`` reviews done today and ``due`` cards due now, how many are
        offered and how many wait."""
        due = max(0, due)
        if self.reviews is None:
            return Offer(left=due, waiting=0)
        left = min(due, max(0, self.reviews - reviewed_today))
        return Offer(left=left, waiting=due - left)
