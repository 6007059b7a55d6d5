"""The custom_id prefixes: one registry (bot/app/kit/custom_ids.py), each prefix unique and each
the start of exactly one kind of persistent button's pattern, so a click finds one button."""

from __future__ import annotations

import re

from bot.app.kit import custom_ids
from bot.app.kit.buttons import PersistentButton, UnreadableButton
from bot.app.kit.custom_ids import ANSWER, MISSED, PREFIXES, WHY
from bot.app.rounds.buttons import AnswerButton, WhyButton
from bot.app.runtime.client import BUTTONS  # imports every feature's buttons


def button_kinds() -> list[type[PersistentButton]]:
    """Every persistent button there is, but the stand-in for an unreadable custom_id."""
    found: list[type[PersistentButton]] = []
    todo = [PersistentButton]
    while todo:
        below = todo.pop().__subclasses__()
        found += below
        todo += below
    return [kind for kind in found if kind is not UnreadableButton]


def test_the_prefixes_are_unique_and_two_letters() -> None:
    assert len(set(PREFIXES)) == len(PREFIXES)
    assert all(re.fullmatch(r"[a-z]{2}", prefix) for prefix in PREFIXES)


def test_every_prefix_of_the_registry_is_listed() -> None:
    constants = {
        value
        for name, value in vars(custom_ids).items()
        if name.isupper() and isinstance(value, str)
    }
    assert constants == set(PREFIXES)


def test_every_button_pattern_starts_with_a_prefix_of_its_own() -> None:
    kinds = button_kinds()
    assert len(kinds) == len(PREFIXES)
    owners = {
        prefix: [kind for kind in kinds if kind.pattern.pattern.startswith(f"{prefix}:")]
        for prefix in PREFIXES
    }
    assert all(len(owner) == 1 for owner in owners.values()), owners


def test_a_click_on_each_prefix_finds_its_own_button() -> None:
    answer = AnswerButton(7, 2, 1)
    assert answer.custom_id.startswith(f"{ANSWER}:7:2:")  # what the outbox looks for
    assert WhyButton(7, 2).custom_id == f"{WHY}:7:2"
    assert isinstance(BUTTONS.button(answer.custom_id), AnswerButton)
    assert BUTTONS.button(f"{MISSED}:7") is not None
    assert BUTTONS.button("zz:7") is None
