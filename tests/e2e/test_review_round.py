"""Review rounds through the stand-in: the questions the server missed most come first."""

from __future__ import annotations

from sqlalchemy import select

from bot.app.kit.catalogue import tr
from bot.storage.models import RoundRow
from bot.storage.rounds import lifecycle
from tests.e2e.conftest import TIMEOUT, Json, QuizWorld, play_round, question_message, titled
from tests.messages import layout_text

EPHEMERAL = 1 << 6


def flags_of(report: Json) -> list[int]:
    return [
        (response["body"].get("data", response["body"]) or {}).get("flags", 0)
        for response in report["responses"]
    ]


async def last_round_order(world: QuizWorld) -> tuple[str, ...]:
    async with world.db.read() as connection:
        order = await connection.scalar(
            select(RoundRow.question_order).order_by(RoundRow.id.desc()).limit(1)
        )
    return tuple(order)


def prompt(world: QuizWorld, question_id: str) -> str:
    pack = world.library.get("mini")
    assert pack is not None
    question = pack.question(question_id)
    assert question is not None
    return question.prompt.get("en")


async def refused(world: QuizWorld, pack_id: str) -> None:
    """``/quiz start mode: review`` of a pack nobody here answered: a private no, no round."""
    pack = world.library.get(pack_id)
    assert pack is not None
    locale = world.locales[world.owner]
    report = await world.command(world.owner, "quiz start", pack=pack_id, mode="review")
    expected = tr(locale, "round.review.nothing", pack=pack.title.get(locale))
    assert await world.said(report) == expected
    assert flags_of(report) == [EPHEMERAL]
    assert await lifecycle.running_rounds(world.db) == []


async def test_a_review_round_asks_the_most_missed_questions_first(bot_world: QuizWorld) -> None:
    world = bot_world
    await refused(world, "mini")  # nobody has played it yet
    a, b, c, d = world.members[:4]
    # Right answers from the start: the round's 1st question is missed once, the 2nd three
    # times, the 3rd by all four.
    await play_round(world, {a: 0, b: 1, c: 2, d: 1})
    missed_once, missed_thrice, missed_by_all = await last_round_order(world)

    report = await world.command(
        world.owner, "quiz start", pack="mini", mode="review", questions=2, seconds=60
    )
    said = await world.said(report)
    assert "Review round: Mini quiz" in said
    assert tr("en", "round.review.body") in said
    assert "2 questions" in said
    (view,) = await lifecycle.running_rounds(world.db)
    assert view.question_order == (missed_by_all, missed_thrice)

    first = await question_message(world, 1, 2)
    assert prompt(world, missed_by_all) in layout_text(first)
    await world.command(world.owner, "quiz skip")
    second = await question_message(world, 2, 2)
    assert prompt(world, missed_thrice) in layout_text(second)
    assert missed_once not in view.question_order
    await world.command(world.owner, "quiz skip")

    async def both_rounds_ended() -> bool:
        return len([m for m in await world.messages() if titled("Standings: Mini quiz")(m)]) == 2

    await world.standin.wait_for(both_rounds_ended, timeout=TIMEOUT)

    await refused(world, "ring-attention")  # played in no round here
