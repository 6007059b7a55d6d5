"""A heavy command's turn: refused, with when to try again, past its server's rate
(bot/app/shelf/heavy_work.py counts them)."""

from __future__ import annotations

from typing import Any

import discord

from bot.app.kit.replies import say
from bot.app.shelf.heavy_work import HeavyWork


async def refused_turn(
    interaction: discord.Interaction[Any], heavy: HeavyWork, guild_id: int
) -> bool:
    """Counts a heavy command of the server; past its limit, tells the member privately in how
    many seconds it may run one again (True: refused, nothing was done)."""
    wait_s = heavy.admit(guild_id)
    if wait_s:
        window = round(heavy.rate.window_s)
        limit = heavy.rate.limit
        await say(interaction, "heavy.too_often", limit=limit, window=window, seconds=wait_s)
    return wait_s > 0
