"""Team rounds stored: the teams kept with the round, each member's team fixed by their first
answer (not by roles they gain later), the teams' shares of a question and their ranking, and
auto teams balanced when two processes place newcomers at once."""

from __future__ import annotations

import asyncio
import time
from datetime import timedelta

import pytest
from sqlalchemy import text

from bot.quiz.rounds.plan import RoundPlan
from bot.quiz.rounds.rules import RoundState
from bot.quiz.rounds.teams import TeamPlan, TeamShare, auto_team
from bot.storage.database import Database
from bot.storage.results import AnswerOutcome, RoundView
from bot.storage.rounds import teams
from bot.storage.rounds.lifecycle import (
    close_question,
    end_round,
    get_round,
    open_question,
    start_round,
)
from bot.storage.rounds.recorder import record_answer
from bot.storage.rounds.tallies import team_standings
from bot.storage.rounds.teams import Joining, join_teams
from tests.storage.factories import NOW, seeded

RED, BLUE = 501, 502


async def team_round(db: Database, plan: TeamPlan | None) -> RoundView:
    """A round of two questions (``plan`` None: without teams), its first question open."""
    view = await start_round(
        db,
        RoundPlan(
            guild_id=1,
            channel_id=10,
            pack_id="basics",
            started_by=99,
            question_seconds=20,
            question_count=2,
            team_plan=plan,
        ),
        rng=seeded(3),
        now=NOW,
    )
    await open_question(db, view.id, 0, NOW)
    return view


def correct_of(question_id: str) -> int:
    return int(question_id.removeprefix("q")) % 4  # the basics pack's right options


async def answer(
    db: Database, view: RoundView, index: int, member: int, *, right: bool, roles: tuple[int, ...]
) -> int | None:
    question_id = view.question_order[index]
    option = correct_of(question_id) if right else (correct_of(question_id) + 1) % 4
    result = await record_answer(
        db,
        round_id=view.id,
        question_id=question_id,
        member_id=member,
        option_index=option,
        now=NOW + timedelta(seconds=index * 30 + 1),
        held_roles=roles,
    )
    assert result.outcome is AnswerOutcome.RECORDED
    return result.team


async def test_a_role_round_keeps_each_members_first_team(db: Database, database_url: str) -> None:
    plan = TeamPlan(2, (RED, BLUE))
    view = await team_round(db, plan)
    assert view.teams == plan
    assert await answer(db, view, 0, 1, right=True, roles=(BLUE, RED)) == 0  # red listed first
    assert await answer(db, view, 0, 2, right=False, roles=(BLUE,)) == 1
    assert await answer(db, view, 0, 3, right=True, roles=(7,)) is None  # in no team
    tally = await close_question(db, view.id, 0, NOW + timedelta(seconds=25))
    assert tally is not None
    assert tally.teams == (TeamShare(0, 1, 1), TeamShare(1, 1, 0))

    # Another process (a restart) reads the same teams; member 2 gained red meanwhile, but
    # plays for blue all round.
    other = Database.open(database_url)
    try:
        again = await get_round(other, view.id)
        assert again.teams == plan
        await open_question(other, view.id, 1, NOW + timedelta(seconds=30))
        assert await answer(other, again, 1, 2, right=True, roles=(RED, BLUE)) == 1
        assert await answer(other, again, 1, 4, right=True, roles=(BLUE,)) == 1
    finally:
        await other.close()
    await end_round(db, view.id, RoundState.FINISHED, NOW + timedelta(minutes=1))
    assert await teams.member_teams(db, view.id) == {1: 0, 2: 1, 3: None, 4: 1}
    # Red: 1 point by 1 member; blue: 2 points by 2 members: equal, a shared rank.
    ranked = await team_standings(db, view.id)
    assert [(s.rank, s.team, s.points, s.players) for s in ranked] == [(1, 0, 1, 1), (1, 1, 2, 2)]


async def test_a_round_without_teams_has_none(db: Database) -> None:
    view = await team_round(db, None)
    assert view.teams is None
    team = await answer(db, view, 0, 1, right=True, roles=(RED,))
    assert team is None
    tally = await close_question(db, view.id, 0, NOW + timedelta(seconds=25))
    assert tally is not None
    assert tally.teams == ()
    assert await team_standings(db, view.id) == ()
    assert await teams.member_teams(db, view.id) == {}


async def test_auto_teams_stay_balanced_under_a_burst_from_two_processes(
    db: Database, database_url: str
) -> None:
    view = await team_round(db, TeamPlan(3, seed=11))
    other = Database.open(database_url)
    try:
        placed = await asyncio.gather(
            *(
                answer(db if member % 2 else other, view, 0, member, right=True, roles=())
                for member in range(1, 41)
            )
        )
        again = await asyncio.gather(
            *(answer(db, view, 0, member, right=True, roles=()) for member in range(41, 42))
        )
    finally:
        await other.close()
    stored = await teams.member_teams(db, view.id)
    assert stored == dict(zip(range(1, 42), [*placed, *again], strict=True))
    sizes = [list(stored.values()).count(team) for team in range(3)]
    assert sorted(sizes) == [13, 14, 14]


async def waiting_for_a_lock(db: Database, timeout: float = 10.0) -> None:  # noqa: ASYNC109
    """Returns once some transaction waits for an advisory lock (fails after ``timeout``)."""
    deadline = time.monotonic() + timeout
    query = text("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")
    while time.monotonic() < deadline:
        async with db.read() as connection:
            if (await connection.execute(query)).scalar_one():
                return
        await asyncio.sleep(0.02)  # polling a condition, with a deadline
    raise AssertionError("no transaction waited for the lock")


# SQLite has one writer: newcomers are placed one after another there anyway.
@pytest.mark.parametrize("template", ["postgresql"], indirect=True)
async def test_a_newcomer_waits_for_the_one_being_placed_on_postgres(
    db: Database, database_url: str
) -> None:
    plan = TeamPlan(2, seed=4)
    view = await team_round(db, plan)
    # Two members whom empty teams would both send to the same team: placed without seeing
    # each other, they would make the teams 2 and 0.
    first, second = [m for m in range(1, 100) if auto_team(plan, m, [0, 0]) == 0][:2]
    other = Database.open(database_url)
    try:
        async with db.write() as placing:
            await placing.run_sync(
                lambda c: join_teams(c, db.dialect, [Joining(view.id, first, plan, ())])
            )
            later = asyncio.create_task(
                other.run_in_transaction(
                    lambda c: join_teams(c, db.dialect, [Joining(view.id, second, plan, ())])
                )
            )
            await waiting_for_a_lock(db)  # the second waits while the first is uncommitted
        placed = await later
    finally:
        await other.close()
    assert placed == {(view.id, second): 1}
    assert await teams.member_teams(db, view.id) == {first: 0, second: 1}
