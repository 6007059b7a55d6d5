"""The bot's own interface strings, from one message catalogue per language.

Catalogues are TOML files in ``bot/app/locales``; keys are dotted paths such as
``round.locked_in``. English is the fallback for a missing language or key.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

FALLBACK = "en"
LANGUAGES = ("en", "el")


def language_for(locale: str | None) -> str:
    """The catalogue language of a Discord locale: ``el`` -> ``el``; ``en-US``, ``ja`` -> ``en``."""
    language = (locale or "").split("-", 1)[0].lower()
    return language if language in LANGUAGES else FALLBACK


@cache
def catalogue(language: str) -> Mapping[str, str]:
    """Every key of one language's catalogue, flattened to dotted paths."""
    text = resources.files("bot.app.locales").joinpath(f"{language}.toml").read_text("utf-8")
    return _flatten(tomllib.loads(text))


def tr(locale: str | None, key: str, /, **params: object) -> str:
    """The string for ``key`` in the language of ``locale``, with ``{name}`` params filled in."""
    template = catalogue(language_for(locale)).get(key) or catalogue(FALLBACK)[key]
    return template.format(**params) if params else template


def has(language: str, key: str) -> bool:
    return key in catalogue(language)


def _flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in table.items():
        path = f"{prefix}{key}"
        if isinstance(value, Mapping):
            flat.update(_flatten(value, f"{path}."))
        else:
            flat[path] = str(value)
    return flat
