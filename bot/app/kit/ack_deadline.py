"""Discord's three seconds: an interaction whose work runs long is deferred before they run out."""

from __future__ import annotations

import asyncio
from typing import Any

import discord

ACK_BUDGET_S = 2.0  # of Discord's 3 s: the deferral itself must still reach Discord in time
_EXTRAS_KEY = "quizbot.ack_deadline"


class AckDeadline:
    """Defers the interaction ("thinking", privately) if no reply is under way ``after_s`` after
    it came, so that Discord's three seconds never run out. A timer, not a task and a wait,
    because nearly every interaction beats it. Every reply through ``kit.replies`` first waits
    for it (``settle_deferral``), so a reply never races the deferral."""

    def __init__(
        self, interaction: discord.Interaction[Any], after_s: float = ACK_BUDGET_S
    ) -> None:
        self._interaction = interaction
        self._deferring: asyncio.Task[Any] | None = None
        self._timer = asyncio.get_running_loop().call_later(after_s, self._defer)
        interaction.extras[_EXTRAS_KEY] = self

    def _defer(self) -> None:
        if self._interaction.response.is_done():
            return
        response = self._interaction.response
        self._deferring = asyncio.create_task(response.defer(ephemeral=True, thinking=True))

    async def met(self) -> None:
        """Stops the timer; if it went off, waits for the deferral (a reply must follow it)."""
        self._timer.cancel()
        if self._deferring is not None:
            await self._deferring


async def settle_deferral(interaction: discord.Interaction[Any]) -> None:
    """Before replying: stops the interaction's deadline, if it has one, and waits for a deferral
    already sent, so that the reply can tell a first response from a followup."""
    deadline = interaction.extras.get(_EXTRAS_KEY)
    if isinstance(deadline, AckDeadline):
        await deadline.met()
