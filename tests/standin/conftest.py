"""Fixtures: a stand-in per test and a minimal discord.py bot (not the quiz bot) to drive it."""

from __future__ import annotations

import asyncio
import contextlib
import io
from collections.abc import AsyncIterator, Callable
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.webhook.async_ import async_context, interaction_response_params

from bot.app.runtime.discord_url import point_discord_at
from standin.config import Limits, StandInConfig
from standin.driver import StandInClient
from tests.standin.scheduling import Rest

LONG_LABEL = "x" * 81
PICTURE = b"\x89PNG\r\n\x1a\n not really a picture"
READY_SECONDS = 10.0


class Buttons(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Yes", custom_id="yes", style=discord.ButtonStyle.success)
    async def yes(self, interaction: discord.Interaction, _: discord.ui.Button[Any]) -> None:
        await interaction.response.edit_message(content="You said yes", view=None)
        await interaction.followup.send("only you see this", ephemeral=True)

    @discord.ui.button(label="Off", custom_id="off", disabled=True)
    async def off(self, interaction: discord.Interaction, _: discord.ui.Button[Any]) -> None:
        await interaction.response.send_message("unreachable")


class MiniBot(discord.Client):
    def __init__(self, **options: Any) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.05, **options)
        self.tree = app_commands.CommandTree(self)
        self.errors: list[discord.HTTPException] = []
        self.release = asyncio.Event()
        self.resumed = asyncio.Event()
        self._add_commands()

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def on_resumed(self) -> None:
        self.resumed.set()

    def _add_commands(self) -> None:
        tree = self.tree

        @tree.command(description="Say hello with buttons")
        async def hello(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("Hello", view=Buttons())

        @tree.command(description="Defer, then edit")
        async def slow(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)
            await interaction.edit_original_response(content="done")

        @tree.command(description="Answer twice")
        async def twice(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("one")
            # discord.py refuses a second response itself; send it anyway, as a buggy bot might.
            params = interaction_response_params(4, {"content": "two"})
            await self._recording(
                async_context.get().create_interaction_response(
                    interaction.id, interaction.token, session=interaction._session, params=params
                )
            )

        @tree.command(description="Answer only when the test releases it")
        async def late(interaction: discord.Interaction) -> None:
            await self.release.wait()
            await self._recording(interaction.response.send_message("too late"))

        @tree.command(description="A button label one character too long")
        async def label(interaction: discord.Interaction) -> None:
            view = discord.ui.View()
            view.add_item(discord.ui.Button(label=LONG_LABEL, custom_id="long"))
            await self._recording(interaction.response.send_message("label", view=view))

        @tree.command(description="Post messages in the channel")
        @app_commands.describe(count="how many")
        async def post(interaction: discord.Interaction, count: int = 1) -> None:
            await interaction.response.defer(ephemeral=True)
            channel = interaction.channel
            assert isinstance(channel, discord.TextChannel)
            for number in range(count):
                await channel.send(f"post {number + 1}")
            await interaction.followup.send(f"posted {count}", ephemeral=True)

        @tree.command(description="Answer with a file")
        async def picture(interaction: discord.Interaction) -> None:
            file = discord.File(io.BytesIO(PICTURE), filename="picture.png")
            await interaction.response.send_message("a picture", file=file)

    async def _recording(self, call: Any) -> None:
        try:
            await call
        except discord.HTTPException as error:
            self.errors.append(error)


@contextlib.asynccontextmanager
async def running(bot: discord.Client) -> Any:
    """The bot connected and ready; closed again on exit."""
    task = asyncio.create_task(bot.start("standin-token"))
    try:
        await asyncio.wait_for(bot.wait_until_ready(), READY_SECONDS)
        yield bot
    finally:
        await bot.close()
        with contextlib.suppress(asyncio.CancelledError):
            await task


@contextlib.asynccontextmanager
async def started(guilds: int, members: int, **limits: Any) -> AsyncIterator[StandInClient]:
    config = StandInConfig(limits=Limits(**limits))
    async with StandInClient.start(guilds=guilds, members=members, config=config) as standin:
        point_discord_at(standin.url)
        yield standin


@pytest.fixture
def start_standin() -> Callable[..., Any]:
    """`async with start_standin(guilds, members, **limits) as standin:` with its own limits."""
    return started


@pytest.fixture
def run_bot() -> Callable[..., Any]:
    """`async with run_bot(**client_options) as bot:` a MiniBot connected and ready."""
    return lambda **options: running(MiniBot(**options))


@pytest.fixture
async def standin() -> AsyncIterator[StandInClient]:
    async with started(guilds=2, members=5) as fresh:
        yield fresh


@pytest.fixture
async def bot(standin: StandInClient) -> AsyncIterator[MiniBot]:
    async with running(MiniBot()) as ready:
        yield ready


@pytest.fixture
async def place(standin: StandInClient) -> dict[str, Any]:
    """The first guild's #general and three ordinary members of it."""
    guild = (await standin.state())["guilds"][0]
    members = [m["id"] for m in guild["members"] if m["name"].startswith("member-")]
    channel = next(c["id"] for c in guild["channels"] if c["name"] == "general")
    return {
        "guild": guild,
        "channel": channel,
        "alice": members[0],
        "bob": members[1],
        "chloe": members[2],
    }


@pytest.fixture
async def rest(standin: StandInClient) -> AsyncIterator[Rest]:
    """The bot's REST calls to `standin` as raw HTTP."""
    async with aiohttp.ClientSession() as http:
        yield Rest(standin.url, http)
