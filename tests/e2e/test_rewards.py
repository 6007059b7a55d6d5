"""Reward roles end to end through the stand-in (which gives roles by Discord's rules): a role
given once to the member who reaches its points, with one DM, never again nor taken away; and
the refusals when the bot could not give it, said before anything is saved."""

from __future__ import annotations

import pytest

from bot.app.kit.catalogue import tr
from bot.storage.rewards import reward_roles
from standin.permissions import MANAGE_ROLES
from tests.e2e.conftest import Json, QuizWorld, play_round

TOP = 99  # dragged to the top of the roles, above the bot's (Discord makes it at 1)

BACKENDS = ["sqlite", "postgres"]


async def roles_of(world: QuizWorld, member: int) -> list[str]:
    guild = (await world.standin.state())["guilds"][0]
    return next(m["roles"] for m in guild["members"] if m["id"] == str(member))


async def role_ids(world: QuizWorld) -> dict[str, str]:
    guild = (await world.standin.state())["guilds"][0]
    return {r["name"]: r["id"] for r in guild["roles"]}


async def dms(world: QuizWorld, member: int) -> list[Json]:
    return await world.standin.messages(await world.standin.dm_channel(member), as_user=member)


async def settings_said(world: QuizWorld, **options: object) -> str:
    report = await world.command(world.owner, "quiz settings", **options)
    return str(report["responses"][0]["body"]["data"])


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_a_reward_role_is_given_once_at_its_points(bot_world: QuizWorld) -> None:
    world = bot_world
    first, second = [m for m in world.members if world.locales[m].startswith("en")][:2]
    await world.standin.set_role_permissions(
        world.guild_id, (await role_ids(world))["quizbot"], MANAGE_ROLES
    )
    regular = await world.standin.add_role(world.guild_id, "Regular", position=1)
    saved = await settings_said(world, reward_role=regular["id"], reward_at=2)
    assert f"<@&{regular['id']}> at 2 points (all time)" in saved

    await play_round(world, {first: 3, second: 1})

    async def given() -> bool:
        return regular["id"] in await roles_of(world, first) and bool(await dms(world, first))

    await world.standin.wait_for(given, timeout=15)
    [told] = await dms(world, first)
    assert told["content"].startswith("You earned the role Regular in ")
    assert regular["id"] not in await roles_of(world, second)  # 1 point: not yet

    await play_round(world, {first: 2, second: 1}, questions=2)  # first: past 2 again; second: 2
    await world.standin.wait_for(lambda: _holds(world, second, regular["id"]), timeout=15)
    assert len(await dms(world, first)) == 1  # earned once
    [grant] = [
        g for g, given in await reward_roles.grants_of(world.db, world.guild_id, first) if given
    ]
    assert (grant.role_id, grant.period, grant.points) == (int(regular["id"]), "all", 2)

    cleared = await settings_said(world, clear_reward_role=regular["id"])
    assert tr("en", "settings.no_rewards") in cleared
    assert regular["id"] in await roles_of(world, first)  # nobody loses it


async def test_a_reward_set_later_is_given_to_those_past_its_points(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    first, second = [m for m in world.members if world.locales[m].startswith("en")][:2]
    await world.standin.set_role_permissions(
        world.guild_id, (await role_ids(world))["quizbot"], MANAGE_ROLES
    )
    await play_round(world, {first: 3, second: 1})
    regular = await world.standin.add_role(world.guild_id, "Regular", position=1)
    await settings_said(world, reward_role=regular["id"], reward_at=2)
    await world.standin.wait_for(lambda: _holds(world, first, regular["id"]), timeout=15)
    [told] = await world.standin.wait_for(lambda: dms(world, first), timeout=15)
    assert told["content"].startswith("You earned the role Regular in ")
    assert regular["id"] not in await roles_of(world, second)  # 1 point: below it


async def _holds(world: QuizWorld, member: int, role: str) -> bool:
    return role in await roles_of(world, member)


async def test_a_role_the_bot_cannot_give_is_refused_with_what_to_change(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    ids = await role_ids(world)
    low = await world.standin.add_role(world.guild_id, "Regular", position=1)
    high = await world.standin.add_role(
        world.guild_id, "Champion", position=TOP
    )  # above the bot's role

    async def said(role: str, **more: object) -> str:
        return await world.said(
            await world.command(world.owner, "quiz settings", reward_role=role, **more)
        )

    assert await said(low["id"]) == tr("en", "rewards.needs_both")
    assert await said(low["id"], reward_at=5) == tr(
        "en", "rewards.no_manage_roles", role=f"<@&{low['id']}>"
    )
    await world.standin.set_role_permissions(world.guild_id, ids["quizbot"], MANAGE_ROLES)
    assert await said(high["id"], reward_at=5) == tr(
        "en", "rewards.above_me", role=f"<@&{high['id']}>", mine=f"<@&{ids['quizbot']}>"
    )
    assert await said(ids["quizbot"], reward_at=5) == tr(
        "en", "rewards.not_giveable", role=f"<@&{ids['quizbot']}>"
    )
    assert await reward_roles.rewards_of(world.db, world.guild_id) == []  # nothing was saved
