"""`/quiz analytics`: a round played with known clicks, then the figures a moderator reads back
privately are those of the answers in the database; a member without permission is refused."""

from __future__ import annotations

import statistics

import pytest
from sqlalchemy import text

from bot.app.analytics.embed import format_index
from bot.app.kit.catalogue import tr
from bot.app.kit.message_parts import letter
from bot.storage.rounds import lifecycle
from tests.databases import BACKENDS
from tests.e2e.conftest import QuizWorld, answer, followed_up, question_message, titled
from tests.e2e.test_bounded_replies import EPHEMERAL, flags_of
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


async def answers_in_database(world: QuizWorld) -> list[Row]:
    async with world.db.read() as connection:
        rows = await connection.execute(
            text(
                "SELECT question_id, member_id, option_index, correct, response_ms FROM answers"
                " WHERE guild_id = :guild AND pack_id = 'mini'"
            ),
            {"guild": world.guild_id},
        )
        return [(q, m, o, bool(c), ms) for q, m, o, c, ms in rows]


def expected_lines(rows: list[Row], question_id: str, locale: str) -> tuple[float, str, str]:
    """The index of a question, computed here as Pearson's r between right (1/0) and the
    member's share right on the other two questions, and the two lines the reply should show."""
    totals = {m: sum(c for _, member, _, c, _ in rows if member == m) for _, m, _, _, _ in rows}
    mine = [row for row in rows if row[0] == question_id]
    right = [float(c) for _, _, _, c, _ in mine]
    rest = [(totals[m] - c) / 2 for _, m, _, c, _ in mine]
    index = statistics.correlation(right, rest)
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
