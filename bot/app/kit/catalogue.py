"""The bot's own interface strings, from one Project Fluent catalogue per language.

Catalogues are ``bot/app/kit/locales/<language>.ftl`` (docs/i18n.md). The code asks for a message by
a dotted key such as ``round.locked_in``; in the catalogue that is the message ``round-locked_in``
(Fluent ids cannot contain dots). Fluent chooses plural forms by CLDR's rules and formats numbers
for the language through Babel. English is the fallback for a missing language or key.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from functools import cache
from importlib import resources
from pathlib import Path

from babel import Locale
from babel.dates import format_date
from babel.numbers import format_decimal, format_percent
from fluent.runtime import FluentBundle
from fluent.runtime.types import FluentType
from fluent.syntax import ast

from bot.app.kit.parsed_catalogue import parsed_catalogue

FALLBACK = "en"
LANGUAGES = ("en", "el")


class CatalogueError(Exception):
    """A catalogue that does not parse, or a message that cannot be rendered with its params."""


class _Text(str, FluentType):
    """A text variable, passed through as it is. Fluent refuses a plain ``str`` placeable over
    2,500 characters (a guard against catalogues that expand themselves); pack texts can be
    longer, and the render functions fit every message to Discord's limits afterwards."""

    # FluentType.format, not str.format. Fluent resolves a placeable more than once; staying
    # _Text keeps it exempt each time.
    def format(self, locale: Locale) -> str:  # type: ignore[override]  # noqa: ARG002
        return self


def language_for(locale: str | None) -> str:
    """The catalogue language of a Discord locale: ``el`` -> ``el``; ``en-US``, ``ja`` -> ``en``."""
    language = (locale or "").split("-", 1)[0].lower()
    return language if language in LANGUAGES else FALLBACK


def message_id(key: str) -> str:
    """The Fluent id of a dotted key: ``round.locked_in`` -> ``round-locked_in``."""
    return key.replace(".", "-")


def key_of(message: str) -> str:
    """The dotted key of a Fluent id (keys never contain ``-``)."""
    return message.replace("-", ".")


@cache
def resource(language: str) -> ast.Resource:
    """One language's catalogue, parsed; a syntax error fails here, at load, not at first use."""
    folder = resources.files("bot.app.kit.locales")
    source = folder.joinpath(f"{language}.ftl").read_text("utf-8")
    parsed = parsed_catalogue(source, language, folder if isinstance(folder, Path) else None)
    broken = [entry for entry in parsed.body if isinstance(entry, ast.Junk)]
    if broken:
        first = (broken[0].content or "").strip().partition("\n")[0]
        raise CatalogueError(f"{language}.ftl: {len(broken)} unreadable entries, first: {first}")
    return parsed


@cache
def _bundle(language: str) -> FluentBundle:
    # Fluent wraps every placeable in Unicode bidi isolation marks by default; Discord shows them
    # around mentions and they break markdown such as **{ $letter }**.
    bundle = FluentBundle([language], use_isolating=False)
    bundle.add_resource(resource(language))
    return bundle


@cache
def keys(language: str) -> frozenset[str]:
    """Every dotted key that one language's catalogue has."""
    return frozenset(
        key_of(entry.id.name) for entry in resource(language).body if isinstance(entry, ast.Message)
    )


def has(language: str, key: str) -> bool:
    return key in keys(language)


def render(language: str, key: str, params: dict[str, object]) -> str:
    """The message ``key`` in exactly ``language`` (no fallback); every variable must be given."""
    bundle = _bundle(language)
    message = bundle.get_message(message_id(key))
    if message.value is None:
        raise CatalogueError(f"{language}: {key} has no text")
    args = {name: _Text(v) if isinstance(v, str) else v for name, v in params.items()}
    text, errors = bundle.format_pattern(message.value, args)
    if errors:
        raise CatalogueError(f"{language}: {key}: {'; '.join(map(str, errors))}")
    return str(text)


def tr(locale: str | None, key: str, /, **params: object) -> str:
    """The string for ``key`` in the language of ``locale``, its variables filled in."""
    language = language_for(locale)
    return render(language if has(language, key) else FALLBACK, key, params)


def lookup(language: str, key: str) -> str | None:
    """A message without variables (a command's name) in exactly ``language``, if it has one."""
    return render(language, key, {}) if has(language, key) else None


def number(locale: str | None, value: float | Decimal, *, decimals: int | None = None) -> str:
    """A number shown on its own, as the messages show theirs: ``1,234.5`` / ``1.234,5``;
    with ``decimals``, exactly that many digits after the decimal sign."""
    pattern = None if decimals is None else "#,##0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(value, format=pattern, locale=Locale.parse(language_for(locale)))


def percent(locale: str | None, fraction: float) -> str:
    """``0.85`` as ``85%`` in the language's own percent format."""
    return format_percent(fraction, locale=Locale.parse(language_for(locale)))


def month_name(locale: str | None, year: int, month: int) -> str:
    """A month of a year as the language names it on its own: ``November 2026``."""
    return format_date(date(year, month, 1), "LLLL y", locale=Locale.parse(language_for(locale)))
