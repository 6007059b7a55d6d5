"""A member's cards that fall due while they are away, moved to the days after it when they set
the window (bot/quiz/review/away.py decides the days; this reads the cards and writes them)."""

from __future__ import annotations

import math
from collections import Counter
from datetime import date, datetime, timedelta, tzinfo

from sqlalchemy import bindparam, update

from bot.quiz.reminders.study_plan import StudyPlan
from bot.quiz.review import scheduling
from bot.quiz.review.away import falling_due_in, spread
from bot.storage.database import Database
from bot.storage.models import CardRow
from bot.storage.review.due_queue import active_cards

# Without a limit of the member's own, the cards of the window go over the days after it by
# at most this many days' worth more than the busiest of them already holds.
_SPREAD_DAYS = 7


async def spread_away(db: Database, member_id: int, plan: StudyPlan, zone: tzinfo) -> int:
    """Moves the member's cards due in ``plan.away`` (oldest due first) to the days after it,
    none above the member's daily limit a day (or, without one, ``_limit_for``); how many
    moved. Cards due before the window stay due: they are the backlog the limit meters."""
    away = plan.away
    if away is None:
        return 0
    async with db.read() as connection:
        rows = await connection.execute(active_cards(member_id, None).order_by(CardRow.due))
        cards = [((pack, question), _day(due, zone)) for pack, question, due in rows]
    window = falling_due_in(away, cards)
    if not window:
        return 0
    after = Counter(day for _key, day in cards if day >= away.back)
    limit = plan.daily_reviews or _limit_for(len(window), after, away.back)
    moved = spread(window, away, limit=limit, load=after, study_days=plan.study_days)
    moves = [
        {"pack": pack_id, "question": question_id, "new_due": scheduling.start_of(day, zone)}
        for (pack_id, question_id), day in moved.items()
    ]
    async with db.write() as connection:
        await connection.execute(_MOVE.where(CardRow.member_id == member_id), moves)
    return len(moved)


# One statement for every moved card (executemany), its key and due date bound per row.
_MOVE = (
    update(CardRow)
    .where(
        CardRow.pack_id == bindparam("pack"),
        CardRow.question_id == bindparam("question"),
    )
    .values(due=bindparam("new_due"))
)


def _limit_for(count: int, load: Counter[date], back: date) -> int:
    """The most a day after the window may hold: the week's busiest day and a seventh of the
    window's cards, so that they land over about a week rather than on the first day back."""
    week = [load.get(back + timedelta(days=n), 0) for n in range(_SPREAD_DAYS)]
    return max(week) + math.ceil(count / _SPREAD_DAYS)


def _day(due: datetime, zone: tzinfo) -> date:
    return scheduling.as_utc(due).astimezone(zone).date()
