"""Item analytics of the shipped pack answered from memory: what each answer gave (the options
ticked, a wrong answer's text, a typo forgiven) is read back, and counts as any answer does."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from bot.quiz.analytics.given import COMPARED_LENGTH
from bot.quiz.analytics.items import ItemStats, analyse_answers
from bot.quiz.answers.common import CommonAnswer
from bot.quiz.answers.grading import Response, mark
from bot.quiz.model import Pack
from bot.quiz.reader.loader import parse_pack
from bot.quiz.rounds.rules import RoundState
from bot.storage.analytics.item_answers import pack_answers
from bot.storage.database import Database
from bot.storage.packs.library import sync_packs
from bot.storage.rounds.lifecycle import close_question, end_round, open_question
from bot.storage.rounds.recorder import record_answer
from tests.shipped import REPO
from tests.storage.factories import NOW, start_test_round

GUILD = 1
MEMBERS = range(100, 112)  # twelve: enough for the index
LONG = "<@123> " * 40  # 280 characters: the form keeps 200, the analysis compares 64
Given = str | tuple[int, ...]
# Each question's twelve answers, member by member: the first six right, but on ring-steps.
ANSWERS: dict[str, list[Given]] = {
    "dispatch-collective": ["all-to-all"] * 4
    + ["all-to-al"] * 2  # right by a typo forgiven
    + ["All-Reduce", "all-reduce", "all-reduce "]  # three members alike, once normalised
    + ["broadcast"] * 2  # two: never shown, however many rounds they type it in
    + [LONG],
    "blockwise-softmax": ["online softmax"] * 6 + [f"guess {m}" for m in range(6)],
    "data-split": ["batch"] * 3 + ["Παρτίδα"] * 3 + ["model"] * 6,
    "weights-split": [(0, 1)] * 6 + [(0,)] * 3 + [(0, 1, 2)] * 3,
    "ring-steps": ["14"] * 3 + ["13"] * 3 + ["7"] * 6,
    "ring-traffic": ["1,5"] * 6 + ["0.75"] * 4 + ["2", "3"],
}


def recall_pack() -> Pack:
    source = REPO / "quizzes" / "collectives-recall.yaml"
    return parse_pack(source.read_bytes(), str(source))


async def play(db: Database, pack: Pack, *, start: datetime, seed: int) -> None:
    """A finished round of ``pack`` in which every member answers as ANSWERS says."""
    view = await start_test_round(
        db, guild_id=GUILD, channel_id=seed, pack_id=pack.id, seed=seed, now=start
    )
    for index, question_id in enumerate(view.question_order):
        question = pack.question(question_id)
        assert question is not None
        opened = start + timedelta(minutes=index)
        await open_question(db, view.id, index, opened)
        for member, given in zip(MEMBERS, ANSWERS[question_id], strict=True):
            response = Response(picked=given) if isinstance(given, tuple) else Response.text(given)
            marked = mark(question, response)
            assert marked is not None
            await record_answer(
                db,
                round_id=view.id,
                question_id=question_id,
                member_id=member,
                recall=marked,
                now=opened + timedelta(milliseconds=1000 + 100 * (member - 100)),
            )
        await close_question(db, view.id, index, opened + timedelta(seconds=30))
    await end_round(db, view.id, RoundState.FINISHED, start + timedelta(hours=1))


@pytest.fixture
async def items(db: Database) -> dict[str, ItemStats]:
    """The analytics of two rounds of the pack, every member answering alike in both."""
    pack = recall_pack()
    await sync_packs(db, [pack], NOW)
    await play(db, pack, start=NOW, seed=1)
    await play(db, pack, start=NOW + timedelta(days=1), seed=2)
    report = analyse_answers(await pack_answers(db, guild_id=GUILD, pack=pack))
    assert (report.members, report.answers) == (12, 2 * 12 * 6)
    return {item.question_id: item for item in report.items}


async def test_what_each_answer_gave_is_read_back(db: Database) -> None:
    pack = recall_pack()
    await sync_packs(db, [pack], NOW)
    await play(db, pack, start=NOW, seed=1)
    read = await pack_answers(db, guild_id=GUILD, pack=pack)
    by_key = {(member, question): rest for member, question, *rest in read.answers}
    # option, right, ms, picked, given (of a wrong answer only), typo
    assert by_key[(100, "dispatch-collective")] == [None, True, 1000, None, None, False]
    assert by_key[(104, "dispatch-collective")] == [None, True, 1400, None, None, True]
    assert by_key[(106, "dispatch-collective")][4] == "All-Reduce"
    assert by_key[(111, "dispatch-collective")][4] == LONG[:COMPARED_LENGTH]
    assert by_key[(106, "weights-split")] == [None, False, 1600, 0b0001, None, False]
    assert by_key[(100, "ring-traffic")][1:5] == [True, 1000, None, None]  # "1,5": right
    assert by_key[(110, "ring-traffic")][4] == "2"


async def test_typed_answers_show_the_wrong_ones_members_typed_alike(
    items: dict[str, ItemStats],
) -> None:
    dispatch = items["dispatch-collective"]
    assert (dispatch.answers, dispatch.right, dispatch.typo_right) == (24, 12, 4)
    assert dispatch.typo_share == pytest.approx(1 / 3)
    # Three members, not six answers; in the spelling most of them typed.
    assert dispatch.common_wrong == (CommonAnswer("all-reduce", 3),)
    assert dispatch.discrimination is not None
    assert dispatch.top_wrong_option is None
    assert items["blockwise-softmax"].common_wrong == ()  # six texts, each of one member
    assert items["data-split"].right == 12  # the Greek answer is right too
    assert items["data-split"].common_wrong == (CommonAnswer("model", 6),)


async def test_numbers_show_the_wrong_ones_as_typed(items: dict[str, ItemStats]) -> None:
    steps = items["ring-steps"]
    assert (steps.answers, steps.right, steps.typo_right) == (24, 6, 0)
    assert steps.common_wrong == (CommonAnswer("7", 6), CommonAnswer("13", 3))
    traffic = items["ring-traffic"]
    assert traffic.common_wrong == (CommonAnswer("0.75", 4),)
    assert (traffic.median_ms, traffic.mean_ms) == (1550, 1550)


async def test_all_that_apply_counts_each_option_picked(items: dict[str, ItemStats]) -> None:
    ticked = items["weights-split"]
    assert (ticked.answers, ticked.right, ticked.top_wrong_option) == (24, 12, None)
    assert ticked.picks == (24, 18, 6)
    assert [ticked.pick_share(option) for option in range(4)] == [1.0, 0.75, 0.25, 0.0]
