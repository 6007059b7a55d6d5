"""The round layouts fit Discord's Components V2 limits even when a pack's texts are at their
longest in characters that count double (outside the Basic Multilingual Plane)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from bot.app.kit.limits import ELLIPSIS, LAYOUT_COMPONENTS, LAYOUT_TEXT_TOTAL
from bot.app.kit.message_parts import NEUTRAL, RIGHT
from bot.app.rounds.layouts import question_layout, reveal_layout, start_layout
from bot.quiz.model import Difficulty, Image, Option, Pack, Question, Text
from bot.quiz.reader.loader import LIMITS, MAX_OPTIONS
from bot.storage.results import FastAnswer, Tally
from standin.rules import check_message
from tests.messages import components_in, layout_text, text_units

IS_COMPONENTS_V2 = 1 << 15
SECTION = 9
TEXT_DISPLAY = 10
MEDIA_GALLERY = 12


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
    tally = Tally(1, 0, "wide", (1,) * MAX_OPTIONS, 0, fastest, right=1, wrong=MAX_OPTIONS - 1)
    order = tuple(range(MAX_OPTIONS))
    layout = reveal_layout(question, "en", round_id=1, index=0, total=1, tally=tally, order=order)
    body: dict[str, Any] = {"flags": IS_COMPONENTS_V2, "components": layout.to_components()}
    check_message(body)  # the stand-in's rules: no 50035
    shown = layout_text(body)
    assert text_units(body) <= LAYOUT_TEXT_TOTAL
    assert len(components_in(body)) <= LAYOUT_COMPONENTS
    assert question.prompt.get("en") in shown  # the prompt is whole: the explanation gave way
    assert ELLIPSIS in shown


def small_question() -> Question:
    options = tuple(Option(Text.of({"en": f"option {i}"}, "en"), correct=i == 1) for i in range(3))
    return Question("small", Text.of({"en": "Which?"}, "en"), options, Text.of({"en": "So."}, "en"))


def accent(layout: Any) -> int:
    (container,) = layout.to_components()
    return int(container["accent_color"])


def test_the_reveal_is_green_with_answers_and_neutral_without() -> None:
    question = small_question()
    answered = Tally(1, 0, "small", (0, 2, 1), 1, (FastAnswer(7, 900),), right=2, wrong=1)
    nobody = Tally(1, 0, "small", (0, 0, 0), 1, ())
    shown = reveal_layout(
        question, "en", round_id=1, index=0, total=3, tally=answered, order=(0, 1, 2)
    )
    silent = reveal_layout(
        question, "en", round_id=1, index=0, total=3, tally=nobody, order=(0, 1, 2)
    )
    assert accent(shown) == RIGHT.value
    assert accent(silent) == NEUTRAL.value
    assert "option 1\n`███████░░░` 2 ✅" in layout_text({"components": shown.to_components()})
    text = layout_text({"components": silent.to_components()})
    assert "Nobody answered." in text
    assert "Nobody got it right." in text


def test_a_question_is_coloured_by_its_difficulty_with_a_button_beside_each_shown_option() -> None:
    closes = datetime(2026, 1, 1, tzinfo=UTC)
    colours = {
        difficulty: accent(
            question_layout(
                small_question(),
                "en",
                round_id=4,
                index=2,
                total=8,
                difficulty=difficulty,
                closes_at=closes,
                answered=5,
                order=(0, 1, 2),
            )
        )
        for difficulty in Difficulty
    }
    assert len(set(colours.values())) == len(Difficulty)
    layout = question_layout(
        small_question(),
        "en",
        round_id=4,
        index=2,
        total=8,
        difficulty=Difficulty.EASY,
        closes_at=closes,
        answered=5,
        order=(2, 0, 1),  # shuffled for this round: letters follow the shown order
    )
    body = {"components": layout.to_components()}
    sections = [c for c in components_in(body) if c["type"] == SECTION]
    shown = [
        (s["components"][0]["content"], s["accessory"]["custom_id"], s["accessory"]["label"])
        for s in sections
    ]
    assert shown == [
        ("option 2", "qa:4:2:2", "A"),
        ("option 0", "qa:4:2:0", "B"),
        ("option 1", "qa:4:2:1", "C"),
    ]
    assert layout_text(body).startswith(
        f"### Question 3 of 8 · Closes <t:{int(closes.timestamp())}:R>"
    )
    assert layout_text(body).endswith("-# 5 answered")


def test_the_start_card_pings_the_ping_role_last_in_the_servers_language() -> None:
    title, summary = double_width(LIMITS["title"]), double_width(LIMITS["summary"])
    pack = Pack("wide", ("en",), title, summary, Difficulty.EASY, (small_question(),))
    card = start_layout(pack, "el", questions=1, seconds=30, started_by=7, ping_role=42)
    body: dict[str, Any] = {"flags": IS_COMPONENTS_V2, "components": card.to_components()}
    check_message(body)
    texts = [c["content"] for c in components_in(body) if c.get("type") == TEXT_DISPLAY]
    assert texts[-1] == "<@&42>, ξεκινά ένας γύρος κουίζ!"
    unpinged = start_layout(pack, "el", questions=1, seconds=30, started_by=7)
    assert "<@&" not in str(unpinged.to_components())


def pictured(question: Question) -> Question:
    alt = Text.of({"en": "A teal square.", "el": "Ένα γαλαζοπράσινο τετράγωνο."}, "en")
    return replace(question, image=Image("square.png", alt, digest="ab" * 32))


def test_a_pictured_question_and_its_reveal_show_the_picture_below_the_prompt() -> None:
    question = pictured(small_question())
    closes = datetime(2026, 1, 1, tzinfo=UTC)
    asked = question_layout(
        question,
        "el",
        round_id=4,
        index=0,
        total=1,
        difficulty=Difficulty.EASY,
        closes_at=closes,
        answered=0,
        order=(0, 1, 2),
    )
    tally = Tally(1, 0, "small", (0, 1, 0), 1, (), right=1)
    revealed = reveal_layout(
        question, "el", round_id=4, index=0, total=1, tally=tally, order=(0, 1, 2)
    )
    for layout in (asked, revealed):
        body: dict[str, Any] = {"flags": IS_COMPONENTS_V2, "components": layout.to_components()}
        (container,) = body["components"]
        kinds = [component["type"] for component in container["components"]]
        assert kinds[:3] == [TEXT_DISPLAY, TEXT_DISPLAY, MEDIA_GALLERY]  # heading, prompt, it
        (item,) = container["components"][2]["items"]
        assert item == {
            "media": {"url": "attachment://square.png"},
            "description": "Ένα γαλαζοπράσινο τετράγωνο.",  # the server's language
            "spoiler": False,
        }
    plain = question_layout(
        small_question(),
        "en",
        round_id=4,
        index=0,
        total=1,
        difficulty=Difficulty.EASY,
        closes_at=closes,
        answered=0,
        order=(0, 1, 2),
    )
    kinds = [c["type"] for c in components_in({"components": plain.to_components()})]
    assert MEDIA_GALLERY not in kinds


def test_a_paused_question_shows_paused_and_its_time_left_and_keeps_its_buttons() -> None:
    closes = datetime(2026, 1, 1, tzinfo=UTC)
    layout = question_layout(
        small_question(),
        "el",
        round_id=4,
        index=0,
        total=3,
        difficulty=Difficulty.EASY,
        closes_at=closes,
        answered=1,
        order=(0, 1, 2),
        paused_left_s=16.2,
    )
    body: dict[str, Any] = {"flags": IS_COMPONENTS_V2, "components": layout.to_components()}
    check_message(body)
    text = layout_text(body)
    assert text.startswith("### Ερώτηση 1 από 3 · Σε παύση")
    assert text.endswith("-# απομένουν 17 δευτ. όταν συνεχιστεί · 1 απάντηση")
    assert "<t:" not in text  # no countdown runs while paused
    buttons = [s["accessory"] for s in components_in(body) if s["type"] == SECTION]
    assert [b.get("disabled", False) for b in buttons] == [False] * 3  # a click gets a reply
