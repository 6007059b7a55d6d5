"""Clicks reach persistent buttons through the router, never through discord.py's own dispatch
of dynamic items (which would rebuild the clicked message's whole view and answer twice)."""

from __future__ import annotations

import pytest

from bot.app.kit.buttons import UnreadableButton
from bot.app.rounds.buttons import AnswerButton, WhyButton
from bot.app.runtime.client import BUTTONS

CLICKED = ["qa:17:2:3", "qw:17:2", "rm:17", "lb:n:week:9f3a:2", "dr:5:20261130"]


def test_a_custom_id_gives_the_button_that_made_it() -> None:
    button = BUTTONS.button("qa:17:2:3")

    assert isinstance(button, AnswerButton)
    assert (button.round_id, button.index, button.option) == (17, 2, 3)
    assert isinstance(BUTTONS.button("qw:17:2"), WhyButton)


@pytest.mark.parametrize("custom_id", CLICKED)
def test_every_button_rebuilds_its_own_custom_id(custom_id: str) -> None:
    button = BUTTONS.button(custom_id)

    assert button is not None
    assert button.custom_id == custom_id


@pytest.mark.parametrize("custom_id", CLICKED)
def test_discord_py_never_dispatches_our_buttons(custom_id: str) -> None:
    button = BUTTONS.button(custom_id)

    assert button is not None
    assert type(button).__discord_ui_compiled_template__.fullmatch(custom_id) is None


@pytest.mark.parametrize("custom_id", ["qa:17:2", "qa:x:2:3", "zz:1", ""])
def test_an_unknown_custom_id_is_no_button(custom_id: str) -> None:
    assert BUTTONS.button(custom_id) is None


def test_a_custom_id_whose_fields_decode_to_nothing_is_a_button_that_refuses() -> None:
    """A review answer carrying a card shown after the year 9999: a client's invention, to be
    told so, not an exception before any reply (the member would see "interaction failed")."""
    custom_id = "ra:5:1:1:0a1b2c3d4e:2::zzzzzzzzzzzzzz"
    button = BUTTONS.button(custom_id)

    assert isinstance(button, UnreadableButton)
    assert button.custom_id == custom_id
