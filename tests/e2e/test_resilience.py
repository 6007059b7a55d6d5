"""Restarts, failures and races: buttons keep working, nothing acknowledged is lost."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
from collections.abc import AsyncIterator
from typing import Any

import pytest
from sqlalchemy import Row, select
from sqlalchemy.engine import make_url

from bot.app.kit.catalogue import tr
from bot.app.kit.context import utc_now
from bot.app.rounds.counter import EDITS_PER_QUESTION
from bot.storage.models import RoundRow, ScoreRow, rounds_table
from bot.storage.rounds import lifecycle, outbox, tallies
from tests.databases import BACKENDS
from tests.e2e.conftest import (
    QuizWorld,
    answer,
    change_behind_the_bots_back,
    custom_ids,
    edits_of,
    question_message,
    shown_letter,
    titled,
)

EDIT_MESSAGE = "PATCH /channels/{channel_id}/messages/{message_id}"


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_a_restart_mid_round_keeps_buttons_and_reveals_an_expired_question_once(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    member = world.members[0]
    await world.command(world.owner, "quiz start", pack="mini", seconds=8)
    first = await question_message(world, 1, 3)

    await world.stop_bot()
    # As if the process had stopped after Discord took the post but before it was recorded:
    await change_behind_the_bots_back(
        world,
        "UPDATE round_deliveries SET state = 'pending', attempts = 1 WHERE kind = 'question'",
    )
    await change_behind_the_bots_back(world, "DELETE FROM round_messages")
    await world.start_bot()  # a new process on the same database finds the post
    (view,) = await lifecycle.running_rounds(world.db)

    async def post_recorded() -> bool:
        return await outbox.pending(world.db, view.id) == []

    await world.standin.wait_for(post_recorded, timeout=10)
    assert (await lifecycle.get_round(world.db, view.id)).message_ids == {
        "question:0": int(first["id"])
    }
    said = await answer(world, member, first, 0)  # a button posted by the old process
    assert said == tr(world.locales[member], "round.locked_in", letter=shown_letter(first, 0))

    (view,) = await lifecycle.running_rounds(world.db)
    assert view.closes_at is not None
    closes_at = view.closes_at
    await world.stop_bot()
    await world.standin.wait_for(lambda: utc_now() > closes_at, timeout=15)
    log_before = len(await world.standin.request_log())
    await world.start_bot()

    revealed = await world.wait_for_message(titled("Question 1 of 3 · Closed"))
    await question_message(world, 2, 3)
    assert await edits_of(world, first["id"], since=log_before) == 1  # revealed once
    firsts = [m for m in await world.messages() if titled("Question 1 of 3")(m)]
    assert [m["id"] for m in firsts] == [revealed["id"]]  # and never posted twice
    assert (await tallies.tally(world.db, view.id, 0)).answered == 1


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_a_question_closed_but_never_settled_is_settled_by_the_process_that_resumes(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    member = world.members[0]
    await world.command(world.owner, "quiz start", pack="mini", seconds=30)
    first = await question_message(world, 1, 3)
    await answer(world, member, first, 0)
    (view,) = await lifecycle.running_rounds(world.db)

    await world.stop_bot()
    # As if the process had died between the close's commit and its settle's:
    assert await lifecycle.close_question(world.db, view.id, 0, utc_now(), paused_too=True)
    assert await _answers_settled(world, member) == 0
    await world.start_bot()

    async def settled() -> bool:
        return await _answers_settled(world, member) == 1

    await world.standin.wait_for(settled, timeout=15)
    await world.wait_for_message(titled("Question 1 of 3 · Closed"))
    assert (await _round_row(world, view.id)).settled_through == 0


async def _answers_settled(world: QuizWorld, member: int) -> int:
    """The member's answers on their all-time board: those settled."""
    async with world.db.read() as connection:
        answered = await connection.scalar(
            select(ScoreRow.answered).where(
                ScoreRow.member_id == member, ScoreRow.period == "all", ScoreRow.pack_id == ""
            )
        )
    return int(answered or 0)


async def _round_row(world: QuizWorld, round_id: int) -> Row[Any]:
    async with world.db.read() as connection:
        return (await connection.execute(select(rounds_table).where(RoundRow.id == round_id))).one()


