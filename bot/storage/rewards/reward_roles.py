"""Reward roles in the database: the roles a server's members earn, and each one earned.

A grant is decided in the transaction that settles the answers that earned it
(``record_earned``, called by bot/storage/rounds/settle.py), or, for the members who have a reward's
points already when it is set (or its points lowered), in the transaction that sets it. Its key
(server, member, role, board) makes a second one impossible, so a reward is earned once per
board, whoever settles. A process then claims it, gives the role and records it given, or
records why Discord refused (tried again when the reward is set again); a claim of a process
that died lapses after ``CLAIM_LIFETIME`` and the grant is tried again (giving a role a member
holds already changes nothing).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import Connection, delete, func, literal, select, update

from bot.quiz.boards.scoring import ALL_PACKS, ALL_TIME, season_key
from bot.quiz.rewards.reward_roles import MAX_REWARDS, Crossing, Reward, RewardScope, earned
from bot.quiz.shards.served import ServedShards
from bot.storage.claims import claim_owed
from bot.storage.database import Database
from bot.storage.dialects import insert_for
from bot.storage.models import (
    RewardGrantRow,
    RewardRoleRow,
    ScoreRow,
    WithheldNoticeRow,
    reward_grants_table,
    reward_roles_table,
)
from bot.storage.rewards.withheld import REWARD
from bot.storage.seasons.season import running_season_for_settle

CLAIM_LIFETIME = timedelta(minutes=5)


@dataclass(frozen=True, slots=True)
class Grant:
    guild_id: int
    member_id: int
    role_id: int
    period: str
    points: int


async def set_reward(
    db: Database, guild_id: int, reward: Reward, by: int, now: datetime
) -> str | None:
    """Sets the role's threshold and scope (a new reward or a change); a refusal key when the
    server has ``MAX_REWARDS`` already."""
    async with db.write() as connection:
        held = await connection.scalar(
            select(func.count()).where(
                RewardRoleRow.guild_id == guild_id, RewardRoleRow.role_id != reward.role_id
            )
        )
        if int(held or 0) >= MAX_REWARDS:
            return "rewards.too_many"
        insert = insert_for(db.dialect, reward_roles_table)
        values = {
            "guild_id": guild_id,
            "role_id": reward.role_id,
            "points": reward.points,
            "scope": reward.scope.value,
            "set_by": by,
            "set_at": now,
        }
        await connection.execute(
            insert.values(values).on_conflict_do_update(
                index_elements=[reward_roles_table.c.guild_id, reward_roles_table.c.role_id],
                set_={k: insert.excluded[k] for k in ("points", "scope", "set_by", "set_at")},
            )
        )
        # Set again, as after fixing the role: those Discord refused it are tried again.
        await connection.execute(
            update(RewardGrantRow)
            .where(
                RewardGrantRow.guild_id == guild_id,
                RewardGrantRow.role_id == reward.role_id,
                RewardGrantRow.failure.is_not(None),
            )
            .values(failure=None, claimed_at=None)
        )
        # Set by someone who may (bot/quiz/authority.py): a refusal later is told again.
        await connection.execute(
            delete(WithheldNoticeRow).where(
                WithheldNoticeRow.guild_id == guild_id,
                WithheldNoticeRow.kind == REWARD,
                WithheldNoticeRow.role_id == reward.role_id,
            )
        )
        await connection.run_sync(_grant_to_those_past_it, guild_id, reward, now)
    return None


def _grant_to_those_past_it(
    connection: Connection, guild_id: int, reward: Reward, now: datetime
) -> None:
    """Grants the reward to the members who have its points already, on its board."""
    if reward.scope is RewardScope.ALL_TIME:
        period = ALL_TIME
    else:
        season = running_season_for_settle(connection, guild_id)
        if season is None:
            return
        period = season_key(season.id)
    past_it = select(
        literal(guild_id),
        ScoreRow.member_id,
        literal(reward.role_id),
        literal(period),
        literal(reward.points),
        literal(now),
    ).where(
        ScoreRow.guild_id == guild_id,
        ScoreRow.period == period,
        ScoreRow.pack_id == ALL_PACKS,
        ScoreRow.points >= reward.points,
    )
    columns = ["guild_id", "member_id", "role_id", "period", "points", "earned_at"]
    insert = insert_for(connection.dialect.name, reward_grants_table)
    connection.execute(insert.from_select(columns, past_it).on_conflict_do_nothing())


async def remove_reward(db: Database, guild_id: int, role_id: int) -> bool:
    async with db.write() as connection:
        removed = await connection.execute(
            delete(RewardRoleRow).where(
                RewardRoleRow.guild_id == guild_id, RewardRoleRow.role_id == role_id
            )
        )
        return bool(removed.rowcount)


async def setters_of(db: Database, guild_id: int) -> dict[int, int]:
    """Who set each of the server's reward roles, by role: the bot gives a role only while its
    setter still may (bot/quiz/authority.py)."""
    async with db.read() as connection:
        rows = await connection.execute(
            select(RewardRoleRow.role_id, RewardRoleRow.set_by).where(
                RewardRoleRow.guild_id == guild_id
            )
        )
        return {row[0]: row[1] for row in rows.all()}


async def rewards_of(db: Database, guild_id: int) -> list[Reward]:
    async with db.read() as connection:
        rows = await connection.execute(
            select(RewardRoleRow.role_id, RewardRoleRow.points, RewardRoleRow.scope)
            .where(RewardRoleRow.guild_id == guild_id)
            .order_by(RewardRoleRow.points, RewardRoleRow.role_id)
        )
        return [Reward(row[0], row[1], RewardScope(row[2])) for row in rows.all()]


def record_earned(
    connection: Connection, guild_id: int, crossings: Sequence[Crossing], now: datetime
) -> None:
    """The rewards the settled answers earned, in the settling transaction (see above)."""
    if not crossings:
        return
    rows = connection.execute(
        select(RewardRoleRow.role_id, RewardRoleRow.points, RewardRoleRow.scope).where(
            RewardRoleRow.guild_id == guild_id
        )
    ).all()
    rewards = [Reward(row[0], row[1], RewardScope(row[2])) for row in rows]
    points = {reward.role_id: reward.points for reward in rewards}
    grants = [
        {
            "guild_id": guild_id,
            "member_id": found.member_id,
            "role_id": found.role_id,
            "period": found.period,
            "points": points[found.role_id],
            "earned_at": now,
        }
        for found in earned(rewards, crossings)
    ]
    if grants:
        insert = insert_for(connection.dialect.name, reward_grants_table)
        connection.execute(insert.on_conflict_do_nothing(), grants)


async def claim_grants(
    db: Database, now: datetime, shards: ServedShards, present: Callable[[int], bool]
) -> list[Grant]:
    """Grants of the servers on ``shards`` the bot is in (``present``) not yet given (nor
    refused), each claimed for this caller."""
    owed = (RewardGrantRow.given_at.is_(None), RewardGrantRow.failure.is_(None))
    rows = await claim_owed(
        db,
        reward_grants_table,
        owed=owed,
        shards=shards,
        present=present,
        now=now,
        lifetime=CLAIM_LIFETIME,
    )
    return [Grant(row.guild_id, row.member_id, row.role_id, row.period, row.points) for row in rows]


async def grant_given(db: Database, grant: Grant, now: datetime) -> None:
    await _finish(db, grant, given_at=now)


async def grant_refused(db: Database, grant: Grant, failure: str) -> None:
    await _finish(db, grant, failure=failure[:64])


async def grants_of(db: Database, guild_id: int, member_id: int) -> list[tuple[Grant, bool]]:
    """The member's grants in the server, each with whether it was given."""
    async with db.read() as connection:
        rows = await connection.execute(
            select(
                RewardGrantRow.guild_id,
                RewardGrantRow.member_id,
                RewardGrantRow.role_id,
                RewardGrantRow.period,
                RewardGrantRow.points,
                RewardGrantRow.given_at,
            ).where(RewardGrantRow.guild_id == guild_id, RewardGrantRow.member_id == member_id)
        )
        return [(Grant(*row[:5]), row[5] is not None) for row in rows.all()]


async def _finish(db: Database, grant: Grant, **values: datetime | str) -> None:
    async with db.write() as connection:
        await connection.execute(
            update(RewardGrantRow)
            .where(
                RewardGrantRow.guild_id == grant.guild_id,
                RewardGrantRow.member_id == grant.member_id,
                RewardGrantRow.role_id == grant.role_id,
                RewardGrantRow.period == grant.period,
            )
            .values(values)
        )
