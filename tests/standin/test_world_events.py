"""Changes to the world reach a connected bot as Discord sends them (events/gateway-events): a
server that adds the bot, GUILD_CREATE; a channel made or deleted, CHANNEL_CREATE and
CHANNEL_DELETE; a role deleted, GUILD_ROLE_DELETE; an outage, GUILD_DELETE marked unavailable,
and GUILD_CREATE once the server is back. The unmodified discord.py keeps its cache by them."""

from __future__ import annotations

from typing import Any

import pytest

from standin.driver import StandInClient
from standin.driver_base import StandInRefusedError
from tests.standin.conftest import MiniBot


async def test_a_server_that_adds_the_bot_is_known_to_it_at_once(
    standin: StandInClient, bot: MiniBot
) -> None:
    added = await standin.add_guild("Late club", locale="el")
    guild = await standin.wait_for(lambda: bot.get_guild(int(added["id"])))
    assert guild.name == "Late club"
    assert guild.preferred_locale.value == "el"
    assert sorted(c.name for c in guild.text_channels) == ["general", "moderators", "quiz"]
    assert guild.me is not None  # the bot is a member from the start


async def test_a_channel_made_and_deleted_comes_and_goes_in_the_bots_cache(
    standin: StandInClient, bot: MiniBot, place: dict[str, Any]
) -> None:
    guild_id = place["guild"]["id"]
    made = await standin.add_channel(guild_id, "late-quiz")
    channel = await standin.wait_for(lambda: bot.get_channel(int(made["id"])))
    assert channel.name == "late-quiz"  # type: ignore[union-attr]
    await standin.remove_channel(guild_id, made["id"])
    await standin.wait_for(lambda: bot.get_channel(int(made["id"])) is None)


async def test_a_deleted_role_leaves_the_bots_cache_and_its_members(
    standin: StandInClient, bot: MiniBot, place: dict[str, Any]
) -> None:
    guild_id = place["guild"]["id"]
    role = await standin.add_role(guild_id, "Quizzers")
    await standin.give_role(guild_id, place["alice"], role["id"])
    guild = bot.get_guild(int(guild_id))
    assert guild is not None
    await standin.wait_for(lambda: guild.get_role(int(role["id"])))
    await standin.remove_role(guild_id, "Quizzers")
    await standin.wait_for(lambda: guild.get_role(int(role["id"])) is None)
    members = (await standin.state())["guilds"][0]["members"]
    (alice,) = [m for m in members if m["id"] == place["alice"]]
    assert role["id"] not in alice["roles"]
    with pytest.raises(StandInRefusedError, match="cannot be deleted"):
        await standin.remove_role(guild_id, "quizbot")  # the bot's managed role


async def test_an_outage_marks_the_server_unavailable_until_it_is_back(
    standin: StandInClient, bot: MiniBot, place: dict[str, Any]
) -> None:
    guild_id = int(place["guild"]["id"])
    guild = bot.get_guild(guild_id)
    assert guild is not None
    assert not guild.unavailable
    await standin.guild_outage(guild_id)
    await standin.wait_for(lambda: guild.unavailable)
    await standin.guild_recovered(guild_id)
    back = await standin.wait_for(
        lambda: (found := bot.get_guild(guild_id)) is not None and not found.unavailable
    )
    assert back
    assert bot.get_guild(guild_id).get_channel(int(place["channel"])) is not None  # type: ignore[union-attr]


async def test_a_new_role_is_made_just_above_everyone_and_the_others_move_up(
    standin: StandInClient, bot: MiniBot, place: dict[str, Any]
) -> None:
    guild_id = place["guild"]["id"]
    before = {r["name"]: r for r in place["guild"]["roles"]}
    made = await standin.add_role(guild_id, "Quizzers")
    assert made["position"] == 1  # where Discord creates a role
    guild = bot.get_guild(int(guild_id))
    assert guild is not None
    await standin.wait_for(lambda: guild.get_role(int(made["id"])))
    bot_role = guild.get_role(int(before["quizbot"]["id"]))
    assert bot_role is not None
    await standin.wait_for(lambda: bot_role.position == 2)  # GUILD_ROLE_UPDATE moved it up
