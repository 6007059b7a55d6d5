"""A private review of the shipped example pack through the stand-in: each card answered from
memory in its modal, graded once, its result beside the accepted answer, and a typo forgiven
rated Hard for FSRS."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select

from bot.app.kit.catalogue import tr
from bot.quiz.review.scheduling import Rating
from bot.storage.models import ReviewLogRow
from tests.databases import BACKENDS
from tests.e2e.conftest import Json, QuizWorld, custom_ids
from tests.e2e.test_review import description, last_message

PACK = "collectives-recall"
# What the member gives for each card (the pack's order), whether it is right, and its rating.
GIVEN: dict[str, tuple[Any, bool, Rating]] = {
    "dispatch-collective": ("all-to-al", True, Rating.Hard),  # a typo forgiven
    "blockwise-softmax": ("flash attention", False, Rating.Again),
    "data-split": ("ΠΑΡΤΙΔΑ", True, Rating.Good),  # no accents, capitals
    "weights-split": (["0", "1"], True, Rating.Good),
    "ring-steps": ("14", True, Rating.Good),
    "ring-traffic": ("1,5 GB", True, Rating.Good),
}
PROMPTS = {
    "dispatch-collective": "Which collective sends each token",
    "blockwise-softmax": "Ring Attention computes the softmax",
    "data-split": "In data parallelism",
    "weights-split": "Which of these schemes",
    "ring-steps": "A ring all-reduce runs on 8 GPUs",
    "ring-traffic": "A ring all-reduce sums a 1 GB gradient",
}


def question_of(card: Json) -> str:
    text = description(card)
    return next(qid for qid, start in PROMPTS.items() if start in text)


async def answer_card(world: QuizWorld, member: int, card: Json, given: Any) -> Json:
    """Opens the card's modal and submits ``given``; the interaction's report."""
    (opener,) = [c for c in custom_ids(card) if c.startswith("ro:")]
    opened = await world.standin.click(member, card["id"], opener)
    modal = await world.standin.wait_for_modal(member, opened)
    assert modal["title"] == "Review · Collectives from memory"
    submitted = await world.standin.submit_modal(member, {"answer": given})
    return await world.standin.wait_for_response(submitted, timeout=15.0)


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_a_review_answered_from_memory(bot_world: QuizWorld) -> None:
    world = bot_world
    member = world.members[0]  # en-US
    card = last_message(await world.command(member, "review", pack=PACK))
    seen = []
    while "embeds" in card and card["embeds"][0]["title"] != "Review done":
        question_id = question_of(card)
        seen.append(question_id)
        given, right, _rating = GIVEN[question_id]
        if question_id == "ring-steps":  # no number: told so, and the card stays
            said = await world.said(await answer_card(world, member, card, "fourteen"))
            assert said == tr("en-US", "answer.not_a_number", given="`fourteen`")
        result = last_message(await answer_card(world, member, card, given))
        text = description(result)
        assert text.startswith("Right!" if right else "Not quite.")
        check_result(question_id, text)
        (onward,) = [c for c in custom_ids(result) if c.startswith(("rn:", "rs:"))][:1]
        card = last_message(await world.click(member, card["id"], onward))
    assert sorted(seen) == sorted(GIVEN)
    async with world.db.read() as connection:
        rows = await connection.execute(
            select(ReviewLogRow.question_id, ReviewLogRow.rating).where(
                ReviewLogRow.member_id == member
            )
        )
        ratings = dict(rows.all())
    assert ratings == {qid: int(rating) for qid, (_given, _right, rating) in GIVEN.items()}


def check_result(question_id: str, text: str) -> None:
    """The member's own answer beside the accepted one."""
    expected = {
        "dispatch-collective": "You answered `all-to-al`: right, with a typo forgiven",
        "blockwise-softmax": "You answered `flash attention`. Accepted: **online softmax**.",
        "data-split": "You answered `ΠΑΡΤΙΔΑ`: right.",
        "weights-split": "exactly the right ones.",
        "ring-steps": "You answered `14`: right.",
        "ring-traffic": "You answered `1,5 GB`: right.",
    }
    assert expected[question_id] in text


async def test_a_card_answered_from_memory_in_the_dm_with_the_bot(bot_world: QuizWorld) -> None:
    """The user-installed app: /review in the member's DM with the bot, its modal there too."""
    world, member = bot_world, bot_world.members[0]
    dm = await world.standin.dm_channel(member)
    asked = await world.standin.command(member, dm, "review", pack=PACK)
    started = await world.standin.wait_for_response(asked, timeout=15.0)
    card = last_message(started)
    question_id = question_of(card)
    given, right, _rating = GIVEN[question_id]
    report = await answer_card(world, member, card, given)
    assert report["channel_id"] == started["channel_id"]  # the review goes on where it began
    result = last_message(report)
    assert description(result).startswith("Right!" if right else "Not quite.")
    check_result(question_id, description(result))
