"""Messages that name a command name it as the member's client shows it: Discord displays a
command's localised name, so a Greek client has no `/settings` to type."""

from __future__ import annotations

import pytest

from bot.app.kit.catalogue import tr
from bot.app.kit.command_text import command_as_shown
from bot.app.settings.member_embed import settings_embed
from bot.storage.results import MemberSettings
from bot.storage.review.retention import SettingsReply


def test_a_command_is_named_in_the_client_language() -> None:
    assert command_as_shown("el", "settings") == "/ρυθμίσεις"
    assert command_as_shown("en-US", "settings") == "/settings"
    assert command_as_shown("ja", "settings") == "/settings"
    assert command_as_shown("en-GB", "quiz stop") == "/quiz stop"


@pytest.mark.parametrize(("locale", "shown"), [("el", "/ρυθμίσεις"), ("en-US", "/settings")])
def test_the_settings_embed_names_settings_as_the_client_shows_it(locale: str, shown: str) -> None:
    embed = settings_embed(SettingsReply(MemberSettings(1), [], {}), locale, saved=False)
    assert embed.description is not None
    assert embed.description.endswith(f"{shown}.")


def test_the_greek_refused_reminder_notice_names_the_greek_command() -> None:
    text = tr("el", "reminder.refused", command=command_as_shown("el", "settings"))
    assert text.endswith("με την εντολή /ρυθμίσεις.")
    assert "/settings" not in text
