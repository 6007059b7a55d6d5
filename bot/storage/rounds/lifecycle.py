"""Round services. Every state change is a conditional UPDATE: of several bot processes racing
to open or close the same question, exactly one sees a changed row and acts on it."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Connection, Row, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.quiz.boards.standings import Standings
from bot.quiz.rounds import rules
from bot.quiz.rounds.pauses import PAUSE_LIMIT_REASON
from bot.quiz.rounds.plan import RoundPlan
from bot.quiz.rounds.review_round import RoundMode, review_order
from bot.quiz.rounds.rules import Message, RoundState
from bot.quiz.schedules.series import Occurrence, Outcome
from bot.storage.database import Database
from bot.storage.models import (
    RoundMessageRow,
    RoundRow,
    rounds_table,
)
from bot.storage.models.rounds import plan_of, stored_plan
from bot.storage.packs.library import pack_question_ids
from bot.storage.packs.versions import version_to_play
from bot.storage.results import (
    OpenedQuestion,
    RoundView,
    Tally,
)
from bot.storage.rounds import outbox
from bot.storage.rounds.pack_records import pack_record
from bot.storage.rounds.settle import lock_for_settle, settle_pending, settle_pending_in
from bot.storage.rounds.tallies import standings_in, tally_in
from bot.storage.schedules import series


class RoundAlreadyRunningError(Exception):
    """The channel already has a running round (perhaps started by another process)."""


class NothingToReviewError(Exception):
    """A review round was asked for a pack nobody in the server has answered yet."""


@dataclass(frozen=True, slots=True)
class ScheduledStart:
    """The occurrence of a schedule a round starts for."""

    schedule_id: int
    occurrence: Occurrence


async def start_round(
    db: Database,
    plan: RoundPlan,
    *,
    rng: random.Random,
    now: datetime,
    scheduled: ScheduledStart | None = None,
) -> RoundView:
    """A new running round over a shuffle of the pack's active questions, or in review mode
    over those the server most needs again (``review_round.review_order``). A server pack's
    round plays the version current now, read with its questions in one transaction; raises
    pack_versions.PackGoneError if that pack is no longer stored.

    A ``scheduled`` round claims its occurrence in the same transaction (raising
    schedules.OccurrenceTakenError if it is taken) and owes its start card, which pings
    the plan's ``ping_role_id``, in the outbox; a round started by a command posts its own. A
    plan with a ``team_plan`` is a team round (bot/quiz/rounds/teams.py)."""
    review = None
    if plan.mode is RoundMode.REVIEW:
        record = await pack_record(db, guild_id=plan.guild_id, pack_id=plan.pack_id, now=now)
        review = review_order(record, plan.question_count)
        if not review:
            raise NothingToReviewError(
                f"nobody in server {plan.guild_id} has answered {plan.pack_id}"
            )
    values = {
        "guild_id": plan.guild_id,
        "channel_id": plan.channel_id,
        "pack_id": plan.pack_id,
        "started_by": plan.started_by,
        "question_seconds": rules.check_question_seconds(plan.question_seconds),
        "state": RoundState.RUNNING.value,
        "question_index": -1,
        "question_open": False,
        "started_at": now,
        "mode": plan.mode.value,
        "ping_role_id": plan.ping_role_id,
        "teams": stored_plan(plan.team_plan),
    }
    try:
        async with db.write() as connection:
            if scheduled is not None:  # first: a concurrent claimer waits here, then finds it
                await series.claim(
                    connection, scheduled.schedule_id, scheduled.occurrence, Outcome.STARTED, now
                )
            version_id = await version_to_play(connection, plan.pack_id)
            order = review or rules.shuffled_order(
                await pack_question_ids(connection, plan.pack_id), rng, plan.question_count
            )
            result = await connection.execute(
                rounds_table.insert()
                .values({**values, "question_order": list(order), "pack_version_id": version_id})
                .returning(rounds_table.c.id)
            )
            round_id = result.scalar_one()
            if scheduled is not None:
                day = scheduled.occurrence.local_day
                await series.attach_round(connection, scheduled.schedule_id, day, round_id)
                await outbox.enqueue(connection, round_id, Message.START, None, now)
    except IntegrityError as error:
        raise RoundAlreadyRunningError(f"channel {plan.channel_id} has a running round") from error
    return await get_round(db, round_id)


async def get_round(db: Database, round_id: int) -> RoundView:
    async with db.read() as connection:
        row = (await connection.execute(select(rounds_table).where(RoundRow.id == round_id))).one()
        return await _view(connection, row)


async def running_rounds(db: Database) -> list[RoundView]:
    """Every running round, oldest first: what a restarted process resumes."""
    async with db.read() as connection:
        rows = await connection.execute(
            select(rounds_table)
            .where(RoundRow.state == RoundState.RUNNING.value)
            .order_by(RoundRow.id)
        )
        return [await _view(connection, row) for row in rows.all()]


async def open_question(
    db: Database, round_id: int, question_index: int, now: datetime
) -> OpenedQuestion | None:
    """Open question ``question_index`` (the one after the last) and owe its post; None if
    another process did it or the round is paused. Its closing time is provisional until the
    post is confirmed."""
    async with db.write() as connection:
        row = (await connection.execute(select(rounds_table).where(RoundRow.id == round_id))).one()
        if not 0 <= question_index < len(row.question_order):
            raise ValueError(f"round {round_id} has no question {question_index}")
        closes_at = now + timedelta(seconds=row.question_seconds)
        claimed = await connection.execute(
            update(RoundRow)
            .where(
                RoundRow.id == round_id,
                RoundRow.state == RoundState.RUNNING.value,
                RoundRow.question_open.is_(False),
                RoundRow.question_index == question_index - 1,
                RoundRow.paused_at.is_(None),
            )
            .values(
                question_index=question_index,
                question_open=True,
                question_opened_at=now,
                closes_at=closes_at,
            )
        )
        if claimed.rowcount != 1:
            return None
        await outbox.enqueue(connection, round_id, Message.QUESTION, question_index, now)
    question_id = row.question_order[question_index]
    return OpenedQuestion(round_id, question_index, question_id, now, closes_at)


async def close_question(
    db: Database, round_id: int, question_index: int, now: datetime, *, paused_too: bool = False
) -> Tally | None:
    """Close the open question, owe its reveal and tally it; None if it was not open (another
    process closed it). A paused round's question is closed only with ``paused_too`` (a
    moderator's skip): its time is not running out.

    Its answers are not settled here: ``settle_pending`` does that after, in a transaction of
    its own, so that the close (and the reveal after it) does not wait for the settle."""
    open_here = [
        RoundRow.id == round_id,
        RoundRow.question_open.is_(True),
        RoundRow.question_index == question_index,
    ]
    if not paused_too:
        open_here.append(RoundRow.paused_at.is_(None))

    def close(connection: Connection) -> Tally | None:
        claimed = connection.execute(update(RoundRow).where(*open_here).values(question_open=False))
        if claimed.rowcount != 1:
            return None
        connection.execute(outbox.owed(round_id, Message.REVEAL, question_index, now))
        return tally_in(connection, round_id, question_index)

    return await db.run_in_transaction(close)


async def end_round(
    db: Database, round_id: int, state: RoundState, now: datetime, *, pause_expired: bool = False
) -> Standings | None:
    """Finish or stop a running round and owe its standings (and the reveal of a question it
    closes); its standings, or None if it had already ended. Every question it leaves closed is
    settled before it commits (those closed before it, each in a transaction of its own first).
    ``pause_expired``: stop it only if it is still paused past its limit at ``now`` (not
    resumed meanwhile), with that as its reason."""
    if state is RoundState.RUNNING:
        raise ValueError("a round ends as finished or stopped")
    running = [RoundRow.id == round_id, RoundRow.state == RoundState.RUNNING.value]
    ending: dict[str, Any] = {"state": state.value, "question_open": False, "ended_at": now}
    if pause_expired:
        running += [RoundRow.paused_at.is_not(None), RoundRow.paused_until <= now]
        ending["end_reason"] = PAUSE_LIMIT_REASON
    await settle_pending(db, round_id)
    async with db.write() as connection:
        await connection.run_sync(lambda sync: lock_for_settle(sync, round_id))
        # Locked, so a question closing at this moment is revealed by exactly one of the two.
        locked = select(rounds_table).where(RoundRow.id == round_id).with_for_update()
        row = (await connection.execute(locked)).one()
        claimed = await connection.execute(update(RoundRow).where(*running).values(ending))
        if claimed.rowcount != 1:
            return None
        if row.question_open:
            await outbox.enqueue(connection, round_id, Message.REVEAL, row.question_index, now)
        await settle_pending_in(connection, round_id)
        await outbox.enqueue(connection, round_id, Message.STANDINGS, None, now)
        return await standings_in(connection, round_id)


async def _view(connection: AsyncConnection, row: Row[Any]) -> RoundView:
    messages = await connection.execute(
        select(RoundMessageRow.purpose, RoundMessageRow.message_id).where(
            RoundMessageRow.round_id == row.id
        )
    )
    return RoundView(
        id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        pack_id=row.pack_id,
        started_by=row.started_by,
        question_seconds=row.question_seconds,
        question_order=tuple(row.question_order),
        state=RoundState(row.state),
        question_index=row.question_index,
        question_open=row.question_open,
        question_opened_at=row.question_opened_at,
        closes_at=row.closes_at,
        started_at=row.started_at,
        ended_at=row.ended_at,
        message_ids=dict(messages.all()),
        pack_version_id=row.pack_version_id,
        end_reason=row.end_reason,
        paused_at=row.paused_at,
        paused_until=row.paused_until,
        mode=RoundMode(row.mode),
        ping_role_id=row.ping_role_id,
        teams=plan_of(row.teams),
    )