async def test_a_click_that_races_the_close_is_told_the_question_closed(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    await world.command(world.owner, "quiz start", pack="mini", seconds=60)
    message = await question_message(world, 1, 3)
    (view,) = await lifecycle.running_rounds(world.db)
    await world.standin.inject_fault(EDIT_MESSAGE, delay=2.0)  # the reveal edit is slow
    await world.command(world.owner, "quiz skip")

    async def closed_in_database() -> bool:  # (the next question may already be open)
        now = await lifecycle.get_round(world.db, view.id)
        return now.question_index > 0 or not now.question_open

    await world.standin.wait_for(closed_in_database, timeout=10)
    late = world.members[1]
    said = await answer(world, late, message, 0)  # the button is still enabled on screen
    assert said == tr(world.locales[late], "round.question_closed")
    assert (await tallies.tally(world.db, view.id, 0)).answered == 0
    await world.wait_for_message(titled("Question 1 of 3 · Closed"))


async def test_a_database_failure_still_gets_the_member_a_reply(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    member = next(m for m in world.members if world.locales[m] == "en-US")
    await world.command(world.owner, "quiz start", pack="mini", seconds=60)
    message = await question_message(world, 1, 3)
    await change_behind_the_bots_back(world, "ALTER TABLE answers RENAME TO answers_away")
    said = await answer(world, member, message, 0)
    assert said.startswith(
        "That didn't work: your answer was not recorded. Please try again. (error "
    )
    await change_behind_the_bots_back(world, "ALTER TABLE answers_away RENAME TO answers")
    again = await answer(world, member, message, 0)
    assert again == tr("en-US", "round.locked_in", letter=shown_letter(message, 0))
    (view,) = await lifecycle.running_rounds(world.db)
    assert (await tallies.tally(world.db, view.id, 0)).answered == 1


async def test_a_busy_question_edits_its_counter_without_hitting_rate_limits(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    await world.command(world.owner, "quiz start", pack="mini", seconds=30)
    message = await question_message(world, 1, 3)
    for member in world.members:
        await answer(world, member, message, 0)
    await world.wait_for_message(lambda m: m["id"] == message["id"] and "20 answered" in str(m))
    assert 1 <= await edits_of(world, message["id"]) <= EDITS_PER_QUESTION  # not one per click
    assert custom_ids(message)


@contextlib.asynccontextmanager
async def write_lock_held(world: QuizWorld) -> AsyncIterator[None]:
    """Another connection holds SQLite's write lock until the block ends: every write of the
    bot waits for it, as behind a long transaction or a slow disk."""
    locked, release = threading.Event(), threading.Event()

    def hold_the_write_lock() -> None:
        path = make_url(world.database_url).database
        assert path is not None
        with contextlib.closing(sqlite3.connect(path, timeout=30, isolation_level=None)) as raw:
            raw.execute("BEGIN IMMEDIATE")
            locked.set()
            release.wait(timeout=30)
            raw.execute("COMMIT")

    holder = asyncio.ensure_future(asyncio.to_thread(hold_the_write_lock))
    await world.standin.wait_for(locked.is_set, timeout=10)
    try:
        yield
    finally:
        release.set()
        await holder


async def test_a_slow_database_defers_the_click_then_confirms_after_the_commit(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    member = next(m for m in world.members if world.locales[m] == "en-US")
    await world.command(world.owner, "quiz start", pack="mini", seconds=60)
    message = await question_message(world, 1, 3)
    async with write_lock_held(world):
        clicked = await world.standin.click(member, message["id"], custom_ids(message)[0])
        first = (await world.standin.wait_for_response(clicked, timeout=5))["responses"][0]
        assert first["type"] == 5  # "thinking", within Discord's three seconds
        assert first["ms"] < 3000
        round_id = (await lifecycle.running_rounds(world.db))[0].id
        assert (await tallies.tally(world.db, round_id, 0)).answered == 0

    async def confirmed() -> bool:
        return len((await world.standin.interaction(clicked))["responses"]) > 1

    await world.standin.wait_for(confirmed, timeout=15)
    said = await world.said(await world.standin.interaction(clicked))
    assert said.endswith(tr("en-US", "round.locked_in", letter="A"))


async def test_a_slow_database_defers_quiz_start_then_the_start_card_follows(
    bot_world: QuizWorld,
) -> None:
    """/quiz start writes the round before it can answer: behind a held write lock it is
    deferred within Discord's three seconds, and the start card comes as a message of its own."""
    world = bot_world
    async with write_lock_held(world):
        started = await world.standin.command(
            world.owner, world.channel_id, "quiz start", pack="mini", seconds=60
        )
        first = (await world.standin.wait_for_response(started, timeout=5))["responses"][0]
        assert first["type"] == 5  # "thinking", privately
        assert first["ms"] < 3000
        assert await lifecycle.running_rounds(world.db) == []
    said = await world.said(await world.standin.interaction(started))
    here = f"<#{world.channel_id}>"
    assert said.strip() == tr(world.locales[world.owner], "round.started_elsewhere", channel=here)
    card = await world.wait_for_message(lambda m: f"Started by <@{world.owner}>" in str(m))
    assert card["type"] == 0  # a message of its own, not the command's response
    await question_message(world, 1, 3)
