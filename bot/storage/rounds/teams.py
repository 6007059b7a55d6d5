"""Team rounds stored: a round's teams (a JSON value on its row) and each member's team, written
with the member's first answer of the round, in the same transaction
(bot/storage/rounds/answers.py), so that an answer never stands without its team and a restart finds
both.

Auto teams give a newcomer the team with the fewest members so far (bot/quiz/rounds/teams.py).
Batches of answers are written at once on PostgreSQL (several per process, several processes), so
the newcomers of one auto round are placed under a transaction-scoped advisory lock on that round:
each batch sees the sizes the one before it left. SQLite has one writer, which serializes them."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import Join, func, select, text
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.quiz.rounds.teams import (
    TeamPlan,
    TeamScore,
    TeamShare,
    TeamStanding,
    auto_team,
    role_team,
    team_standings,
)
from bot.storage.database import Database
from bot.storage.dialects import covering, insert_for
from bot.storage.models import answers_table, round_team_members_table

if TYPE_CHECKING:
    from sqlalchemy import Connection

# The first key of the advisory locks that place auto teams' newcomers (the second: the round).
TEAMS_LOCK = 0x5445414D
_INT4 = 2**31  # the two-key advisory lock takes 32-bit keys

MemberKey = tuple[int, int]  # (round id, member id)


@dataclass(frozen=True, slots=True)
class Joining:
    """A member's newly recorded answer in a team round: the team they play for is theirs
    from now on, unless an earlier answer already gave them one."""

    round_id: int
    member_id: int
    plan: TeamPlan
    held_roles: Collection[int]

    @property
    def key(self) -> MemberKey:
        return (self.round_id, self.member_id)


def join_teams(
    connection: Connection, dialect: str, joining: Sequence[Joining]
) -> dict[MemberKey, int | None]:
    """The team of each joining member (None: no team), placing those new to their round, in
    the caller's transaction; newcomers are placed in the order given."""
    if not joining:
        return {}
    teams = _known(connection, {item.key for item in joining})
    newcomers: dict[MemberKey, Joining] = {}
    for item in joining:
        if item.key not in teams:
            newcomers.setdefault(item.key, item)
    rows: list[dict[str, Any]] = []
    for round_id in sorted({key[0] for key in newcomers}):  # one lock order for every writer
        placing = [item for item in newcomers.values() if item.round_id == round_id]
        for item, team in _placed(connection, dialect, placing):
            teams[item.key] = team
            rows.append({"round_id": round_id, "member_id": item.member_id, "team": team})
    if rows:
        insert = insert_for(dialect, round_team_members_table).on_conflict_do_nothing()
        connection.execute(insert, rows)
        # A concurrent first answer of the same member (on another question) may have placed
        # them first: theirs stands.
        teams.update(_known(connection, {(row["round_id"], row["member_id"]) for row in rows}))
    return teams


def _placed(
    connection: Connection, dialect: str, placing: Sequence[Joining]
) -> list[tuple[Joining, int | None]]:
    """The teams of one round's newcomers."""
    plan = placing[0].plan
    if not plan.auto:
        return [(item, role_team(plan, item.held_roles)) for item in placing]
    round_id = placing[0].round_id
    if dialect == "postgresql":
        connection.execute(
            text("SELECT pg_advisory_xact_lock(:space, :round)"),
            {"space": TEAMS_LOCK, "round": round_id % _INT4},
        )
    sizes = _sizes(connection, round_id, plan.count)
    placed: list[tuple[Joining, int | None]] = []
    for item in placing:
        team = auto_team(plan, item.member_id, sizes)
        sizes[team] += 1
        placed.append((item, team))
    return placed


def _known(connection: Connection, keys: Collection[MemberKey]) -> dict[MemberKey, int | None]:
    c = round_team_members_table.c
    query = select(c.round_id, c.member_id, c.team).where(covering((c.round_id, c.member_id), keys))
    found = {(row[0], row[1]): row[2] for row in connection.execute(query)}
    return {key: team for key, team in found.items() if key in keys}


def _sizes(connection: Connection, round_id: int, count: int) -> list[int]:
    c = round_team_members_table.c
    sizes = [0] * count
    query = (
        select(c.team, func.count())
        .where(c.round_id == round_id, c.team.is_not(None))
        .group_by(c.team)
    )
    for team, size in connection.execute(query):
        sizes[team] = size
    return sizes


def team_shares(
    connection: Connection, round_id: int, question_id: str, plan: TeamPlan
) -> tuple[TeamShare, ...]:
    """How each team of the round answered the question, in the round's team order (read in
    the closing transaction's synchronous steps, tallies.tally_in)."""
    a, m = answers_table.c, round_team_members_table.c
    query = (
        select(m.team, func.count(), func.count().filter(a.correct.is_(True)))
        .select_from(_with_teams())
        .where(a.round_id == round_id, a.question_id == question_id, m.team.is_not(None))
        .group_by(m.team)
    )
    counts = {team: (answered, right) for team, answered, right in connection.execute(query)}
    return tuple(TeamShare(team, *counts.get(team, (0, 0))) for team in range(plan.count))


async def round_team_standings(
    connection: AsyncConnection, round_id: int
) -> tuple[TeamStanding, ...]:
    """The round's teams ranked by points per member who played (bot/quiz/rounds/teams.py)."""
    a, m = answers_table.c, round_team_members_table.c
    query = (
        select(m.team, func.count().filter(a.correct.is_(True)), func.count(a.member_id.distinct()))
        .select_from(_with_teams())
        .where(a.round_id == round_id, m.team.is_not(None))
        .group_by(m.team)
    )
    rows = await connection.execute(query)
    return team_standings(TeamScore(team, points, players) for team, points, players in rows)


async def member_teams(db: Database, round_id: int) -> dict[int, int | None]:
    """Every member of the round who answered, and their team (None: no team)."""
    c = round_team_members_table.c
    async with db.read() as connection:
        rows = await connection.execute(select(c.member_id, c.team).where(c.round_id == round_id))
        return {row.member_id: row.team for row in rows}


def _with_teams() -> Join:
    a, m = answers_table.c, round_team_members_table.c
    return answers_table.join(
        round_team_members_table, (m.round_id == a.round_id) & (m.member_id == a.member_id)
    )
