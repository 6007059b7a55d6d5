"""No privilege through the bot, end to end through the stand-in (which gives and mentions roles
by Discord's rules): a reward role or a ping does only what whoever chose it could do in
Discord themselves, when it is chosen and again when the bot acts on it, and the setter is
told once when it no longer may."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from bot.app.kit.authority import refusal_text
from bot.app.kit.catalogue import tr
from bot.storage.rewards import reward_roles
from bot.storage.settings import settings
from standin.permissions import (
    ADMINISTRATOR,
    BAN_MEMBERS,
    MANAGE_GUILD,
    MANAGE_ROLES,
    MENTION_EVERYONE,
)
from tests.e2e.conftest import QuizWorld, play_round
from tests.e2e.scheduling import (
    add,
    all_schedules,
    local,
    local_today,
    move_to,
    wait_for_start_cards,
)
from tests.e2e.test_rewards import dms, role_ids, roles_of

BACKENDS = ["sqlite", "postgres"]


async def member_with(world: QuizWorld, name: str, *roles: str) -> int:
    """A new member of the server holding ``roles``."""
    return int((await world.standin.add_member(world.guild_id, name, roles=list(roles)))["id"])


async def role(world: QuizWorld, name: str, permissions: int = 0, **more: object) -> str:
    return str((await world.standin.add_role(world.guild_id, name, permissions, **more))["id"])  # type: ignore[arg-type]


async def settings_by(world: QuizWorld, member: int, **options: object) -> str:
    return await world.said(await world.command(member, "quiz settings", **options))


def refused(key: str, role_id: str, **more: object) -> str:
    return tr(
        "en", "authority.refused", why=refusal_text("en", (key, {"role": f"<@&{role_id}>", **more}))
    )


async def failures(world: QuizWorld) -> list[str]:
    """Why each of the server's grants was not given (None: given or still owed)."""
    async with world.db.read() as connection:
        rows = await connection.execute(
            text("SELECT failure FROM reward_grants WHERE guild_id = :g"), {"g": world.guild_id}
        )
        return [row[0] for row in rows.all()]


