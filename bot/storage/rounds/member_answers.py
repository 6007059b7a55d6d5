"""What one member did in a round: the answer they gave, the questions they missed."""

from __future__ import annotations

from sqlalchemy import select

from bot.storage.database import Database
from bot.storage.models import AnswerRow, RoundRow, rounds_table
from bot.storage.results import AnswerOutcome, AnswerResult


async def member_answer(
    db: Database, *, round_id: int, question_id: str, member_id: int
) -> AnswerResult | None:
    """The answer a member gave to one question of a round, if any."""
    async with db.read() as connection:
        row = (
            await connection.execute(
                select(AnswerRow.option_index, AnswerRow.correct, AnswerRow.response_ms).where(
                    AnswerRow.round_id == round_id,
                    AnswerRow.question_id == question_id,
                    AnswerRow.member_id == member_id,
                )
            )
        ).one_or_none()
    if row is None:
        return None
    return AnswerResult(AnswerOutcome.RECORDED, row[0], row[1], row[2])


async def missed_questions(db: Database, round_id: int, member_id: int) -> tuple[str, ...]:
    """The round's questions asked so far that the member got wrong or left unanswered."""
    async with db.read() as connection:
        row = (await connection.execute(select(rounds_table).where(RoundRow.id == round_id))).one()
        right = set(
            await connection.scalars(
                select(AnswerRow.question_id).where(
                    AnswerRow.round_id == round_id,
                    AnswerRow.member_id == member_id,
                    AnswerRow.correct.is_(True),
                )
            )
        )
    asked = row.question_order[: row.question_index + 1]
    return tuple(question_id for question_id in asked if question_id not in right)
