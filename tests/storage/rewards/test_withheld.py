"""What the bot withheld on someone's behalf (SQLite and PostgreSQL): recorded once per server,
kind and role, so the server is told once; setting it again clears the record."""

from __future__ import annotations

import asyncio

from bot.quiz.rewards.reward_roles import Reward
from bot.storage.database import Database
from bot.storage.rewards.reward_roles import set_reward, setters_of
from bot.storage.rewards.withheld import PING, REWARD, clear_notice, first_notice
from tests.storage.factories import NOW
from tests.storage.seasons.test_seasons import GUILD, MODERATOR

ROLE = 700


async def test_a_withheld_role_is_told_once_until_set_again(db: Database) -> None:
    told = [
        await first_notice(db, GUILD, REWARD, ROLE, reason="authority.reward_elevated", now=NOW)
        for _ in range(3)
    ]
    assert told == [True, False, False]
    # Another kind, another server: each told on its own.
    assert await first_notice(db, GUILD, PING, ROLE, reason="authority.setter_gone", now=NOW)
    assert await first_notice(db, GUILD + 1, REWARD, ROLE, reason="x", now=NOW)
    await set_reward(db, GUILD, Reward(ROLE, 5), MODERATOR, NOW)  # set again by someone
    assert await first_notice(db, GUILD, REWARD, ROLE, reason="again", now=NOW)
    await clear_notice(db, GUILD, PING, ROLE)
    assert await first_notice(db, GUILD, PING, ROLE, reason="again", now=NOW)
    assert await setters_of(db, GUILD) == {ROLE: MODERATOR}


async def test_racing_passes_tell_once(db: Database) -> None:
    firsts = await asyncio.gather(
        *(first_notice(db, GUILD, REWARD, ROLE, reason="race", now=NOW) for _ in range(5))
    )
    assert sorted(firsts) == [False, False, False, False, True]
