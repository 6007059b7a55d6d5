"""The outbox of round messages: what each round still owes Discord, until Discord confirms it.

A transition (question opened, question closed, round ended) writes its message here in its own
transaction; the conductor delivers pending messages in order, after a crash too.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import Insert, bindparam, or_, select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.quiz.rounds.rules import Message, RoundState
from bot.quiz.shards.served import EVERY_SHARD, ServedShards
from bot.storage.database import Database
from bot.storage.dialects import insert_for, served
from bot.storage.models import (
    AnswerRow,
    RoundDeliveryRow,
    RoundMessageRow,
    RoundRow,
    answers_table,
    round_deliveries_table,
    round_messages_table,
)
from bot.storage.models.rounds import ABANDONED, DELIVERED, PENDING, message_purpose
from bot.storage.results import Delivery
from bot.storage.rounds.settle import lock_for_settle, settle_pending, settle_pending_in

REASON_LENGTH = 200


async def enqueue(
    connection: AsyncConnection,
    round_id: int,
    kind: Message,
    question_index: int | None,
    now: datetime,
) -> None:
    """Owe Discord a message, in the caller's transaction (the one making the transition)."""
    await connection.execute(owed(round_id, kind, question_index, now))


def owed(round_id: int, kind: Message, question_index: int | None, now: datetime) -> Insert:
    """The statement that owes Discord a message (``enqueue``'s, for a synchronous caller)."""
    return round_deliveries_table.insert().values(
        round_id=round_id,
        kind=kind.value,
        question_index=question_index,
        state=PENDING,
        attempts=0,
        created_at=now,
    )


async def pending(db: Database, round_id: int) -> list[Delivery]:
    """The round's undelivered messages, in the order their transitions happened."""
    async with db.read() as connection:
        rows = await connection.execute(
            select(
                RoundDeliveryRow.id,
                RoundDeliveryRow.round_id,
                RoundDeliveryRow.kind,
                RoundDeliveryRow.question_index,
                RoundDeliveryRow.attempts,
            )
            .where(RoundDeliveryRow.round_id == round_id, RoundDeliveryRow.state == PENDING)
            .order_by(RoundDeliveryRow.id)
        )
        return [Delivery(r[0], r[1], Message(r[2]), r[3], r[4]) for r in rows.all()]


async def rounds_to_conduct(
    db: Database, shards: ServedShards = EVERY_SHARD
) -> list[tuple[int, int]]:
    """(round id, guild id) of every running round and every round that still owes a message,
    of the servers on ``shards``."""
    owing = select(RoundDeliveryRow.round_id).where(RoundDeliveryRow.state == PENDING)
    async with db.read() as connection:
        rows = await connection.execute(
            select(RoundRow.id, RoundRow.guild_id)
            .where(
                or_(RoundRow.state == RoundState.RUNNING.value, RoundRow.id.in_(owing)),
                served(RoundRow.guild_id, shards),
            )
            .order_by(RoundRow.id)
        )
        return [(row[0], row[1]) for row in rows.all()]


async def note_attempt(db: Database, delivery_id: int) -> None:
    """Remember, before a post is sent, that it may reach Discord (so it is looked for later)."""
    async with db.write() as connection:
        await connection.execute(
            update(RoundDeliveryRow)
            .where(RoundDeliveryRow.id == delivery_id)
            .values(attempts=RoundDeliveryRow.attempts + 1)
        )


async def delivered(
    db: Database, delivery: Delivery, message_id: int | None, now: datetime
) -> None:
    """Discord confirmed the message: remember its id and stop owing it. None: an edit of a
    message already remembered, or one with nothing left to edit, is owed no longer."""
    async with db.write() as connection:
        await _confirm(connection, delivery, message_id, now)


async def question_posted(
    db: Database, delivery: Delivery, message_id: int, visible_since: datetime
) -> datetime | None:
    """The question's message is confirmed posted: members can see it since ``visible_since``,
    so its time counts from then. Returns its closing time (None if it was closed meanwhile)."""
    open_question = (
        (RoundRow.id == delivery.round_id)
        & RoundRow.question_open.is_(True)
        & (RoundRow.question_index == delivery.question_index)
    )
    async with db.write() as connection:
        await _confirm(connection, delivery, message_id, visible_since)
        row = (
            await connection.execute(
                select(RoundRow.question_seconds, RoundRow.question_order).where(open_question)
            )
        ).one_or_none()
        if row is None or delivery.question_index is None:
            return None
        closes_at = visible_since + timedelta(seconds=row.question_seconds)
        await connection.execute(
            update(RoundRow)
            .where(open_question)
            .values(question_opened_at=visible_since, closes_at=closes_at)
        )
        question_id = row.question_order[delivery.question_index]
        await _retime_early_answers(connection, delivery.round_id, question_id, visible_since)
        return closes_at


