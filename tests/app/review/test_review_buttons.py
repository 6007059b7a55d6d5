"""Review answer buttons carry the card as shown, within Discord's 100 characters, and buttons
from before they did still work."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.app.review.buttons import ReviewAnswerButton
from bot.app.review.custom_ids import SessionCode
from bot.app.runtime.client import BUTTONS
from bot.app.shelf.question_keys import shown_code, shown_of
from bot.quiz.review.session import Shown

LONGEST_SESSION = SessionCode(2**64 - 1, 99_999, 99_999, f"r{2**63 - 1}.9999")


@pytest.mark.parametrize(
    "shown",
    [
        Shown(None),
        Shown(datetime(2026, 11, 30, 5, 12, 7, 123_456, tzinfo=UTC)),
        Shown(datetime(1970, 1, 1, tzinfo=UTC)),
        Shown(datetime(9999, 12, 31, 23, 59, 59, 999_999, tzinfo=UTC)),
    ],
)
def test_the_card_as_shown_survives_its_custom_id_exactly(shown: Shown) -> None:
    assert shown_of(shown_code(shown)) == shown
    button = ReviewAnswerButton(LONGEST_SESSION, "f" * 10, 9, shown=shown)
    assert len(button.custom_id) <= 100
    rebuilt = BUTTONS.button(button.custom_id)
    assert isinstance(rebuilt, ReviewAnswerButton)
    assert (rebuilt.custom_id, rebuilt.shown, rebuilt.option) == (button.custom_id, shown, 9)


@pytest.mark.parametrize("custom_id", ["ra:5:1:1:0a1b2c3d4e:2:", "ra:5:1:1:0a1b2c3d4e:2:pabc"])
def test_an_answer_button_from_before_it_carried_the_card_still_answers(custom_id: str) -> None:
    button = BUTTONS.button(custom_id)
    assert isinstance(button, ReviewAnswerButton)
    assert (button.shown, button.option, button.custom_id) == (None, 2, custom_id)
