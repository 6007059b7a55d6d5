"""What one member did in a round: the answer they gave, the questions they missed."""

from __future__ import annotations

from sqlalchemy import select

from bot.storage.database import Database
from bot.storage.models import AnswerRow
from bot.storage.results import AnswerOutcome, AnswerResult
from bot.storage.rounds.answers import STANDING_COLUMNS, standing_answer


async def member_answer(
    db: Database, *, round_id: int, question_id: str, member_id: int
) -> AnswerResult | None:
    """The answer a member gave to one question of a round, if any."""
    async with db.read() as connection:
        row = (
            await connection.execute(
                select(*STANDING_COLUMNS).where(
                    AnswerRow.round_id == round_id,
                    AnswerRow.question_id == question_id,
                    AnswerRow.member_id == member_id,
                )
            )
        ).one_or_none()
    if row is None:
        return None
    return standing_answer(AnswerOutcome.RECORDED, row)
