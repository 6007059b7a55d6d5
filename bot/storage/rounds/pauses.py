"""Pausing and resuming rounds. Each is a conditional UPDATE of the round's row, as every round
transition is: of a pause and a close (or a resume and an expiry) racing, one wins, and the
loser changes nothing. An open question's message owes a ``timer`` edit either way."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import select, update

from bot.quiz.rounds.pauses import check_pause_limit, resumed_times, time_left
from bot.quiz.rounds.rules import Message, RoundState
from bot.storage.database import Database
from bot.storage.models import RoundRow, rounds_table
from bot.storage.results import Paused, Resumed
from bot.storage.rounds import outbox

_RUNNING = RoundRow.state == RoundState.RUNNING.value


async def pause_round(
    db: Database, round_id: int, now: datetime, limit_minutes: int
) -> Paused | None:
    """Pauses a running round: its open question's time stops, and clicks are refused until it
    resumes; unless resumed within ``limit_minutes`` it ends. None if it was not running or
    was paused already."""
    until = now + timedelta(minutes=check_pause_limit(limit_minutes))
    not_paused = (RoundRow.id == round_id, _RUNNING, RoundRow.paused_at.is_(None))
    async with db.write() as connection:
        # Locked, so the question cannot close between this read and the pause.
        row = (
            await connection.execute(select(rounds_table).where(*not_paused).with_for_update())
        ).one_or_none()
        if row is None:
            return None
        claimed = await connection.execute(
            update(RoundRow).where(*not_paused).values(paused_at=now, paused_until=until)
        )
        if claimed.rowcount != 1:
            return None
        left = None
        if row.question_open:
            left = time_left(row.closes_at, now, row.question_seconds)
            await outbox.enqueue(connection, round_id, Message.TIMER, row.question_index, now)
    return Paused(round_id, row.question_index, left, until)


async def resume_round(db: Database, round_id: int, now: datetime) -> Resumed | None:
    """Resumes a paused round: its open question closes once the time it had left has run
    again (a new countdown), and counts as opened so much earlier that answers are timed
    without the pause. None if it was not running and paused."""
    paused = (RoundRow.id == round_id, _RUNNING, RoundRow.paused_at.is_not(None))
    async with db.write() as connection:
        row = (
            await connection.execute(select(rounds_table).where(*paused).with_for_update())
        ).one_or_none()
        if row is None:
            return None
        values: dict[str, object] = {"paused_at": None, "paused_until": None}
        closes_at = None
        if row.question_open:
            left = time_left(row.closes_at, row.paused_at, row.question_seconds)
            times = resumed_times(left, row.question_seconds, now)
            closes_at = times.closes_at
            values |= {"question_opened_at": times.opened_at, "closes_at": closes_at}
        this_pause = (*paused, RoundRow.paused_at == row.paused_at)
        claimed = await connection.execute(update(RoundRow).where(*this_pause).values(values))
        if claimed.rowcount != 1:
            return None
        if row.question_open:
            await outbox.enqueue(connection, round_id, Message.TIMER, row.question_index, now)
    return Resumed(round_id, row.question_index, closes_at)
