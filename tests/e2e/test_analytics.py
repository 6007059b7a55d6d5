"""`/quiz analytics`: a round played with known clicks, then the figures a moderator reads back
privately are those of the answers in the database; a member without permission is refused."""

from __future__ import annotations

import re
import statistics

import pytest
from sqlalchemy import text

from bot.app.analytics.embed import format_index
from bot.app.kit.catalogue import tr
from bot.app.kit.message_parts import letter, literal
from bot.storage.rounds import lifecycle
from tests.databases import BACKENDS
from tests.e2e.conftest import QuizWorld, answer, followed_up, question_message, titled
from tests.e2e.test_bounded_replies import EPHEMERAL, flags_of
from tests.e2e.test_recall_round import ANSWERS as RECALL_ANSWERS
from tests.e2e.test_recall_round import PACK as RECALL_PACK
from tests.e2e.test_recall_round import QUESTIONS as RECALL_QUESTIONS
from tests.e2e.test_recall_round import answer_all
from tests.storage.factories import seeded

# Rows: the members; columns: the round's questions in the order asked; 1 = a right click.
# The third question is answered right mostly by those who miss the others: a negative index.
CLICKS = [
    "110", "110", "110", "100", "010", "101", "001", "001", "011", "000", "111", "100",
]  # fmt: skip
Row = tuple[str, int, int, bool, int]  # question, member, option, correct, response ms


async def play_known_clicks(world: QuizWorld) -> list[str]:
    """A round of `mini` clicked as CLICKS says (wrong clicks spread over the wrong options);
    the questions in the order asked."""
    pack = world.library.get("mini")
    assert pack is not None
    await world.command(world.owner, "quiz start", pack="mini", seconds=60)
    (view,) = await lifecycle.running_rounds(world.db)
    rng = seeded(5)
    for number, question_id in enumerate(view.question_order, start=1):
        message = await question_message(world, number, 3)
        question = pack.question(question_id)
        assert question is not None
        wrong = [o for o in range(len(question.options)) if o != question.correct_index]
        for member, row in zip(world.members[: len(CLICKS)], CLICKS, strict=True):
            right = row[number - 1] == "1"
            await answer(
                world, member, message, question.correct_index if right else rng.choice(wrong)
            )
        await world.command(world.owner, "quiz skip")
        await world.wait_for_message(titled(f"Question {number} of 3 · Closed"))
    await world.wait_for_message(titled("Standings"))
    return list(view.question_order)


async def answers_in_database(world: QuizWorld, pack_id: str = "mini") -> list[Row]:
    async with world.db.read() as connection:
        rows = await connection.execute(
            text(
                "SELECT question_id, member_id, option_index, correct, response_ms FROM answers"
                " WHERE guild_id = :guild AND pack_id = :pack"
            ),
            {"guild": world.guild_id, "pack": pack_id},
        )
        return [(q, m, o, bool(c), ms) for q, m, o, c, ms in rows]


def expected_index(rows: list[Row], question_id: str, questions: int) -> float:
    """The index of a question, computed here as Pearson's r between right (1/0) and the
    member's share right on the other questions (each member answered every one, once)."""
    totals = {m: sum(c for _, member, _, c, _ in rows if member == m) for _, m, _, _, _ in rows}
    mine = [row for row in rows if row[0] == question_id]
    right = [float(c) for _, _, _, c, _ in mine]
    rest = [(totals[m] - c) / (questions - 1) for _, m, _, c, _ in mine]
    return statistics.correlation(right, rest)


def expected_lines(rows: list[Row], question_id: str, locale: str) -> tuple[float, str, str]:
    """The index of a question and the two lines the reply should show."""
    index = expected_index(rows, question_id, 3)
    mine = [row for row in rows if row[0] == question_id]
    right = [float(c) for _, _, _, c, _ in mine]
    wrong = [o for _, _, o, c, _ in mine if not c]
    top = min(set(wrong), key=lambda o: (-wrong.count(o), o))
    times = [ms for *_, ms in mine]
    figures = tr(
        locale,
        "analytics.figures",
        answers=len(mine),
        right=sum(right) / len(mine),
        wrong=tr(
            locale,
            "analytics.top_wrong",
            letter=letter(top),
            share=wrong.count(top) / len(mine),
        ),
        median=statistics.median(times) / 1000,
        mean=statistics.fmean(times) / 1000,
    )
    return index, f"`{question_id}` · ", figures


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_analytics_show_the_answers_in_the_database(bot_world: QuizWorld) -> None:
    world = bot_world
    order = await play_known_clicks(world)
    rows = await answers_in_database(world)
    assert len(rows) == 3 * len(CLICKS)
    report = await followed_up(
        world, await world.command(world.owner, "quiz analytics", pack="mini")
    )
    assert flags_of(report) == [EPHEMERAL, EPHEMERAL]  # "thinking…", then the analytics
    said = await world.said(report)
    locale = world.locales[world.owner]
    lines = said.splitlines()
    expected = {question_id: expected_lines(rows, question_id, locale) for question_id in order}
    for question_id, (index, start, figures) in expected.items():
        (heading,) = [n for n, line in enumerate(lines) if start in line]
        assert f"**{format_index(index, locale)}**" in lines[heading], question_id
        assert lines[heading + 1] == figures, question_id
    assert expected[order[2]][0] < 0  # the question the weaker members got right
    shares = {q: sum(r[3] for r in rows if r[0] == q) for q in order}
    shown = [q for line in lines for q in order if f"`{q}` · " in line]
    assert shown == sorted(order, key=lambda q: (expected[q][0], shares[q]))  # worst first
    body = report["responses"][-1]["body"]
    (embed,) = body.get("data", body)["embeds"]
    assert embed["footer"]["text"] == tr(locale, "analytics.footer", min=10)


