"""Item analytics of a pack in one server, from its answers (the figures: bot.quiz.analytics)."""

from __future__ import annotations

import asyncio

from sqlalchemy import select

from bot.quiz.analytics import MIN_MEMBERS, AnswerRecord, PackAnalytics, analyse
from bot.quiz.model import Pack
from bot.storage.database import Database
from bot.storage.leeches import leech_members
from bot.storage.models import AnswerRow, RoundRow


async def pack_analytics(
    db: Database, *, guild_id: int, pack: Pack, min_members: int = MIN_MEMBERS
) -> PackAnalytics:
    """Every answer to ``pack`` in the server's rounds, oldest first, in one query; and which
    of the members who gave them have each question as a leech.

    It goes through the server's rounds of the pack: answers are keyed by round, so each round
    costs one index range rather than a scan of every answer ever given.
    """
    statement = (
        select(
            AnswerRow.member_id,
            AnswerRow.question_id,
            AnswerRow.option_index,
            AnswerRow.correct,
            AnswerRow.response_ms,
        )
        .join(RoundRow, RoundRow.id == AnswerRow.round_id)
        .where(RoundRow.guild_id == guild_id, RoundRow.pack_id == pack.id)
        .order_by(AnswerRow.answered_at, AnswerRow.round_id, AnswerRow.member_id)
    )
    async with db.read() as connection:
        rows = (await connection.execute(statement)).all()
    records = [
        AnswerRecord(member_id, question_id, option_index, correct, response_ms)
        for member_id, question_id, option_index, correct, response_ms in rows
    ]
    question_ids = [question.id for question in pack.questions]
    leeches = await leech_members(db, pack.id, {record.member_id for record in records})
    # A big server's answers take a noticeable fraction of a second to go through; in a worker
    # thread the bot keeps answering clicks meanwhile.
    return await asyncio.to_thread(
        analyse, question_ids, records, min_members=min_members, leech_members=leeches
    )
