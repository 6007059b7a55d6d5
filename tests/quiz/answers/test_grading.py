"""One grading for every kind of question, as rounds and reviews use it."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.quiz.answers.grading import Grade, Response, grade, guess_space
from bot.quiz.model import Match, NumberAnswer, Option, Question, Text, TypedAnswers


def _text(value: str) -> Text:
    return Text.of({"en": value, "el": value}, "en")


def _question(
    options: tuple[bool, ...] = (), accepts: TypedAnswers | NumberAnswer | None = None
) -> Question:
    shown = tuple(Option(_text(f"o{i}"), correct) for i, correct in enumerate(options))
    return Question("q", _text("?"), shown, _text("!"), accepts=accepts)


TYPED = _question(
    accepts=TypedAnswers({"en": ("all-to-all",), "el": ("όλοι προς όλους",)}, "en", Match.TYPO)
)
NUMBER = _question(accepts=NumberAnswer(Decimal("1.5"), Decimal("0.05"), _text("GB")))
SINGLE = _question((False, True, False))
SEVERAL = _question((True, True, False))


@pytest.mark.parametrize(
    ("question", "response", "expected"),
    [
        (SINGLE, Response(picked=(1,)), Grade(correct=True)),
        (SINGLE, Response(picked=(0,)), Grade(correct=False)),
        (SINGLE, Response(picked=(0, 1)), None),  # one button, one option
        (SINGLE, Response(picked=(7,)), None),
        (SINGLE, Response(typed="B"), None),
        (SEVERAL, Response(picked=(1, 0)), Grade(correct=True)),
        (SEVERAL, Response(picked=(0,)), Grade(correct=False)),
        (SEVERAL, Response(picked=(0, 1, 2)), Grade(correct=False)),
        (SEVERAL, Response(), None),
        (TYPED, Response.text(" ALL-TO-ALL. "), Grade(correct=True)),
        (TYPED, Response.text("Όλοι Προς Όλους"), Grade(correct=True)),  # either language
        (TYPED, Response.text("all-to-al"), Grade(correct=True, typo=True)),
        (TYPED, Response.text("all-reduce"), Grade(correct=False)),
        (TYPED, Response.text("   "), None),
        (TYPED, Response(picked=(0,)), None),
        (NUMBER, Response.text("1,5"), Grade(correct=True)),
        (NUMBER, Response.text("1.54 GB"), Grade(correct=True)),
        (NUMBER, Response.text("1.56"), Grade(correct=False)),
        (NUMBER, Response.text("one and a half"), None),
    ],
)
def test_a_response_is_graded_by_its_question(
    question: Question, response: Response, expected: Grade | None
) -> None:
    assert grade(question, response) == expected


def test_a_typed_response_is_read_only_to_its_bound() -> None:
    assert len(Response.text("x" * 10_000).typed or "") == 200


def test_what_a_guess_picks_among() -> None:
    assert [guess_space(q) for q in (SINGLE, SEVERAL, TYPED, NUMBER)] == [3, 7, 0, 0]
