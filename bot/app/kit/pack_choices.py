"""Pack options: autocomplete (packs whose id or title, in the member's language, match), and
the ids members type, looked up with ``bot.quiz.packs.server_packs.typed_pack``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord
from discord import app_commands

from bot.app.kit.limits import echo
from bot.app.kit.places import server_of
from bot.app.kit.replies import say
from bot.quiz.model import Pack
from bot.quiz.packs.library import Library
from bot.quiz.packs.server_packs import has_separator, shown_pack_id, typed_pack

MAX_CHOICES = 25  # Discord shows at most 25 suggestions
MAX_NAME = 100


def pack_choices(packs: Iterable[Pack], locale: str, typed: str) -> list[app_commands.Choice[str]]:
    """``packs``: those offered here (bot/app/shelf/shelf.py); values are the ids members
    see."""
    wanted = typed.casefold()
    return [
        app_commands.Choice(name=pack.title.get(locale)[:MAX_NAME], value=shown_pack_id(pack.id))
        for pack in packs
        if wanted in shown_pack_id(pack.id) or wanted in pack.title.get(locale).casefold()
    ][:MAX_CHOICES]


async def refused_inside_id(interaction: discord.Interaction[Any], typed: str | None) -> bool:
    """True, once the member is told why privately, for a typed id with the inside suffix."""
    if typed is None or not has_separator(typed):
        return False
    await say(interaction, "packs.inside_id", pack=echo(typed))
    return True


async def chosen_pack(
    interaction: discord.Interaction[Any], library: Library, typed: str
) -> Pack | None:
    """The pack a member typed in a pack option, in ``library`` (the server's view); None, once
    they are told why privately (an inside id, or no such pack here)."""
    if await refused_inside_id(interaction, typed):
        return None
    found = typed_pack(library, typed)
    if found is None:
        # Outside a server there is no /quiz packs to point to, and no server pack to find.
        key = "round.unknown_pack" if server_of(interaction) else "packs.unknown_outside"
        await say(interaction, key, pack=echo(typed))
    return found