async def test_a_member_without_permission_is_refused_privately(bot_world: QuizWorld) -> None:
    member = bot_world.members[1]
    report = await bot_world.command(member, "quiz analytics", pack="mini")
    assert await bot_world.said(report) == tr(bot_world.locales[member], "errors.not_moderator")
    assert flags_of(report) == [EPHEMERAL]


async def test_an_unknown_pack_is_named_privately(bot_world: QuizWorld) -> None:
    report = await bot_world.command(bot_world.owner, "quiz analytics", pack="nope")
    locale = bot_world.locales[bot_world.owner]
    assert await bot_world.said(report) == tr(locale, "round.unknown_pack", pack="nope")
    assert flags_of(report) == [EPHEMERAL]


async def play_from_memory(world: QuizWorld) -> None:
    """A round of the shipped pack answered from memory, each question as test_recall_round's
    ANSWERS say (20 members: typed texts, numbers, options ticked)."""
    await world.command(world.owner, "quiz start", pack=RECALL_PACK, seconds=120)
    (view,) = await lifecycle.running_rounds(world.db)
    for number, question_id in enumerate(view.question_order, start=1):
        message = await question_message(world, number, RECALL_QUESTIONS)
        await answer_all(world, message, RECALL_ANSWERS[question_id][0])
        await world.command(world.owner, "quiz skip")
        await world.wait_for_message(titled(f"Question {number} of {RECALL_QUESTIONS} · Closed"))
    await world.wait_for_message(titled("Standings"))


# What each question's answers gave, as the analytics should say it: the wrong answers three
# members typed alike (the members who typed each), or each option's share of the answers.
COMMON = {
    "dispatch-collective": [("all-reduce", 4), ("@everyone", 3)],  # not broadcast: two typed it
    "data-split": [("model", 5), ("partida", 3)],
    "blockwise-softmax": [("flash attention", 10)],
    "ring-steps": [("7", 8), ("13", 3)],
    "ring-traffic": [("0.75", 9), ("2", 3)],
}
PICKED = {"weights-split": [0.85, 0.65, 0.15, 0.15]}  # A and B apply


def recall_figures(rows: list[Row], question_id: str, locale: str) -> str:
    """The line of figures the reply should show for a question of the recall round."""
    mine = [row for row in rows if row[0] == question_id]
    times = [ms for *_, ms in mine]
    if question_id in PICKED:
        options = ", ".join(
            tr(
                locale,
                "analytics.option_applies" if n < 2 else "analytics.option",
                letter=letter(n),
                share=share,
            )
            for n, share in enumerate(PICKED[question_id])
        )
        given = tr(locale, "analytics.picked", options=options)
    else:
        answers = ", ".join(
            tr(locale, "analytics.common_answer", answer=literal(text), count=count)
            for text, count in COMMON[question_id]
        )
        given = tr(locale, "analytics.common_wrong", answers=answers)
    figures = tr(
        locale,
        "analytics.figures",
        answers=len(mine),
        right=sum(row[3] for row in mine) / len(mine),
        wrong=given,
        median=statistics.median(times) / 1000,
        mean=statistics.fmean(times) / 1000,
    )
    if question_id == "dispatch-collective":  # the one that forgives typos: 2 of its 10 right
        figures += " · " + tr(locale, "analytics.typo", share=0.2)
    return figures


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_analytics_of_a_round_answered_from_memory(bot_world: QuizWorld) -> None:
    world = bot_world
    await play_from_memory(world)
    rows = await answers_in_database(world, RECALL_PACK)
    assert len(rows) == 20 * RECALL_QUESTIONS
    report = await followed_up(
        world, await world.command(world.owner, "quiz analytics", pack=RECALL_PACK)
    )
    said = await world.said(report)
    locale = world.locales[world.owner]
    lines = said.splitlines()
    for question_id, (_, right) in RECALL_ANSWERS.items():
        (heading,) = [n for n, line in enumerate(lines) if f"`{question_id}` · " in line]
        index = expected_index(rows, question_id, RECALL_QUESTIONS)
        assert f"**{format_index(index, locale)}**" in lines[heading], question_id
        assert lines[heading + 1] == recall_figures(rows, question_id, locale), question_id
        assert sum(row[3] for row in rows if row[0] == question_id) == right
    top_wrong = tr(locale, "analytics.top_wrong", letter="A", share=0).split("**")[0]
    assert top_wrong not in said  # no question here has one wrong option to name
    assert "@everyone" not in re.sub(r"`[^`]*`", "", said)  # shown only inert, in a code span
    assert await world.standin.mentions() == []  # and pinged nobody
