"""The forms' other kinds of question, end to end through the stand-in: a typed question added
(its accepted answers and match) and edited keeping its kind, a number question begun with a new
pack in two languages (read as members type a number, its unit in each), an all-that-apply
question ticked in a checkbox group, and a member's typed question suggested and approved; each
saved into the pack as the loader reads it, every modal valid by Discord's spec and rules."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.quiz.model import Kind, Match, NumberAnswer, Text, TypedAnswers
from tests.e2e.conftest import QuizWorld, buttons_of
from tests.e2e.forms import (
    RADIO_GROUP,
    TEXT_INPUT,
    fields,
    opened,
    press,
    pressed_open,
    reply_message,
    said,
    submitted,
)
from tests.e2e.test_question_forms import modals_are_valid, stored_pack
from tests.e2e.test_question_suggestions import queue_message, settle
from tests.e2e.test_server_packs import home, upload
from tests.storage.factories import CAPITALS

CHECKBOX_GROUP = 22
TYPED = {
    "prompt.en": "Which city is the capital of Greece?",
    "answers.en": "Athens\nAthina",
    "match": "typo",
    "explanation.en": "Athens has been the capital since 1834.",
}


def kinds(modal: dict[str, object]) -> list[int]:
    return [c["component"]["type"] for c in modal["components"]]  # type: ignore[attr-defined]


@pytest.mark.parametrize("backend", ["sqlite", "postgres"], indirect=True)
async def test_a_typed_question_is_added_and_edited_keeping_its_kind(bot_world: QuizWorld) -> None:
    world, owner = bot_world, bot_world.owner
    await upload(world, home(world), CAPITALS)
    modal = await opened(world, owner, "quiz question add", pack="capitals", kind="typed")
    assert kinds(modal) == [TEXT_INPUT, TEXT_INPUT, RADIO_GROUP, TEXT_INPUT]
    inputs = fields(modal)
    assert list(inputs) == ["prompt.en", "answers.en", "match", "explanation.en"]
    assert inputs["answers.en"]["label"] == "Accepted answers (English)"
    match = inputs["match"]["options"]
    assert [(o["value"], o.get("default", False)) for o in match] == [
        ("exact", False),
        ("normal", True),  # the loader's default
        ("typo", False),
    ]
    preview = await submitted(world, owner, TYPED)
    assert "✅ Athens · Athina" in said(preview)
    assert "Typed answer, with a slip of the keys forgiven." in str(preview)
    reply = await reply_message(world, owner)
    assert not any("Why" in str(b.get("label")) for b in buttons_of(reply))  # no options
    saved = await press(world, owner, reply, "Save")
    assert "now has 2 questions" in said(saved)
    added = (await stored_pack(world, "capitals")).question("which-city-is-the-capital-of-greece")  # type: ignore[attr-defined]
    assert added.kind is Kind.TYPED
    assert added.accepts == TypedAnswers({"en": ("Athens", "Athina")}, "en", Match.TYPO)

    modal = await opened(
        world,
        owner,
        "quiz question edit",
        pack="capitals",
        question="which-city-is-the-capital-of-greece",
    )
    inputs = fields(modal)
    assert inputs["answers.en"]["value"] == "Athens\nAthina"
    assert [o["value"] for o in inputs["match"]["options"] if o.get("default")] == ["typo"]
    await submitted(world, owner, {"answers.en": "Athens\nAthina\nΑθήνα", "match": "normal"})
    await press(world, owner, await reply_message(world, owner), "Save")
    edited = (await stored_pack(world, "capitals")).question("which-city-is-the-capital-of-greece")  # type: ignore[attr-defined]
    assert edited.kind is Kind.TYPED  # edit keeps its kind
    assert edited.accepts == TypedAnswers({"en": ("Athens", "Athina", "Αθήνα")}, "en")
    await modals_are_valid(world, count=2)


async def test_a_number_question_begins_a_pack_in_two_languages(bot_world: QuizWorld) -> None:
    world, owner = bot_world, bot_world.owner
    await opened(
        world, owner, "quiz pack new", id="sport", title="Sport", languages="en el", kind="number"
    )
    details = {"title.el": "Αθλητισμός", "summary.en": "Races.", "summary.el": "Αγώνες."}
    await submitted(world, owner, details)
    modal = await pressed_open(world, owner, await reply_message(world, owner), "Continue")
    assert list(fields(modal)) == [
        *("prompt.en", "answer", "tolerance", "unit.en", "explanation.en"),
    ]
    english = {
        "prompt.en": "How long is a marathon?",
        "answer": "forty-two",
        "tolerance": "0,5",
        "unit.en": "km",
        "explanation.en": "42.195 km since 1921.",
    }
    broken = await submitted(world, owner, english)
    assert "**The answer (a number)**: “forty-two” is not a number such as 3.5 or 3,5." in said(
        broken
    )
    again = await pressed_open(world, owner, await reply_message(world, owner), "Fix and resubmit")
    assert fields(again)["tolerance"]["value"] == "0,5"  # kept as typed
    await submitted(world, owner, {"answer": "42,195"})
    modal = await pressed_open(world, owner, await reply_message(world, owner), "Continue")
    assert list(fields(modal)) == ["prompt.el", "unit.el", "explanation.el"]
    greek = {
        "prompt.el": "Πόσο είναι ο μαραθώνιος;",
        "unit.el": "χλμ",
        "explanation.el": "42,195 χλμ από το 1921.",
    }
    preview = await submitted(world, owner, greek)
    assert "✅ 42.195 ± 0.5 km" in said(preview)
    assert "✅ 42.195 ± 0.5 χλμ" in said(preview)
    saved = await press(world, owner, await reply_message(world, owner), "Save")
    assert "is stored for this server" in said(saved)
    [question] = (await stored_pack(world, "sport")).questions  # type: ignore[attr-defined]
    assert question.accepts == NumberAnswer(
        Decimal("42.195"), Decimal("0.5"), Text.of({"en": "km", "el": "χλμ"}, "en")
    )
    await modals_are_valid(world, count=4)


async def test_an_all_that_apply_question_is_ticked_in_a_checkbox_group(
    bot_world: QuizWorld,
) -> None:
    world, owner = bot_world, bot_world.owner
    await upload(world, home(world), CAPITALS)
    modal = await opened(world, owner, "quiz question add", pack="capitals", kind="all")
    assert kinds(modal) == [TEXT_INPUT, TEXT_INPUT, CHECKBOX_GROUP, TEXT_INPUT]
    group = fields(modal)["correct"]
    assert (group["label"], group["min_values"], group["max_values"]) == ("The right options", 2, 5)
    texts = {
        "prompt.en": "Which are capitals?",
        "options.en": "Paris\nLyon\nRome\nMilan",
        "correct": ["0", "1", "2", "3"],
        "explanation.en": "Paris and Rome are capitals.",
    }
    broken = await submitted(world, owner, texts)
    assert "**The right options**: ticks every option; at least one must be wrong." in said(broken)
    again = await pressed_open(world, owner, await reply_message(world, owner), "Fix and resubmit")
    ticked = [o["value"] for o in fields(again)["correct"]["options"] if o.get("default")]
    assert ticked == ["0", "1", "2", "3"]  # what was ticked, kept
    preview = await submitted(world, owner, {"correct": ["0", "2"]})
    assert "A ✅ Paris\nB Lyon\nC ✅ Rome\nD Milan" in said(preview)
    assert "All that apply: members tick every right option." in str(preview)
    saved = await press(world, owner, await reply_message(world, owner), "Save")
    assert "now has 2 questions" in said(saved)
    added = (await stored_pack(world, "capitals")).question("which-are-capitals")  # type: ignore[attr-defined]
    assert added.correct_indices == (0, 2)
    assert added.several_right
    await modals_are_valid(world, count=2)


async def test_a_suggested_typed_question_is_approved_into_the_pack(bot_world: QuizWorld) -> None:
    world, owner, member = bot_world, bot_world.owner, bot_world.members[0]
    await upload(world, home(world), CAPITALS)
    modal = await opened(world, member, "quiz question suggest", pack="capitals", kind="typed")
    assert list(fields(modal)) == ["prompt.en", "answers.en", "match", "explanation.en"]
    await submitted(world, member, TYPED)
    sent = await press(world, member, await reply_message(world, member), "Send to the moderators")
    assert "Sent: the moderators will decide" in said(sent)

    queue = await queue_message(world, owner)
    assert "✅ Athens · Athina" in str(queue["embeds"])  # the card shows what it accepts
    approve = next(b for b in buttons_of(queue) if b["custom_id"].startswith("sa:"))
    done = await settle(world, await world.click(owner, queue["id"], approve["custom_id"]))
    assert "the question joins the pack as `which-city-is-the-capital-of-greece`" in said(done)
    added = (await stored_pack(world, "capitals")).question("which-city-is-the-capital-of-greece")  # type: ignore[attr-defined]
    assert added.accepts == TypedAnswers({"en": ("Athens", "Athina")}, "en", Match.TYPO)
