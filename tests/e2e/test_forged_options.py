"""Forged options: a modified client names, in a channel or role option, a channel or role of
another server, or a channel of this one the member cannot see. Each command gets a private
refusal that names the option, in the member's language, with no error id; nothing changes, and
the bot logs no error and no traceback (one info line)."""

from __future__ import annotations

import logging
from dataclasses import dataclass

import pytest

from bot.app.kit.catalogue import tr
from bot.storage.schedules import series
from bot.storage.seasons import season
from bot.storage.settings import settings
from standin.permissions import MANAGE_GUILD, MEMBER_OVERWRITE, ROLE_OVERWRITE, VIEW_CHANNEL
from tests.e2e.conftest import TIMEOUT, QuizWorld


@dataclass(frozen=True, slots=True)
class Elsewhere:
    """Another server the bot is in: its channel #quiz and its role Moderator."""

    channel_id: int
    role_id: int


async def elsewhere(world: QuizWorld) -> Elsewhere:
    """Another server, added before the bot connects (the stand-in sends no channel events)."""
    assert world.standin.core is not None
    guild = world.standin.core.world.add_guild("Other club")
    channel = next(c for c in guild.channels.values() if c.name == "quiz")
    role = next(r for r in guild.roles.values() if r.name == "Moderator")
    return Elsewhere(channel.id, role.id)


async def forged(world: QuizWorld, user: int, command: str, **options: object) -> str:
    """What the bot said privately to a command from a modified client."""
    asked = await world.standin.forge_command(user, world.channel_id, command, **options)  # type: ignore[arg-type]
    report = await world.standin.wait_for_response(asked, timeout=TIMEOUT)
    assert report["responses"][0]["body"]["data"]["flags"] & 64, "not private"
    return await world.said(report)


def logged_nothing_wrong(caplog: pytest.LogCaptureFixture) -> None:
    """No error, no traceback: a forged option is the client's doing, not a failure."""
    wrong = [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    assert wrong == [], [r.getMessage() for r in wrong]
    assert "Traceback" not in caplog.text


def refused(locale: str, key: str, option: str) -> str:
    text = tr(locale, key, option=option)
    assert "error" not in text.lower()
    assert "σφάλμα" not in text.lower()
    return text


async def test_another_servers_channel_starts_no_season(
    world: QuizWorld, caplog: pytest.LogCaptureFixture
) -> None:
    there = await elsewhere(world)
    greek = world.members[1]
    assert world.locales[greek] == "el"
    await world.standin.give_role(world.guild_id, greek, "Moderator")
    await world.start_bot()
    said = await forged(
        world, world.owner, "quiz season start", name="Spring", channel=there.channel_id
    )
    assert said == refused("en", "forged.channel", "channel")
    # A Greek member's client shows the option's Greek name, and so does the refusal.
    said = await forged(world, greek, "quiz season start", name="Άνοιξη", channel=there.channel_id)
    assert said == refused("el", "forged.channel", "κανάλι")
    assert await season.running_season(world.db, world.guild_id) is None
    logged_nothing_wrong(caplog)


@pytest.mark.parametrize(
    ("option", "key"),
    [
        ("suggestions_channel", "forged.channel"),
        ("ping_role", "forged.role"),
        ("moderator_role", "forged.role"),
    ],
)
async def test_another_servers_channel_or_role_is_no_setting(
    world: QuizWorld, caplog: pytest.LogCaptureFixture, option: str, key: str
) -> None:
    there = await elsewhere(world)
    await world.start_bot()
    before = await settings.guild_settings(world.db, world.guild_id)
    target = there.channel_id if key == "forged.channel" else there.role_id
    said = await forged(world, world.owner, "quiz settings", **{option: target})
    assert said == refused("en", key, option)
    assert await settings.guild_settings(world.db, world.guild_id) == before
    logged_nothing_wrong(caplog)


@pytest.mark.parametrize(
    ("option", "key"), [("channel", "forged.channel"), ("ping", "forged.role")]
)
async def test_another_servers_channel_or_role_schedules_nothing(
    world: QuizWorld, caplog: pytest.LogCaptureFixture, option: str, key: str
) -> None:
    there = await elsewhere(world)
    await world.start_bot()
    target = there.channel_id if key == "forged.channel" else there.role_id
    when = {"pack": "mini", "day": "daily", "time": "12:00"}
    said = await forged(world, world.owner, "quiz schedule add", **when, **{option: target})
    assert said == refused("en", key, option)
    assert await series.guild_schedules(world.db, world.guild_id) == []
    logged_nothing_wrong(caplog)


async def test_a_channel_the_member_cannot_see_is_refused_though_the_bot_can_post_there(
    world: QuizWorld, caplog: pytest.LogCaptureFixture
) -> None:
    """A manager of the server who is kept out of #staff, which the bot may post in: Discord
    offers them only the channels they see, but a client can send any of the server's."""
    bot_user = int((await world.standin.state())["bot_user_id"])
    staff = await world.standin.add_channel(
        world.guild_id,
        "staff",
        [
            {"id": world.guild_id, "type": ROLE_OVERWRITE, "deny": VIEW_CHANNEL},
            {"id": bot_user, "type": MEMBER_OVERWRITE, "allow": VIEW_CHANNEL},
        ],
    )
    manager = world.members[0]
    role = await world.standin.add_role(world.guild_id, "Managers", permissions=MANAGE_GUILD)
    await world.standin.give_role(world.guild_id, manager, role["id"])
    await world.start_bot()
    locale = world.locales[manager]
    before = await settings.guild_settings(world.db, world.guild_id)
    said = await forged(world, manager, "quiz season start", name="Spring", channel=staff["id"])
    assert said == refused(locale, "forged.channel", "channel")
    said = await forged(world, manager, "quiz settings", suggestions_channel=staff["id"])
    assert said == refused(locale, "forged.channel", "suggestions_channel")
    assert await season.running_season(world.db, world.guild_id) is None
    assert await settings.guild_settings(world.db, world.guild_id) == before
    # The owner sees #staff: the same command starts the season there.
    started = await world.command(
        world.owner, "quiz season start", name="Spring", channel=staff["id"]
    )
    assert f"<#{staff['id']}>" in await world.said(started)
    running = await season.running_season(world.db, world.guild_id)
    assert running is not None
    assert running.channel_id == int(staff["id"])
    logged_nothing_wrong(caplog)
