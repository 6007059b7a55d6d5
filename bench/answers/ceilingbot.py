"""The transport ceiling: a bare discord.py bot that answers every click with an ephemeral "ok".

    python -m bench.answers.ceilingbot --discord-url URL [--channel quiz]

Same intents as quizbot (guilds only). Once connected it posts one message with four buttons in
the channel, prints ``ceiling ready MESSAGE_ID`` and then answers clicks until it is stopped.
Whatever a click costs this bot is what discord.py and the stand-in cost; the rest of quizbot's
cost per click is quizbot's own.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys
from typing import Any

import discord

from bot.app.runtime.discord_url import point_discord_at
from bot.app.runtime.main import event_loop_factory

READY = "ceiling ready"
OPTIONS = 4


class _Option(discord.ui.Button[discord.ui.View]):
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("ok", ephemeral=True)


class CeilingBot(discord.Client):
    def __init__(self, channel_name: str) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # as quizbot: channels, roles and the server's locale
        super().__init__(intents=intents, guild_ready_timeout=0.05)
        self._channel_name = channel_name
        self._posted = False

    async def on_ready(self) -> None:
        if self._posted:  # on_ready comes again after a reconnect
            return
        self._posted = True
        channel = next(
            c for g in self.guilds for c in g.text_channels if c.name == self._channel_name
        )
        view = discord.ui.View(timeout=None)
        for option in range(OPTIONS):
            view.add_item(_Option(label="ABCD"[option], custom_id=f"ceiling:{option}"))
        message = await channel.send("Pick one", view=view)
        sys.stdout.write(f"{READY} {message.id}\n")
        sys.stdout.flush()


async def serve(channel_name: str) -> None:
    client = CeilingBot(channel_name)
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, lambda: asyncio.ensure_future(client.close()))
    async with client:
        await client.start("ceiling-token")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.answers.ceilingbot", description=__doc__)
    parser.add_argument("--discord-url", required=True)
    parser.add_argument("--channel", default="quiz")
    parser.add_argument("--uvloop", action="store_true", help="run on uvloop's event loop")
    arguments = parser.parse_args()
    point_discord_at(arguments.discord_url)
    loop_factory = event_loop_factory() if arguments.uvloop else None
    with asyncio.Runner(loop_factory=loop_factory) as runner:
        runner.run(serve(arguments.channel))


if __name__ == "__main__":
    main()
