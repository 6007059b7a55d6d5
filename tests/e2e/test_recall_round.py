"""A round of the shipped example pack through the stand-in: typed answers (as written,
normalised, a typo forgiven), numbers in either decimal sign, all that apply; 20 members
submitting at once, the first submission winning, the reveal showing only wrong answers three
members typed alike, inert, and pinging nobody."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import pytest

from bot.app.kit.catalogue import tr
from bot.storage.rounds import lifecycle, tallies
from tests.databases import BACKENDS
from tests.e2e.conftest import QuizWorld, custom_ids, question_message, titled
from tests.messages import layout_text

Json = dict[str, Any]
Given = str | list[int]  # a text typed, or the pack's options ticked
PACK, QUESTIONS = "collectives-recall", 6

# Each question's 20 answers, member by member, and how many of them are right.
ANSWERS: dict[str, tuple[list[Given], int]] = {
    "dispatch-collective": (  # match: typo
        ["all-to-all"] * 5
        + ["All-To-All."] * 3  # normalised
        + ["all-to-al"] * 2  # a typo forgiven
        + ["all-reduce"] * 3
        + ["All-Reduce"]  # the same wrong answer, once normalised: 4 in all
        + ["broadcast"] * 2  # too few to be shown
        + ["@everyone"] * 3  # shown, as three typed it, but inert
        + ["gather"],
        10,
    ),
    "data-split": (  # match: normal, Greek accepted answers
        ["ΠΑΡΤΙΔΑ"] * 4  # no accents, capitals
        + ["Παρτίδα"] * 3
        + ["batch"] * 3
        + ["the Batch"] * 2
        + ["partida"] * 3  # no typo forgiven under normal
        + ["model"] * 5,
        12,
    ),
    "blockwise-softmax": (["online softmax"] * 10 + ["flash attention"] * 10, 10),
    "weights-split": ([[0, 1]] * 8 + [[1, 0]] * 2 + [[0]] * 4 + [[0, 1, 2]] * 3 + [[3]] * 3, 10),
    "ring-steps": (["14"] * 6 + ["14,0"] * 2 + ["+14"] + ["13"] * 3 + ["7"] * 8, 9),
    "ring-traffic": (["1,5"] * 4 + ["1.5 GB"] * 3 + ["1.54 gb"] + ["2"] * 3 + ["0.75"] * 9, 8),
}
SHOWN = {  # the wrong answers each reveal lists, and some it must not
    "dispatch-collective": (["`all-reduce` (4)", "`@everyone` (3)"], ["broadcast", "gather"]),
    "data-split": (["`model` (5)", "`partida` (3)"], []),
    "ring-steps": (["`7` (8)", "`13` (3)"], []),
    "ring-traffic": (["`0.75` (9)", "`2` (3)"], []),
}


async def open_form(world: QuizWorld, member: int, message: Json) -> None:
    (opener,) = [c for c in custom_ids(message) if c.startswith("qo:")]
    interaction = await world.standin.click(member, message["id"], opener)
    await world.standin.wait_for_modal(member, interaction)


async def submit(world: QuizWorld, member: int, given: Given) -> str:
    value: Any = [str(option) for option in given] if isinstance(given, list) else given
    interaction = await world.standin.submit_modal(member, {"answer": value})
    report = await world.standin.wait_for_response(interaction, timeout=15.0)
    return await world.said(report)


async def answer_all(world: QuizWorld, message: Json, answers: Sequence[Given]) -> list[str]:
    """Every member opens the question's modal, then all submit at once."""
    members = world.members
    for member in members:
        await open_form(world, member, message)
    return list(
        await asyncio.gather(*(submit(world, m, a) for m, a in zip(members, answers, strict=True)))
    )


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_a_round_answered_from_memory(bot_world: QuizWorld) -> None:
    world = bot_world
    await world.command(world.owner, "quiz start", pack=PACK, seconds=120)
    (running,) = await lifecycle.running_rounds(world.db)
    view = await lifecycle.get_round(world.db, running.id)
    for number, question_id in enumerate(view.question_order, start=1):
        message = await question_message(world, number, QUESTIONS)
        answers, right = ANSWERS[question_id]
        if question_id == "ring-steps":
            await check_no_number_is_no_answer(world, message, running.id, number - 1)
        said = await answer_all(world, message, answers)
        for member, given, text in zip(world.members, answers, said, strict=True):
            if isinstance(given, str):  # each told what was recorded, as they typed it
                locked = tr(world.locales[member], "round.locked_in_given", given=f"`{given}`")
                assert text == locked
        await check_first_submission_stands(world, message, question_id, answers[0])
        tally = await tallies.tally(world.db, running.id, number - 1)
        assert (tally.right, tally.answered) == (right, 20)
        await world.command(world.owner, "quiz skip")
        revealed = await world.wait_for_message(
            titled(f"Question {number} of {QUESTIONS} · Closed")
        )
        shown = layout_text(revealed)
        assert f"{right} of 20 right" in shown
        listed, hidden = SHOWN.get(question_id, ([], []))
        assert all(entry in shown for entry in listed)
        assert all(text not in shown for text in hidden)
        await check_why(world, revealed, question_id, answers)
    assert await world.standin.mentions() == []  # "@everyone" typed by three pinged nobody


async def check_no_number_is_no_answer(
    world: QuizWorld, message: Json, round_id: int, index: int
) -> None:
    """A text that says no number is not recorded, and the member is told so."""
    member = world.members[1]
    await open_form(world, member, message)
    said = await submit(world, member, "fourteen")
    assert said == tr(world.locales[member], "answer.not_a_number", given="`fourteen`")
    assert (await tallies.tally(world.db, round_id, index)).answered == 0


async def check_first_submission_stands(
    world: QuizWorld, message: Json, question_id: str, first_given: Given
) -> None:
    """A second submission is told the first answer stands."""
    first = world.members[0]
    await open_form(world, first, message)
    again = {"weights-split": [2], "ring-steps": "15", "ring-traffic": "15"}
    said = await submit(world, first, again.get(question_id, "again"))
    if isinstance(first_given, str):
        given = f"`{first_given}`"
        assert said == tr(world.locales[first], "round.already_answered_given", given=given)
    else:
        prefix = tr(world.locales[first], "round.already_answered_given", given="")
        assert said.startswith(prefix.removesuffix("."))


async def check_why(
    world: QuizWorld, revealed: Json, question_id: str, answers: Sequence[Given]
) -> None:
    """The last member (wrong in every question) is shown their own answer beside the right one."""
    member, given = world.members[-1], answers[-1]
    (why,) = [c for c in custom_ids(revealed) if c.startswith("qw:")]
    said = await world.said(await world.click(member, revealed["id"], why))
    locale = world.locales[member]
    if isinstance(given, str):
        assert said.startswith(
            tr(locale, "answer.why_wrong", given=f"`{given}`", accepted="").split(":")[0]
        )
    else:
        assert "**" in said
