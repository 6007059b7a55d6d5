"""The one shape of every persistent button: its custom_id carries its state, so a click is
handled the same before and after a restart, and any failure still answers the member.

Clicks reach buttons through ``ButtonRouter``, not through discord.py's dispatch of dynamic
items: that rebuilds the whole view from the clicked message on every click (``View.from_message``,
a tenth of the bot's CPU per answer with layout messages), where the router builds the one button
from its custom_id. The buttons stay ``DynamicItem``s so that a message carrying them is never
kept in discord.py's view store, but the template discord.py sees matches nothing."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, ClassVar, Self

import discord

from bot.app.kit import metrics
from bot.app.kit.button_origin import refuse
from bot.app.kit.limits import BUTTON_LABEL, fit_text
from bot.app.kit.replies import guarded

Button = discord.ui.Button[discord.ui.View]

_NOTHING = re.compile(r"(?!)")


class PersistentButton(discord.ui.DynamicItem[Button], template=_NOTHING):
    """Subclasses give the ``pattern`` of their custom_ids, build themselves ``from_match``, and
    ``handle`` clicks."""

    failure_key: ClassVar[str] = "errors.failed"
    pattern: ClassVar[re.Pattern[str]] = _NOTHING

    def __init_subclass__(cls, *, pattern: re.Pattern[str]) -> None:
        super().__init_subclass__(template=_NOTHING)
        cls.pattern = pattern

    @property
    def template(self) -> re.Pattern[str]:
        """What discord.py checks a custom_id against when the button is built."""
        return self.pattern

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


class UnreadableButton(PersistentButton, pattern=re.compile(".*", re.DOTALL)):
    """A custom_id of one of the bot's shapes whose fields no button of that shape can carry
    (a client may send anything): told so privately, like a button out of place. The router
    makes it for such a custom_id only; its pattern takes any, as built buttons must match."""

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        await refuse(interaction)


class ButtonRouter:
    """Finds the persistent button a clicked custom_id belongs to."""

    def __init__(self, kinds: Iterable[type[PersistentButton]]) -> None:
        self._kinds = tuple(kinds)

    def button(self, custom_id: str) -> PersistentButton | None:
        for kind in self._kinds:
            match = kind.pattern.fullmatch(custom_id)
            if match is not None:
                try:
                    return kind.from_match(match)
                except ValueError:
                    return UnreadableButton(custom_id, "?")
        return None
