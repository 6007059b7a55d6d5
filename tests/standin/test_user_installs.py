"""User installs: commands synced with `integration_types` and `contexts` run only where Discord
would offer them, and their interactions carry `context` and `authorizing_integration_owners`
as Discord's docs describe them (standin/installs.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
from discord import app_commands

from standin.driver import StandInClient, StandInRefusedError
from tests.standin.conftest import MiniBot, running
from tests.standin.scheduling import Rest

MISSING_ACCESS = 50001


class InstallBot(MiniBot):
    """A bot with one command for both installs in every context, and one for servers only."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[discord.Interaction] = []

        @self.tree.command(description="Anywhere, installed either way")
        @app_commands.allowed_installs(guilds=True, users=True)
        @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
        async def anywhere(interaction: discord.Interaction) -> None:
            self.seen.append(interaction)
            view = discord.ui.View()
            view.add_item(discord.ui.Button(label="Again", custom_id="again"))
            await interaction.response.send_message("mine", ephemeral=True, view=view)

        @self.tree.command(description="Servers only")
        @app_commands.allowed_installs(guilds=True, users=False)
        @app_commands.guild_only()
        async def server(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("server")

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is discord.InteractionType.component:
            self.seen.append(interaction)
            await interaction.response.send_message("again", ephemeral=True)


@pytest.fixture
async def install_bot(standin: StandInClient) -> AsyncIterator[InstallBot]:
    async with running(InstallBot()) as ready:
        yield ready


def payload(standin: StandInClient, interaction_id: int) -> dict[str, Any]:
    assert standin.core is not None
    found: dict[str, Any] = standin.core.desk.by_id[interaction_id].payload
    return found


async def test_the_synced_commands_keep_their_installs_and_contexts(
    standin: StandInClient, install_bot: InstallBot
) -> None:
    assert install_bot.is_ready()
    synced = {c["name"]: c for c in (await standin.state())["commands"]["global"]}
    assert synced["anywhere"]["integration_types"] == [0, 1]
    assert synced["anywhere"]["contexts"] == [0, 1, 2]
    assert synced["server"]["integration_types"] == [0]
    assert synced["server"]["contexts"] == [0]
    assert await standin.openapi_failures() == []


async def test_a_user_install_runs_in_a_group_dm_privately_for_its_user_only(
    standin: StandInClient, install_bot: InstallBot, place: dict[str, Any]
) -> None:
    group = await standin.group_dm([place["alice"], place["bob"]])
    with pytest.raises(StandInRefusedError, match="not installed"):
        await standin.command(place["alice"], group, "anywhere")  # not added to her account yet
    await standin.install_app(place["alice"])
    ran = await standin.command(place["alice"], group, "anywhere")
    report = await standin.wait_for_response(ran)
    sent = payload(standin, ran)
    assert sent["context"] == 2
    assert sent["authorizing_integration_owners"] == {"1": place["alice"]}
    assert "guild_id" not in sent
    assert sent["user"]["id"] == place["alice"]
    (interaction,) = install_bot.seen
    assert interaction.context.private_channel
    assert interaction.is_user_integration()
    assert not interaction.is_guild_integration()
    assert isinstance(interaction.channel, discord.GroupChannel)

    shown = await standin.messages(group, as_user=place["alice"])
    assert [m["content"] for m in shown] == ["mine"]
    assert await standin.messages(group, as_user=place["bob"]) == []  # ephemeral: hers
    with pytest.raises(StandInRefusedError, match="not installed"):
        await standin.command(place["bob"], group, "anywhere")  # Bob did not add the app
    with pytest.raises(StandInRefusedError, match="not in DM channel"):
        await standin.command(place["chloe"], group, "anywhere")  # not in the group

    clicked = await standin.click(place["alice"], report["original_message_id"], "again")
    await standin.wait_for_response(clicked)
    assert payload(standin, clicked)["context"] == 2
    assert payload(standin, clicked)["authorizing_integration_owners"] == {"1": place["alice"]}


async def test_a_server_only_command_is_refused_in_dms_and_group_dms(
    standin: StandInClient, install_bot: InstallBot, place: dict[str, Any]
) -> None:
    assert install_bot.is_ready()
    await standin.install_app(place["alice"])
    dm = await standin.dm_channel(place["alice"])
    group = await standin.group_dm([place["alice"], place["bob"]])
    for channel in (dm, group):
        with pytest.raises(StandInRefusedError, match="not offered in this context"):
            await standin.command(place["alice"], channel, "server")
    ran = await standin.command(place["alice"], place["channel"], "server")
    assert (await standin.wait_for_response(ran))["acknowledged"]
    assert payload(standin, ran)["authorizing_integration_owners"] == {"0": place["guild"]["id"]}


async def test_the_bot_dm_is_authorized_by_the_server_install_and_the_users(
    standin: StandInClient, install_bot: InstallBot, place: dict[str, Any]
) -> None:
    dm = await standin.dm_channel(place["bob"])
    before = await standin.command(place["bob"], dm, "anywhere")
    await standin.wait_for_response(before)
    assert payload(standin, before)["context"] == 1
    assert payload(standin, before)["authorizing_integration_owners"] == {"0": "0"}
    await standin.install_app(place["bob"])
    after = await standin.command(place["bob"], dm, "anywhere")
    await standin.wait_for_response(after)
    owners = payload(standin, after)["authorizing_integration_owners"]
    assert owners == {"0": "0", "1": place["bob"]}
    assert install_bot.seen[-1].context.dm_channel


async def test_the_bot_is_no_member_of_a_group_dm(
    standin: StandInClient, install_bot: InstallBot, place: dict[str, Any]
) -> None:
    group = await standin.group_dm([place["alice"], place["bob"]], name="study")
    channel = install_bot.get_partial_messageable(group)
    with pytest.raises(discord.Forbidden) as refused:
        await channel.send("hello, group")
    assert refused.value.code == MISSING_ACCESS
    with pytest.raises(StandInRefusedError):
        await standin.group_dm([place["alice"]])  # one user is no group


async def test_a_server_that_removed_the_bot_sees_only_user_installs(
    standin: StandInClient, install_bot: InstallBot, place: dict[str, Any]
) -> None:
    guild_id = int(place["guild"]["id"])
    assert install_bot.get_guild(guild_id) is not None
    await standin.remove_bot(guild_id)
    await standin.wait_for(lambda: install_bot.get_guild(guild_id) is None)  # GUILD_DELETE
    with pytest.raises(StandInRefusedError, match="not installed"):
        await standin.command(place["alice"], place["channel"], "server")
    with pytest.raises(StandInRefusedError, match="not installed"):
        await standin.command(place["alice"], place["channel"], "anywhere")
    await standin.install_app(place["alice"])
    ran = await standin.command(place["alice"], place["channel"], "anywhere")
    await standin.wait_for_response(ran)
    assert payload(standin, ran)["context"] == 0
    assert payload(standin, ran)["authorizing_integration_owners"] == {"1": place["alice"]}
    assert payload(standin, ran)["app_permissions"] == "0"
    interaction = install_bot.seen[-1]
    assert interaction.guild_id == guild_id
    assert not interaction.is_guild_integration()


@pytest.mark.parametrize(
    "bad", [{"integration_types": [2]}, {"contexts": [3]}, {"contexts": [0, 0]}]
)
async def test_installs_and_contexts_outside_the_spec_are_refused(
    standin: StandInClient, rest: Rest, bad: dict[str, Any]
) -> None:
    application = (await standin.state())["application_id"]
    command = {"name": "odd", "description": "An odd command", "type": 1, **bad}
    status, _ = await rest.call("PUT", f"/applications/{application}/commands", [command])
    assert status == 400
    assert (await standin.state())["commands"]["global"] == []
