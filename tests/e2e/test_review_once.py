"""A review card counts its first answer only: a double click on one button, two clicks at the
same moment on two copies of one card, and a click on a copy after a bot restart each grade the
card once (one review-log row; the card last written by that one review)."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import func, select

from bot.app.kit.catalogue import tr
from bot.storage.models import CardRow, ReviewLogRow
from tests.databases import BACKENDS
from tests.e2e.conftest import Json, QuizWorld, content_of, option_id
from tests.e2e.test_review import CORRECT, description, last_message, prompt_of

ALREADY = tr("en-US", "review.already_answered")


async def card_copies(world: QuizWorld, member: int, copies: int) -> list[Json]:
    """The same first card, shown in ``copies`` review messages (as /review twice shows it)."""
    shown = [
        last_message(await world.command(member, "review", pack="mini")) for _ in range(copies)
    ]
    assert len({prompt_of(message) for message in shown}) == 1
    return shown


async def clicks_at_once(world: QuizWorld, member: int, clicks: list[tuple[str, str]]) -> list[str]:
    """Sends every (message, custom_id) click before the bot answers any; what each showed."""
    ids = await asyncio.gather(*(world.standin.click(member, m, c) for m, c in clicks))
    reports = [await world.standin.wait_for_response(i, timeout=15) for i in ids]
    return [content_of(report["responses"][-1]) for report in reports]


async def assert_graded_once(world: QuizWorld, member: int) -> None:
    async with world.db.read() as connection:
        logs = (
            await connection.execute(
                select(ReviewLogRow.question_id, ReviewLogRow.reviewed_at).where(
                    ReviewLogRow.member_id == member
                )
            )
        ).all()
        cards = (
            await connection.execute(
                select(CardRow.question_id, CardRow.last_review).where(CardRow.member_id == member)
            )
        ).all()
        assert await connection.scalar(select(func.count()).select_from(CardRow)) == 1
    assert len(logs) == 1
    assert [tuple(card) for card in cards] == [tuple(logs[0])]  # the card as that review left it


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_a_double_click_on_one_answer_grades_the_card_once(bot_world: QuizWorld) -> None:
    world = bot_world
    member = world.members[0]
    (card,) = await card_copies(world, member, 1)
    button = option_id(card, CORRECT[prompt_of(card)])
    said = await clicks_at_once(world, member, [(card["id"], button), (card["id"], button)])
    assert said.count(ALREADY) == 1
    assert sum("\nRight!" in text for text in said) == 1
    await assert_graded_once(world, member)


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_two_copies_of_a_card_clicked_at_once_grade_it_once(bot_world: QuizWorld) -> None:
    world = bot_world
    member = world.members[0]
    first, second = await card_copies(world, member, 2)
    right = CORRECT[prompt_of(first)]
    wrong = (right + 1) % 2
    said = await clicks_at_once(
        world,
        member,
        [(first["id"], option_id(first, right)), (second["id"], option_id(second, wrong))],
    )
    assert said.count(ALREADY) == 1
    assert sum("\nRight!" in text or "\nNot quite" in text for text in said) == 1
    await assert_graded_once(world, member)


async def test_a_copy_answered_after_a_restart_is_not_graded_again(bot_world: QuizWorld) -> None:
    """The custom_id is all a button keeps: after a restart it still knows the card it showed."""
    world = bot_world
    member = world.members[0]
    first, second = await card_copies(world, member, 2)
    right = CORRECT[prompt_of(first)]
    result = last_message(await world.click(member, first["id"], option_id(first, right)))
    assert description(result).startswith("Right!")
    await world.stop_bot()
    await world.start_bot()
    for option in (right, (right + 1) % 2):  # the same answer, then another one
        said = await world.said(await world.click(member, second["id"], option_id(second, option)))
        assert said == ALREADY
    await assert_graded_once(world, member)
    # The copy that said so is unchanged: its card stays there to read.
    shown = next(m for m in await world.messages(as_user=member) if m["id"] == second["id"])
    assert prompt_of(shown) == prompt_of(second)
