"""Command names and descriptions in the members' languages, from the message catalogues."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.app.kit.catalogue import FALLBACK, LANGUAGES, language_for, lookup, tr

_FIELD = {
    Where.command_name: "name",
    Where.group_name: "name",
    Where.parameter_name: "name",
    Where.command_description: "description",
    Where.group_description: "description",
    Where.parameter_description: "description",
}


def command_text(key: str) -> app_commands.locale_str:
    """The English text of a command string, as the code declares it, carrying its catalogue key
    so that every language finds it (a choice's value, e.g. ``el``, is not its key)."""
    return app_commands.locale_str(tr(FALLBACK, key), key=key)


def command_as_shown(locale: str | None, path: str) -> str:
    """``/settings`` or ``/quiz stop`` as a client in ``locale`` shows it: Discord displays the
    localised names, so a message that names a command must use them too (``/ρυθμίσεις``)."""
    language = language_for(locale)
    words = path.split()
    names = []
    for depth in range(1, len(words) + 1):
        key = f"cmd.{'.'.join(words[:depth])}.name"
        names.append(lookup(language, key) or tr(FALLBACK, key))
    return "/" + " ".join(names)


def option_as_shown(locale: str | None, path: str, option: str) -> str:
    """An option of the command at ``path`` (``quiz season start``) as a client in ``locale``
    shows it: ``channel``, ``κανάλι``; its declared name if the catalogue has none."""
    key = f"cmd.{path.replace(' ', '.')}.{option}.name"
    return lookup(language_for(locale), key) or option


def catalogue_key(context: app_commands.TranslationContextTypes) -> str | None:
    """``cmd.quiz.start.pack.name`` and the like, from where a string sits in the command tree."""
    location = context.location
    data: Any = context.data
    if location is Where.choice_name:
        return f"choice.{data.value}"
    field = _FIELD.get(location)
    if field is None:
        return None
    if location in (Where.parameter_name, Where.parameter_description):
        path = f"{data.command.qualified_name} {data.name}"
    else:
        path = data.qualified_name
    return f"cmd.{path.replace(' ', '.')}.{field}"


class CatalogueTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        language = locale.value.split("-", 1)[0]
        if language == FALLBACK or language not in LANGUAGES:
            return None  # Discord shows the English default
        key = string.extras.get("key") or catalogue_key(context)
        return lookup(language, key) if key else None
