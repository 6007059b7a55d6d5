"""Autocomplete for pack options: packs whose id or title (in the member's language) match."""

from __future__ import annotations

from discord import app_commands

from bot.quiz.library import Library

MAX_CHOICES = 25  # Discord shows at most 25 suggestions
MAX_NAME = 100


def pack_choices(library: Library, locale: str, typed: str) -> list[app_commands.Choice[str]]:
    wanted = typed.casefold()
    return [
        app_commands.Choice(name=pack.title.get(locale)[:MAX_NAME], value=pack.id)
        for pack in library.packs.values()
        if wanted in pack.id or wanted in pack.title.get(locale).casefold()
    ][:MAX_CHOICES]
