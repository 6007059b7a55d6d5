"""The parts of Discord's command rules the fidelity table cannot show one by one: how a
command's size is counted, and which names pass the naming rule."""

from __future__ import annotations

import pytest

from standin.command_rules import command_size, valid_name


def test_the_size_counts_each_fields_longest_localisation_and_choice_values() -> None:
    command = {
        "name": "quiz",  # 4, but its Greek name is 5
        "name_localizations": {"el": "κουίζ"},
        "description": "Rounds",  # 6; the Greek 8 counts instead
        "description_localizations": {"el": "Γύροι κι", "en-GB": "Rnds"},
        "options": [
            {
                "name": "mode",  # 4
                "description": "How",  # 3
                "choices": [
                    {"name": "Normal", "value": "normal", "name_localizations": {"el": "Κανονικός"}}
                ],
            }
        ],
    }
    # 5 + 8 for the command, 4 + 3 for its option, 9 + 6 for its one choice (name, value).
    assert command_size(command) == 35


@pytest.mark.parametrize(
    ("name", "valid"),
    [
        ("quiz", True),
        ("time_zone", True),
        ("don't-ask", True),
        ("κουίζ", True),  # Greek letters, lowercase
        ("प्रश्न", True),  # Devanagari, its vowel signs included
        ("คำถาม", True),  # Thai
        ("日本", True),  # letters with no case
        ("Quiz", False),
        ("Κουίζ", False),  # a Greek capital has a lowercase variant
        ("two words", False),
        ("quiz!", False),
        ("", False),
        ("x" * 33, False),
    ],
)
def test_names_follow_discords_naming_rule(name: str, valid: bool) -> None:
    assert valid_name(name) is valid
