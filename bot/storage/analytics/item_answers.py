"""The answers item analytics are computed from: of a pack in one server (the figures:
bot.quiz.analytics.items, computed in a worker process by the Discord side)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from sqlalchemy import Row, Select, select

from bot.quiz.analytics.given import compared
from bot.quiz.analytics.items import MAX_ANALYSED_ANSWERS, AnswerValues, PackAnswers
from bot.quiz.model import Pack
from bot.storage.database import Database
from bot.storage.models import AnswerRow, RoundRow
from bot.storage.review.leeches import leech_members

# Rows turned into values at a time: a few milliseconds of the event loop each, so that clicks
# are answered between them (all at once, a large pack's answers held it far longer).
PARTITION_ROWS = 2_000
# As a row holds them: member, question, option, right, ms, picked, given, typo.
Read = tuple[int, str, int | None, bool, int, int | None, str | None, bool]


async def pack_answers(
    db: Database, *, guild_id: int, pack: Pack, limit: int = MAX_ANALYSED_ANSWERS
) -> PackAnswers:
    """The newest ``limit`` answers to ``pack`` in the server's rounds, oldest first, in one
    query; and which of the members who gave them have each question as a leech.

    It goes through the server's rounds of the pack: answers are keyed by round, so each round
    costs one index range rather than a scan of every answer ever given.
    """
    statement = _newest_answers(guild_id, pack.id, limit)
    answers: list[AnswerValues] = []
    # One string per distinct text: many members type the same wrong answer, and the worker
    # is sent each text once (pickle shares a repeated object).
    texts: dict[str, str] = {}
    async with db.read() as connection:
        result = await connection.stream(statement)
        async for rows in result.partitions(PARTITION_ROWS):
            answers.extend(_values(rows, texts))
    newest_only = len(answers) > limit
    del answers[limit:]
    answers.reverse()
    leeches = await leech_members(db, pack.id, {member for member, *_ in answers})
    question_ids = tuple(question.id for question in pack.questions)
    return PackAnswers(question_ids, answers, leeches, newest_only=newest_only)


def _newest_answers(guild_id: int, pack_id: str, limit: int) -> Select[*Read]:
    """The newest ``limit`` answers and one more, through the server's rounds of the pack."""
    return (
        select(
            AnswerRow.member_id,
            AnswerRow.question_id,
            AnswerRow.option_index,
            AnswerRow.correct,
            AnswerRow.response_ms,
            AnswerRow.picked,
            AnswerRow.given,
            AnswerRow.typo,
        )
        .join(RoundRow, RoundRow.id == AnswerRow.round_id)
        .where(RoundRow.guild_id == guild_id, RoundRow.pack_id == pack_id)
        .order_by(
            AnswerRow.answered_at.desc(), AnswerRow.round_id.desc(), AnswerRow.member_id.desc()
        )
        .limit(limit + 1)  # one more says whether older answers were left out
    )


def _values(rows: Sequence[Row[*Read]], texts: dict[str, str]) -> Iterator[AnswerValues]:
    """The rows as the analysis takes them, each text of a wrong answer once."""
    for member, question, option, right, ms, picked, given, typo in rows:
        yield (
            member,
            question,
            option,
            right,
            ms,
            picked,
            _wrong_text(texts, given, right=right),
            typo,
        )


def _wrong_text(texts: dict[str, str], given: str | None, *, right: bool) -> str | None:
    """A wrong answer's text, as the analysis compares it; a right one's is not needed."""
    text = None if right else compared(given)
    return None if text is None else texts.setdefault(text, text)
