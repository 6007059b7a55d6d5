"""The round layouts fit Discord's Components V2 limits even when a pack's texts are at their
longest in characters that count double (outside the Basic Multilingual Plane)."""

from __future__ import annotations

from typing import Any

from bot.app.render.limits import ELLIPSIS, LAYOUT_COMPONENTS, LAYOUT_TEXT_TOTAL
from bot.app.render.round_v2 import reveal_layout
from bot.quiz.loader import LIMITS, MAX_OPTIONS
from bot.quiz.model import Option, Question, Text
from bot.sandbox.rules import check_message
from bot.storage.results import FastAnswer, Tally
from tests.messages import components_in, layout_text, text_units

IS_COMPONENTS_V2 = 1 << 15


def double_width(limit: int) -> Text:
    return Text.of({"en": ("🧠 " * limit)[:limit]}, "en")


def test_a_reveal_of_double_width_texts_gives_up_the_explanation_first() -> None:
    question = Question(
        "wide",
        double_width(LIMITS["prompt"]),
        tuple(Option(double_width(LIMITS["option"]), correct=i == 0) for i in range(MAX_OPTIONS)),
        double_width(LIMITS["explanation"]),
    )
    fastest = tuple(FastAnswer(10**18 + n, 1_000) for n in range(3))
    tally = Tally(1, 0, "wide", (1,) * MAX_OPTIONS, 0, fastest)
    layout = reveal_layout(question, "en", round_id=1, index=0, total=1, tally=tally)
    body: dict[str, Any] = {"flags": IS_COMPONENTS_V2, "components": layout.to_components()}
    check_message(body)  # the stand-in's rules: no 50035
    shown = layout_text(body)
    assert text_units(body) <= LAYOUT_TEXT_TOTAL
    assert len(components_in(body)) <= LAYOUT_COMPONENTS
    assert question.prompt.get("en") in shown  # the prompt is whole: the explanation gave way
    assert ELLIPSIS in shown
