"""The message catalogues: the same keys and placeholders in every language, valid command names."""

from __future__ import annotations

import re
import string

import pytest

from bot.app.i18n import FALLBACK, LANGUAGES, catalogue, language_for, tr

COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != FALLBACK])
def test_every_language_has_every_key_with_the_same_placeholders(language: str) -> None:
    english, other = catalogue(FALLBACK), catalogue(language)
    assert set(other) == set(english)
    for key, template in english.items():
        assert placeholders(other[key]) == placeholders(template), key


@pytest.mark.parametrize("language", LANGUAGES)
def test_command_names_and_descriptions_fit_discord(language: str) -> None:
    for key, text in catalogue(language).items():
        if key.startswith("cmd.") and key.endswith(".name"):
            assert COMMAND_NAME.match(text), key
            assert text == text.lower(), key
        if key.startswith("cmd.") and key.endswith(".description"):
            assert 1 <= len(text) <= 100, key


def test_members_see_their_client_language_else_english() -> None:
    assert language_for("el") == "el"
    assert language_for("en-GB") == "en"
    assert language_for("ja") == "en"
    assert language_for(None) == "en"
    assert tr("el", "review.next_button") != tr("en-US", "review.next_button")
    assert tr("en-US", "round.locked_in", letter="B").startswith("Locked in: **B**")
