"""Pausing and resuming rounds: the open question keeps its time left, nothing closes, opens or
is recorded while paused, and a pause past its limit ends the round once."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta

from bot.quiz.rounds.pauses import PAUSE_LIMIT_REASON
from bot.quiz.rounds.rules import Message, RoundState
from bot.storage.database import Database
from bot.storage.results import AnswerOutcome, AnswerResult, GuildSettings, RoundView
from bot.storage.rounds import outbox
from bot.storage.rounds.lifecycle import (
    close_question,
    end_round,
    get_round,
    open_question,
)
from bot.storage.rounds.pauses import pause_round, resume_round
from bot.storage.rounds.recorder import record_answer
from bot.storage.rounds.tallies import tally
from bot.storage.settings.settings import guild_settings, save_guild_settings
from tests.storage.factories import NOW, start_test_round

PAUSED_AT = NOW + timedelta(seconds=5)  # 15 of the question's 20 s are left
LIMIT = 60  # minutes


async def owed(db: Database, view: RoundView) -> list[tuple[Message, int | None]]:
    return [(d.kind, d.question_index) for d in await outbox.pending(db, view.id)]


async def deliver_all(db: Database, view: RoundView) -> None:
    for delivery in await outbox.pending(db, view.id):
        await outbox.delivered(db, delivery, None, NOW)


async def open_first(db: Database) -> RoundView:
    """A round whose first question is posted at NOW and closes at NOW + 20 s."""
    view = await start_test_round(db, question_count=3)
    await open_question(db, view.id, 0, NOW)
    (post,) = await outbox.pending(db, view.id)
    await outbox.question_posted(db, post, 700, NOW)
    return view


async def click(db: Database, view: RoundView, at: datetime, index: int = 0) -> AnswerResult:
    return await record_answer(
        db,
        round_id=view.id,
        question_id=view.question_order[index],
        member_id=5,
        option_index=0,
        now=at,
    )


async def test_a_pause_keeps_the_time_left_owes_the_timer_and_outlives_the_process(
    db: Database, database_url: str
) -> None:
    view = await open_first(db)
    paused = await pause_round(db, view.id, PAUSED_AT, LIMIT)
    assert paused is not None
    assert (paused.question_index, paused.left_s) == (0, 15.0)
    assert paused.paused_until == PAUSED_AT + timedelta(minutes=LIMIT)
    assert await owed(db, view) == [(Message.TIMER, 0)]
    other = Database.open(database_url)  # another process, or the same one restarted
    try:
        seen = await get_round(other, view.id)
    finally:
        await other.close()
    assert (seen.paused_at, seen.paused_until) == (PAUSED_AT, paused.paused_until)
    assert seen.paused_left_s == 15.0
    assert (seen.state, seen.question_open) == (RoundState.RUNNING, True)


async def test_a_paused_question_does_not_close_on_time_but_a_skip_closes_it(
    db: Database,
) -> None:
    view = await open_first(db)
    await pause_round(db, view.id, PAUSED_AT, LIMIT)
    assert await close_question(db, view.id, 0, NOW + timedelta(seconds=30)) is None
    assert (await get_round(db, view.id)).question_open
    assert await close_question(db, view.id, 0, NOW, paused_too=True) is not None
    skipped = await get_round(db, view.id)
    assert (skipped.question_open, skipped.paused) == (False, True)  # paused between questions
    assert await open_question(db, view.id, 1, NOW) is None  # the next one waits


async def test_clicks_while_paused_are_refused_and_not_recorded(db: Database) -> None:
    view = await open_first(db)
    await pause_round(db, view.id, PAUSED_AT, LIMIT)
    assert (await click(db, view, PAUSED_AT + timedelta(seconds=1))).outcome is (
        AnswerOutcome.PAUSED
    )
    # Past the closing time it had: still paused, not closed.
    assert (await click(db, view, NOW + timedelta(minutes=5))).outcome is AnswerOutcome.PAUSED
    assert (await click(db, view, PAUSED_AT, index=1)).outcome is AnswerOutcome.QUESTION_CLOSED
    assert (await tally(db, view.id, 0)).answered == 0


async def test_a_resume_runs_the_time_left_again_and_times_answers_without_the_pause(
    db: Database,
) -> None:
    view = await open_first(db)
    await pause_round(db, view.id, PAUSED_AT, LIMIT)
    await deliver_all(db, view)
    resumed_at = PAUSED_AT + timedelta(minutes=10)
    resumed = await resume_round(db, view.id, resumed_at)
    assert resumed is not None
    assert (resumed.question_index, resumed.closes_at) == (0, resumed_at + timedelta(seconds=15))
    assert await owed(db, view) == [(Message.TIMER, 0)]  # its new countdown
    running = await get_round(db, view.id)
    assert (running.paused, running.paused_left_s, running.closes_at) == (
        False,
        None,
        resumed.closes_at,
    )
    answered = await click(db, view, resumed_at + timedelta(seconds=1))
    assert answered.outcome is AnswerOutcome.RECORDED
    assert answered.response_ms == 6_000  # 5 s before the pause, 1 s after it
    assert await close_question(db, view.id, 0, resumed_at) is not None  # on time again


async def test_pausing_twice_or_resuming_what_is_not_paused_changes_nothing(
    db: Database,
) -> None:
    view = await open_first(db)
    assert await resume_round(db, view.id, NOW) is None
    first = await pause_round(db, view.id, PAUSED_AT, LIMIT)
    assert await pause_round(db, view.id, PAUSED_AT + timedelta(seconds=9), LIMIT) is None
    assert (await get_round(db, view.id)).paused_at == PAUSED_AT
    assert first is not None
    assert await owed(db, view) == [(Message.TIMER, 0)]  # owed once
    await end_round(db, view.id, RoundState.STOPPED, NOW)
    assert await resume_round(db, view.id, NOW) is None  # it has ended
    assert await pause_round(db, view.id, NOW, LIMIT) is None


async def test_a_round_paused_between_questions_opens_the_next_only_once_resumed(
    db: Database,
) -> None:
    view = await open_first(db)
    await close_question(db, view.id, 0, NOW)
    await deliver_all(db, view)
    paused = await pause_round(db, view.id, NOW, LIMIT)
    assert paused is not None
    assert paused.left_s is None
    assert await owed(db, view) == []  # no open question, no timer to show
    assert await open_question(db, view.id, 1, NOW) is None
    resumed = await resume_round(db, view.id, NOW)
    assert resumed is not None
    assert resumed.closes_at is None
    assert await owed(db, view) == []
    assert await open_question(db, view.id, 1, NOW) is not None


async def test_a_pause_past_its_limit_ends_the_round_once_with_its_reason(db: Database) -> None:
    view = await open_first(db)
    await pause_round(db, view.id, PAUSED_AT, LIMIT)
    await deliver_all(db, view)
    limit = PAUSED_AT + timedelta(minutes=LIMIT)
    early = limit - timedelta(seconds=1)
    assert await end_round(db, view.id, RoundState.STOPPED, early, pause_expired=True) is None
    assert await end_round(db, view.id, RoundState.STOPPED, limit, pause_expired=True) is not None
    assert await end_round(db, view.id, RoundState.STOPPED, limit, pause_expired=True) is None
    ended = await get_round(db, view.id)
    assert (ended.state, ended.end_reason) == (RoundState.STOPPED, PAUSE_LIMIT_REASON)
    assert (ended.paused_at, ended.paused_until) == (PAUSED_AT, limit)  # the standings name it
    assert await owed(db, view) == [(Message.REVEAL, 0), (Message.STANDINGS, None)]


async def test_a_resumed_round_does_not_expire(db: Database) -> None:
    view = await open_first(db)
    await pause_round(db, view.id, PAUSED_AT, LIMIT)
    await resume_round(db, view.id, PAUSED_AT + timedelta(minutes=1))
    after = PAUSED_AT + timedelta(minutes=LIMIT + 1)
    assert await end_round(db, view.id, RoundState.STOPPED, after, pause_expired=True) is None
    assert (await get_round(db, view.id)).state is RoundState.RUNNING


async def test_racing_processes_pause_a_round_once(db: Database, database_url: str) -> None:
    view = await open_first(db)
    other = Database.open(database_url)
    try:
        paused = await asyncio.gather(
            pause_round(db, view.id, PAUSED_AT, LIMIT), pause_round(other, view.id, PAUSED_AT, 30)
        )
        resumed = await asyncio.gather(
            resume_round(db, view.id, NOW), resume_round(other, view.id, NOW)
        )
    finally:
        await other.close()
    assert sum(p is not None for p in paused) == 1
    assert sum(r is not None for r in resumed) == 1
    assert await owed(db, view) == [(Message.TIMER, 0), (Message.TIMER, 0)]  # one each


async def test_a_servers_pause_limit_defaults_to_an_hour_and_is_saved(db: Database) -> None:
    assert (await guild_settings(db, 1)).pause_limit_minutes == 60
    await save_guild_settings(db, GuildSettings(1, pause_limit_minutes=15))
    assert (await guild_settings(db, 1)).pause_limit_minutes == 15
