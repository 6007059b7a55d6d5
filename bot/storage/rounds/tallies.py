"""What a round's answers add up to: a question's tally (counts per option, the fastest right
answers, the teams' shares) and the round's standings, counted from the stored answers."""

from __future__ import annotations

from sqlalchemy import Connection, func, select
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.quiz.boards.standings import Score, Standings, round_standings
from bot.quiz.rounds.teams import TeamStanding
from bot.storage.database import Database
from bot.storage.models import AnswerRow, QuestionRow, RoundRow, rounds_table
from bot.storage.models.rounds import plan_of
from bot.storage.results import FastAnswer, Tally
from bot.storage.rounds import teams

FASTEST_SHOWN = 3
STANDINGS_SHOWN = 20  # rows of a round's standings message; the rest are counted


async def tally(db: Database, round_id: int, question_index: int) -> Tally:
    """The tally of a question so far (e.g. to repost it after a restart)."""
    async with db.read() as connection:
        return await connection.run_sync(lambda sync: tally_in(sync, round_id, question_index))


async def standings(db: Database, round_id: int) -> Standings:
    async with db.read() as connection:
        return await standings_in(connection, round_id)


async def team_standings(db: Database, round_id: int) -> tuple[TeamStanding, ...]:
    """A team round's teams, ranked (none for a round without teams, or nobody in them)."""
    async with db.read() as connection:
        return await teams.round_team_standings(connection, round_id)


async def standings_in(connection: AsyncConnection, round_id: int) -> Standings:
    correct_ms = func.sum(AnswerRow.response_ms).filter(AnswerRow.correct.is_(True))
    rows = (
        await connection.execute(
            select(
                AnswerRow.member_id,
                func.count().filter(AnswerRow.correct.is_(True)),
                func.count(),
                func.coalesce(correct_ms, 0),
            )
            .where(AnswerRow.round_id == round_id)
            .group_by(AnswerRow.member_id)
        )
    ).all()
    return round_standings((Score(*row) for row in rows), shown=STANDINGS_SHOWN)


def tally_in(connection: Connection, round_id: int, question_index: int) -> Tally:
    row = connection.execute(select(rounds_table).where(RoundRow.id == round_id)).one()
    question_id: str = row.question_order[question_index]
    question = connection.execute(
        select(QuestionRow.option_count, QuestionRow.correct_index).where(
            QuestionRow.pack_id == row.pack_id, QuestionRow.question_id == question_id
        )
    ).one()
    this_question = (AnswerRow.round_id == round_id, AnswerRow.question_id == question_id)
    counts = [0] * question[0]
    right = wrong = 0
    wrong_given: dict[str, int] = {}
    per_answer = select(
        AnswerRow.option_index, AnswerRow.picked, AnswerRow.given, AnswerRow.correct, func.count()
    ).where(*this_question)
    grouped = per_answer.group_by(
        AnswerRow.option_index, AnswerRow.picked, AnswerRow.given, AnswerRow.correct
    )
    for option_index, picked, given, correct, count in connection.execute(grouped):
        for option in _options_of(option_index, picked, len(counts)):
            counts[option] += count
        right, wrong = (right + count, wrong) if correct else (right, wrong + count)
        if given is not None and not correct:
            wrong_given[given] = wrong_given.get(given, 0) + count
    fastest = connection.execute(
        select(AnswerRow.member_id, AnswerRow.response_ms)
        .where(*this_question, AnswerRow.correct.is_(True))
        .order_by(AnswerRow.response_ms, AnswerRow.member_id)
        .limit(FASTEST_SHOWN)
    )
    plan = plan_of(row.teams)
    shares = () if plan is None else teams.team_shares(connection, round_id, question_id, plan)
    return Tally(
        round_id,
        question_index,
        question_id,
        tuple(counts),
        question[1],
        tuple(FastAnswer(member_id, ms) for member_id, ms in fastest),
        shares,
        right=right,
        wrong=wrong,
        wrong_given=tuple(wrong_given.items()),
    )


def _options_of(option_index: int | None, picked: int | None, count: int) -> range | list[int]:
    """The options an answer picked: its one option, or each bit of an all-that-apply's."""
    if option_index is not None:
        return range(option_index, option_index + 1)
    mask = picked or 0
    return [option for option in range(count) if mask >> option & 1]
