"""Reward roles in the database (SQLite and PostgreSQL): a reward earned in the transaction that
settles the answer that crosses its points, once per board (all-time, or each season), and a
grant claimed by one process, then given or refused."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from bot.quiz.rewards.reward_roles import MAX_REWARDS, Reward, RewardScope
from bot.quiz.seasons.season import Season
from bot.storage.database import Database
from bot.storage.rewards.reward_roles import (
    CLAIM_LIFETIME,
    claim_grants,
    grant_given,
    grant_refused,
    grants_of,
    remove_reward,
    rewards_of,
    set_reward,
)
from bot.storage.seasons.season import end_season, start_season
from tests.storage.factories import NOW
from tests.storage.seasons.test_seasons import (
    GUILD,
    HERE,
    MODERATOR,
    OTHER_SHARD,
    THERE,
    answer_and_close,
)

ROLE, SEASONAL = 500, 600


async def test_rewards_are_set_changed_and_bounded(db: Database) -> None:
    assert await set_reward(db, GUILD, Reward(ROLE, 5), MODERATOR, NOW) is None
    assert await set_reward(db, GUILD, Reward(ROLE, 3, RewardScope.SEASON), MODERATOR, NOW) is None
    assert await rewards_of(db, GUILD) == [Reward(ROLE, 3, RewardScope.SEASON)]
    for role in range(1, MAX_REWARDS):
        assert await set_reward(db, GUILD, Reward(role, role), MODERATOR, NOW) is None
    assert await set_reward(db, GUILD, Reward(999, 1), MODERATOR, NOW) == "rewards.too_many"
    assert await remove_reward(db, GUILD, ROLE)
    assert not await remove_reward(db, GUILD, ROLE)
    assert len(await rewards_of(db, GUILD)) == MAX_REWARDS - 1


async def test_a_reward_is_earned_once_when_its_points_are_crossed(db: Database) -> None:
    await set_reward(db, GUILD, Reward(ROLE, 2), MODERATOR, NOW)
    await set_reward(db, GUILD, Reward(SEASONAL, 1, RewardScope.SEASON), MODERATOR, NOW)
    await answer_and_close(db, range(7, 9), seed=1, at=timedelta(minutes=1))  # 1 point each
    assert [g for g, _ in await grants_of(db, GUILD, 7)] == []  # no season runs; 1 < 2
    await start_season(db, Season(0, GUILD, "Spring", NOW + timedelta(minutes=2), 1, 2))
    await answer_and_close(db, range(7, 8), seed=2, at=timedelta(minutes=3))
    earned = sorted((g.role_id, g.period) for g, _ in await grants_of(db, GUILD, 7))
    assert earned == [(ROLE, "all"), (SEASONAL, "S1")]
    await answer_and_close(db, range(7, 8), seed=3, at=timedelta(minutes=4))  # past both: no more
    assert len(await grants_of(db, GUILD, 7)) == 2
    await end_season(db, GUILD, NOW + timedelta(minutes=5))
    await start_season(db, Season(0, GUILD, "Summer", NOW + timedelta(minutes=6), 1, 2))
    await answer_and_close(db, range(7, 8), seed=4, at=timedelta(minutes=7))
    seasons = sorted(g.period for g, _ in await grants_of(db, GUILD, 7) if g.role_id == SEASONAL)
    assert seasons == ["S1", "S2"]  # a season reward is earned again in the next season


async def test_a_reward_set_later_goes_to_those_past_its_points_on_its_board(
    db: Database,
) -> None:
    await answer_and_close(db, range(7, 9), seed=1, at=timedelta(minutes=1))  # 1 point each
    await start_season(db, Season(0, GUILD, "Spring", NOW + timedelta(minutes=2), 1, 2))
    await answer_and_close(db, range(7, 8), seed=2, at=timedelta(minutes=3))  # 7: 2 and 1 (S1)
    await set_reward(db, GUILD, Reward(ROLE, 2), MODERATOR, NOW)
    await set_reward(db, GUILD, Reward(SEASONAL, 2, RewardScope.SEASON), MODERATOR, NOW)
    assert [(g.role_id, g.period) for g, _ in await grants_of(db, GUILD, 7)] == [(ROLE, "all")]
    assert await grants_of(db, GUILD, 8) == []  # 1 point: below it
    await set_reward(db, GUILD, Reward(SEASONAL, 1, RewardScope.SEASON), MODERATOR, NOW)
    earned = sorted((g.role_id, g.period, g.points) for g, _ in await grants_of(db, GUILD, 7))
    assert earned == [(ROLE, "all", 2), (SEASONAL, "S1", 1)]  # lowered: now past it
    await set_reward(db, GUILD, Reward(ROLE, 1), MODERATOR, NOW)
    await set_reward(db, GUILD, Reward(ROLE, 1), MODERATOR, NOW)  # set again: still once
    assert [g.role_id for g, _ in await grants_of(db, GUILD, 8)] == [ROLE]
    assert len(await grants_of(db, GUILD, 7)) == 2
    await end_season(db, GUILD, NOW + timedelta(minutes=5))
    await set_reward(db, GUILD, Reward(SEASONAL, 1, RewardScope.SEASON), MODERATOR, NOW)
    assert len(await grants_of(db, GUILD, 8)) == 1  # no season runs: no season grant


async def test_a_grant_goes_to_one_process_and_is_given_or_refused(
    db: Database, database_url: str
) -> None:
    await set_reward(db, GUILD, Reward(ROLE, 1), MODERATOR, NOW)
    await answer_and_close(db, range(7, 9), seed=1, at=timedelta(minutes=1))
    other = Database.open(database_url)
    try:
        later = NOW + timedelta(minutes=2)
        claims = await asyncio.gather(
            claim_grants(db, later, OTHER_SHARD, bool),  # GUILD is on another shard
            claim_grants(db, later, *THERE),  # the bot is not in GUILD
        )
        assert claims == [[], []]
        claims = await asyncio.gather(
            claim_grants(db, later, *HERE), claim_grants(other, later, *HERE)
        )
        assert sorted(len(found) for found in claims) == [0, 2]
        first, second = sorted(claims[0] + claims[1], key=lambda g: g.member_id)
        await grant_given(db, first, later)
        await grant_refused(db, second, "403 50013 Missing Permissions")
        assert await claim_grants(db, later + CLAIM_LIFETIME * 2, *HERE) == []  # neither again
        assert [given for _, given in await grants_of(db, GUILD, 7)] == [True]
        assert [given for _, given in await grants_of(db, GUILD, 8)] == [False]
        await set_reward(db, GUILD, Reward(ROLE, 1), MODERATOR, later)  # the role was fixed
        assert await claim_grants(db, later, *HERE) == [second]  # the refused one, again
    finally:
        await other.close()
