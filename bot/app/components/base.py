"""The one shape of every persistent button: its custom_id carries its state, so a click is
handled the same before and after a restart, and any failure still answers the member."""

from __future__ import annotations

import re
from typing import Any, ClassVar, Self

import discord

from bot.app import metrics
from bot.app.render.limits import BUTTON_LABEL, fit_text
from bot.app.replies import guarded

Button = discord.ui.Button[discord.ui.View]


class PersistentButton(discord.ui.DynamicItem[Button], template=re.compile(r"(?!)")):
    """Subclasses give a ``template``, build themselves ``from_match``, and ``handle`` clicks.

    The base template matches nothing: only subclasses are registered with the client.
    """

    failure_key: ClassVar[str] = "errors.failed"

    def __init__(
        self,
        custom_id: str,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        *,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        button: Button = discord.ui.Button(
            label=fit_text(label, BUTTON_LABEL),
            style=style,
            custom_id=custom_id,
            disabled=disabled,
            row=row,
        )
        super().__init__(button)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        raise NotImplementedError

    @classmethod
    async def from_custom_id(
        cls,
        _interaction: discord.Interaction[Any],
        _item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls.from_match(match)

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        raise NotImplementedError

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        with metrics.click(type(self).__name__.removesuffix("Button").lower()):
            await guarded(interaction, lambda: self.handle(interaction), self.failure_key)
        interaction.client.dispatch("button_handled", interaction)
