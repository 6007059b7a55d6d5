"""The time zones /settings offers as a member types: found by their IANA name, or by their city
or country in the member's Discord language (CLDR's names, through Babel), so that "Αθήνα"
finds Europe/Athens as "Athens" does. Case and accents do not matter: "αθηνα" finds it too."""

from __future__ import annotations

import asyncio
import unicodedata
import zoneinfo
from dataclasses import dataclass
from functools import cache

from babel import Locale, UnknownLocaleError
from babel.core import get_global
from babel.dates import get_timezone_location
from discord import app_commands

from bot.app.kit.pack_choices import MAX_CHOICES, MAX_NAME
from bot.quiz.model import language_of


@cache
def known_zones() -> frozenset[str]:
    """The IANA time zones this system knows (read once: it lists the zoneinfo files)."""
    return frozenset(zoneinfo.available_timezones())


@dataclass(frozen=True, slots=True)
class Zone:
    id: str
    city: str  # in the reader's language; "" where CLDR names none
    searched: str  # the id, the city and the country, folded


def fold(text: str) -> str:
    """Lower case, without accents, a space for an underscore: what typing is compared in."""
    decomposed = unicodedata.normalize("NFD", text.casefold().replace("_", " "))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


# One list per language, built once (a few hundred CLDR look-ups, too slow for each keystroke).
# Discord's locales are a fixed set, so this stays small.
_NAMED: dict[str, tuple[Zone, ...]] = {}


def named_zones(language: str) -> tuple[Zone, ...]:
    """Every known zone with its city and country in ``language`` (English where CLDR has not
    that language); an old alias only by its own name."""
    try:
        locale = Locale.parse(language)
    except (ValueError, UnknownLocaleError):
        locale = Locale.parse("en")
    territories, aliases = get_global("zone_territories"), get_global("zone_aliases")
    named = []
    for zone in sorted(known_zones()):
        if zone in aliases:  # EET, US/Eastern: found by their own name, the city is another's
            named.append(Zone(zone, "", fold(zone)))
            continue
        try:
            city = get_timezone_location(zone, locale=locale, return_city=True)
        except LookupError:  # a zone CLDR does not know ("Factory")
            city = ""
        country = locale.territories.get(territories.get(zone, ""), "")
        named.append(Zone(zone, city, fold(f"{zone} {city} {country}")))
    return tuple(named)


async def zone_choices(typed: str, locale: str) -> list[app_commands.Choice[str]]:
    """The zones whose name, city or country contains what was typed, each shown with its city
    in the member's language where the IANA name does not say it already. A language's names
    are looked up in a thread the first time, never on the event loop."""
    language = language_of(locale)
    if language not in _NAMED:
        _NAMED[language] = await asyncio.to_thread(named_zones, language)
    return matching(_NAMED[language], typed)


def matching(zones: tuple[Zone, ...], typed: str) -> list[app_commands.Choice[str]]:
    wanted = fold(typed.strip())
    return [
        app_commands.Choice(name=_shown(zone)[:MAX_NAME], value=zone.id)
        for zone in zones
        if wanted in zone.searched
    ][:MAX_CHOICES]


def _shown(zone: Zone) -> str:
    if not zone.city or fold(zone.city) in fold(zone.id):
        return zone.id
    return f"{zone.id} ({zone.city})"
