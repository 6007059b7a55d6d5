"""Autocomplete for pack options: packs whose id or title (in the member's language) match."""

from __future__ import annotations

from collections.abc import Iterable

from discord import app_commands

from bot.quiz.model import Pack
from bot.quiz.server_packs import shown_pack_id

MAX_CHOICES = 25  # Discord shows at most 25 suggestions
MAX_NAME = 100


def pack_choices(packs: Iterable[Pack], locale: str, typed: str) -> list[app_commands.Choice[str]]:
    """``packs``: those offered here (bot/app/shelf.py); values are the ids members see."""
    wanted = typed.casefold()
    return [
        app_commands.Choice(name=pack.title.get(locale)[:MAX_NAME], value=shown_pack_id(pack.id))
        for pack in packs
        if wanted in shown_pack_id(pack.id) or wanted in pack.title.get(locale).casefold()
    ][:MAX_CHOICES]