async def _retime_early_answers(
    connection: AsyncConnection, round_id: int, question_id: str, visible_since: datetime
) -> None:
    """Clicks the bot took before it heard its post was confirmed were timed from when the
    question opened, before the post; time them from when members could see it, like the rest,
    so that "fastest" compares like with like."""
    answers = (
        await connection.execute(
            select(AnswerRow.member_id, AnswerRow.answered_at).where(
                AnswerRow.round_id == round_id, AnswerRow.question_id == question_id
            )
        )
    ).all()
    if not answers:
        return
    await connection.execute(
        update(answers_table)
        .where(
            answers_table.c.round_id == round_id,
            answers_table.c.question_id == question_id,
            answers_table.c.member_id == bindparam("member"),
        )
        .values(response_ms=bindparam("ms")),
        [
            {"member": member, "ms": max(0, int((at - visible_since).total_seconds() * 1000))}
            for member, at in answers
        ],
    )


async def _confirm(
    connection: AsyncConnection, delivery: Delivery, message_id: int | None, now: datetime
) -> None:
    if message_id is not None:
        insert = insert_for(connection.dialect.name, round_messages_table)
        purpose = message_purpose(delivery.kind, delivery.question_index)
        await connection.execute(
            insert.on_conflict_do_update(
                index_elements=[RoundMessageRow.round_id, RoundMessageRow.purpose],
                set_={"message_id": insert.excluded.message_id},
            ),
            [{"round_id": delivery.round_id, "purpose": purpose, "message_id": message_id}],
        )
    await connection.execute(
        update(RoundDeliveryRow)
        .where(RoundDeliveryRow.id == delivery.id)
        .values(state=DELIVERED, delivered_at=now)
    )


async def abandon_round(db: Database, round_id: int, reason: str, now: datetime) -> bool:
    """Ends a round that can no longer reach its channel: stopped, the answers of a question it
    closes settled, and its pending messages given up with ``reason``. False if it had already
    ended and owed nothing."""
    await settle_pending(db, round_id)
    async with db.write() as connection:
        ended = await _stop_with_reason(connection, round_id, reason, now)
        given_up = await connection.execute(
            update(RoundDeliveryRow)
            .where(RoundDeliveryRow.round_id == round_id, RoundDeliveryRow.state == PENDING)
            .values(state=ABANDONED, reason=reason[:REASON_LENGTH])
        )
    return bool(ended or given_up.rowcount)


async def end_without_content(db: Database, round_id: int, reason: str, now: datetime) -> bool:
    """Ends a round whose questions can no longer be shown (its pack version or a question is
    gone): stopped with ``reason``, the answers of a question it closes settled, the question
    posts and reveals it owes given up, and its standings so far owed (once). False if it had
    already ended and owed no question or reveal."""
    await settle_pending(db, round_id)
    async with db.write() as connection:
        ended = await _stop_with_reason(connection, round_id, reason, now)
        given_up = await connection.execute(
            update(RoundDeliveryRow)
            .where(
                RoundDeliveryRow.round_id == round_id,
                RoundDeliveryRow.state == PENDING,
                RoundDeliveryRow.kind != Message.STANDINGS.value,
            )
            .values(state=ABANDONED, reason=reason[:REASON_LENGTH])
        )
        if ended:
            await enqueue(connection, round_id, Message.STANDINGS, None, now)
    return bool(ended or given_up.rowcount)


async def give_up(db: Database, delivery: Delivery, reason: str) -> None:
    """Stop owing one message that Discord refuses outright (the round goes on without it)."""
    async with db.write() as connection:
        await connection.execute(
            update(RoundDeliveryRow)
            .where(RoundDeliveryRow.id == delivery.id)
            .values(state=ABANDONED, reason=reason[:REASON_LENGTH])
        )


async def _stop_with_reason(
    connection: AsyncConnection, round_id: int, reason: str, now: datetime
) -> bool:
    """Stops a running round with ``reason`` and settles every question it leaves closed and
    unsettled (the one it closes, and any whose settle has not run yet); False if it had ended
    already."""
    await connection.run_sync(lambda sync: lock_for_settle(sync, round_id))
    # Locked, so a close or a settle of the round at this moment is waited for (or waits).
    await connection.execute(
        select(RoundRow.id)
        .where(RoundRow.id == round_id, RoundRow.state == RoundState.RUNNING.value)
        .with_for_update()
    )
    ended = await connection.execute(
        update(RoundRow)
        .where(RoundRow.id == round_id, RoundRow.state == RoundState.RUNNING.value)
        .values(
            state=RoundState.STOPPED.value,
            question_open=False,
            ended_at=now,
            end_reason=reason[:REASON_LENGTH],
        )
    )
    if ended.rowcount:
        await settle_pending_in(connection, round_id)
    return bool(ended.rowcount)
