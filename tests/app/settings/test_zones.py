"""Time zones as a member types them: by IANA name, or by city or country in their language,
whatever the case and the accents."""

from __future__ import annotations

import pytest

from bot.app.settings.zones import zone_choices


async def shown(typed: str, locale: str) -> list[tuple[str, str]]:
    return [(c.name, c.value) for c in await zone_choices(typed, locale)]


async def test_a_greek_member_finds_athens_by_its_greek_name() -> None:
    assert await shown("Αθήνα", "el") == [("Europe/Athens (Αθήνα)", "Europe/Athens")]
    assert await shown("αθηνα", "el") == await shown("ΑΘΗΝΑ", "el")  # no case, no accents
    assert ("Europe/Athens (Αθήνα)", "Europe/Athens") in await shown("Ελλάδα", "el")  # country
    assert ("Europe/Athens (Αθήνα)", "Europe/Athens") in await shown("athens", "el")


async def test_an_english_member_finds_zones_by_name_city_and_country() -> None:
    assert await shown("athens", "en-US") == [("Europe/Athens", "Europe/Athens")]
    assert ("America/New_York", "America/New_York") in await shown("new york", "en-GB")
    assert ("Europe/Athens", "Europe/Athens") in await shown("Greece", "en-US")
    assert await shown("Αθήνα", "en-US") == []  # English names for an English client


@pytest.mark.parametrize("locale", ["el", "en-US", "ja"])
async def test_at_most_25_and_each_a_known_zone(locale: str) -> None:
    choices = await zone_choices("", locale)
    assert len(choices) == 25
    assert all(len(c.name) <= 100 for c in choices)