async def bot_may_manage_roles(world: QuizWorld) -> None:
    await world.standin.set_role_permissions(
        world.guild_id, (await role_ids(world))["quizbot"], MANAGE_ROLES
    )


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_a_reward_is_refused_unless_its_setter_could_give_it_in_discord(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    await bot_may_manage_roles(world)
    # From the bottom: Helpers (who may give roles), Plain, Bans, Admins; the bot's role above.
    admins = await role(world, "Admins", ADMINISTRATOR, position=1)
    bans = await role(world, "Bans", BAN_MEMBERS, position=1)
    plain = await role(world, "Plain", position=1)
    helpers = await role(world, "Helpers", MANAGE_GUILD | MANAGE_ROLES, position=1)
    manager = await member_with(world, "manager", (await role_ids(world))["Moderator"])
    helper = await member_with(world, "helper", helpers)

    as_admin = await settings_by(world, manager, reward_role=admins, reward_at=1)
    assert as_admin == refused("authority.reward_elevated", admins, permissions=("administrator",))
    assert "the “Administrator” permission" in as_admin
    banning = await settings_by(world, world.owner, reward_role=bans, reward_at=1)  # the owner too
    assert banning == refused("authority.reward_elevated", bans, permissions=("ban_members",))
    assert await settings_by(world, manager, reward_role=plain, reward_at=1) == refused(
        "authority.reward_no_manage_roles", plain
    )
    assert await settings_by(world, helper, reward_role=plain, reward_at=1) == refused(
        "authority.reward_above_setter", plain
    )
    assert await reward_roles.rewards_of(world.db, world.guild_id) == []  # nothing was saved

    await play_round(world, {manager: 3, helper: 3})
    held = {*await roles_of(world, manager), *await roles_of(world, helper)}
    assert {admins, bans, plain} & held == set()
    assert await failures(world) == []  # no reward, nothing owed


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_a_reward_that_gains_a_permission_is_withheld_and_its_setter_told_once(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    first, second = [m for m in world.members if world.locales[m].startswith("en")][:2]
    await bot_may_manage_roles(world)
    regular = await role(world, "Regular", position=1)
    saved = await settings_by(world, world.owner, reward_role=regular, reward_at=2)
    assert f"<@&{regular}> at 2 points (all time)" in saved
    await world.standin.set_role_permissions(world.guild_id, regular, ADMINISTRATOR)

    await play_round(world, {first: 3, second: 1})
    why = refusal_text(
        "en", ("authority.reward_elevated", {"role": "@Regular", "permissions": ("administrator",)})
    )
    [told] = await world.standin.wait_for(lambda: withheld_dms(world, world.owner), timeout=15)
    assert why in told
    assert await failures(world) == ["withheld: authority.reward_elevated"]

    await play_round(world, {first: 2, second: 2}, questions=2)  # second reaches it too

    async def both_withheld() -> bool:
        return len([f for f in await failures(world) if f]) == 2

    await world.standin.wait_for(both_withheld, timeout=15)
    assert regular not in {*await roles_of(world, first), *await roles_of(world, second)}
    assert len(await withheld_dms(world, world.owner)) == 1  # told once, not at every grant
    assert await dms(world, first) == []  # no "you earned" either


async def withheld_dms(world: QuizWorld, member: int) -> list[str]:
    """The DMs telling ``member`` what the bot did not do on their behalf."""
    return [m["content"] for m in await dms(world, member) if m["content"].startswith("In ")]


async def ping_world(world: QuizWorld) -> tuple[int, int]:
    """The bot may mention every role; a member with Manage Server only, and one with the quiz
    moderator role only (both without Mention Everyone)."""
    announcer = await role(world, "Announcer", MENTION_EVERYONE)
    bot_user = (await world.standin.state())["bot_user_id"]
    await world.standin.give_role(world.guild_id, bot_user, announcer)
    hosts = await role(world, "Hosts")
    await settings_by(world, world.owner, moderator_role=hosts)
    manager = await member_with(world, "manager", (await role_ids(world))["Moderator"])
    return manager, await member_with(world, "host", hosts)


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_an_unmentionable_ping_role_is_refused_to_who_may_not_ping_it(
    clocked: QuizWorld,
) -> None:
    world = clocked
    manager, host = await ping_world(world)
    quiet = await role(world, "Quiet")  # not mentionable

    said = await settings_by(world, manager, ping_role=quiet)
    assert said == refused("authority.ping_not_mentionable", quiet)
    assert (await settings.guild_settings(world.db, world.guild_id)).ping_role_id is None
    scheduled = await add(world, host, day="daily", time="12:00", ping=quiet)
    assert scheduled == refused("authority.ping_not_mentionable", quiet)
    assert await all_schedules(world) == []

    await play_round(world, {manager: 1})
    assert await world.standin.mentions() == []  # never pinged


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_a_ping_role_turned_unmentionable_is_not_pinged_and_its_setter_told_once(
    clocked: QuizWorld,
) -> None:
    world = clocked
    manager, host = await ping_world(world)
    quizzers = await role(world, "Quizzers", mentionable=True)
    assert f"<@&{quizzers}>" in await settings_by(world, manager, ping_role=quizzers)
    assert "Each round pings" in await add(world, host, day="daily", time="12:00", ping=quizzers)
    await world.standin.set_role_permissions(world.guild_id, quizzers, mentionable=False)

    await play_round(world, {manager: 1})
    await play_round(world, {manager: 1}, questions=2)  # a second round: no second DM
    await move_to(world, local(local_today(world), 12))
    cards = await wait_for_start_cards(world, 3)
    assert all("a quiz round is starting" not in str(card) for card in cards)
    assert await world.standin.mentions() == []
    why = refusal_text("en", ("authority.ping_not_mentionable", {"role": "@Quizzers"}))
    [told_manager] = await world.standin.wait_for(lambda: withheld_dms(world, manager), 15)
    assert why in told_manager
    assert "/quiz settings" in told_manager
    [told_host] = await world.standin.wait_for(lambda: withheld_dms(world, host), 15)
    assert why in told_host
    assert "/quiz schedule add" in told_host
