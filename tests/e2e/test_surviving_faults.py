"""Rounds that survive the real world: storms of 429 and 5xx, a database that goes away, a crash
between a commit and its message, a channel that disappears. Each question is posted and revealed
once, the standings are posted once, and the round finishes."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta

import pytest
from sqlalchemy.engine import make_url

from bench.rig.tcpproxy import TcpProxy
from bot.app.kit.catalogue import tr
from bot.app.kit.context import utc_now
from bot.quiz.rounds.rules import RoundState
from bot.storage.database import Database
from bot.storage.results import RoundView
from bot.storage.rounds import lifecycle, outbox
from tests.e2e.conftest import (
    Json,
    QuizWorld,
    answer,
    change_behind_the_bots_back,
    edits_of,
    question_message,
    shown_letter,
    titled,
)

POST_MESSAGE = "POST /channels/{channel_id}/messages"
EDIT_MESSAGE = "PATCH /channels/{channel_id}/messages/{message_id}"
STORM_TIMEOUT = 60.0  # a round under a storm takes longer than the world's usual wait


async def running_round(world: QuizWorld) -> RoundView:
    (view,) = await lifecycle.running_rounds(world.db)
    return view


async def round_at_its_first_question(
    world: QuizWorld, seconds: int, questions: int = 3
) -> tuple[Json, RoundView]:
    """The owner starts a round of the mini pack; its first question message and the round."""
    options: dict[str, int] = {"seconds": seconds}
    if questions != 3:
        options["questions"] = questions
    await world.command(world.owner, "quiz start", pack="mini", **options)
    first = await question_message(world, 1, questions)
    return first, await running_round(world)


async def round_delivered(
    world: QuizWorld, round_id: int, total: int = 3, posted: int | None = None
) -> Json:
    """Waits for the round to end with nothing owed; checks that each of its first ``posted``
    questions (all by default) was posted once and revealed, that no later one was posted, and
    that the standings were posted once. Returns the standings message."""

    async def settled() -> bool:
        view = await lifecycle.get_round(world.db, round_id)
        owed = await outbox.pending(world.db, round_id)
        return view.state is not RoundState.RUNNING and not owed

    await world.standin.wait_for(settled, timeout=STORM_TIMEOUT)
    messages = await world.messages()
    for number in range(1, total + 1):
        found = [m for m in messages if titled(f"Question {number} of {total}")(m)]
        if number > (total if posted is None else posted):
            assert found == [], f"question {number} was posted after the round ended"
            continue
        assert len(found) == 1, f"question {number} was posted {len(found)} times"
        assert titled(f"Question {number} of {total} · Closed")(found[0])
    standings = [m for m in messages if titled("Standings")(m) or titled("Round stopped")(m)]
    assert len(standings) == 1, f"the standings were posted {len(standings)} times"
    return standings[0]


async def test_a_storm_of_429s_on_edits_delays_reveals_and_loses_none(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    await world.command(world.owner, "quiz start", pack="mini", questions=2, seconds=5)
    view = await running_round(world)
    await world.standin.inject_fault(EDIT_MESSAGE, status=429, retry_after=0.5, count=20)
    await round_delivered(world, view.id, total=2)
    ended = await lifecycle.get_round(world.db, view.id)
    assert ended.state is RoundState.FINISHED
    statuses = [r["status"] for r in await world.standin.request_log() if r["method"] == "PATCH"]
    assert statuses.count(429) == 20  # the storm hit the reveals, and the round outlived it


async def test_a_slow_post_does_not_eat_into_the_question_time(bot_world: QuizWorld) -> None:
    world = bot_world
    member = next(m for m in world.members if world.locales[m] == "en-US")
    await world.standin.inject_fault(POST_MESSAGE, delay=7.0)  # longer than the question lasts
    await world.command(world.owner, "quiz start", pack="mini", seconds=5)
    view = await running_round(world)
    first = await question_message(world, 1, 3)
    said = await answer(world, member, first, 0)
    # It did not open closed.
    assert said == tr("en-US", "round.locked_in", letter=shown_letter(first, 0))
    posted = await lifecycle.get_round(world.db, view.id)
    assert posted.question_opened_at is not None
    assert posted.closes_at == posted.question_opened_at + timedelta(seconds=5)
    assert posted.question_opened_at - view.started_at > timedelta(seconds=7)
    await world.command(world.owner, "quiz stop")
    await round_delivered(world, view.id, posted=1)


async def test_the_database_away_while_a_question_closes_only_delays_the_round(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    _, view = await round_at_its_first_question(world, seconds=5, questions=2)
    assert view.closes_at is not None
    closes_at = view.closes_at
    await change_behind_the_bots_back(
        world, "ALTER TABLE round_deliveries RENAME TO round_deliveries_away"
    )
    try:

        async def failing_to_close() -> bool:
            late = utc_now() > closes_at + timedelta(seconds=1.5)
            return late and (await lifecycle.get_round(world.db, view.id)).question_open

        await world.standin.wait_for(failing_to_close, timeout=15)
    finally:
        await change_behind_the_bots_back(
            world, "ALTER TABLE round_deliveries_away RENAME TO round_deliveries"
        )
    await round_delivered(world, view.id, total=2)


@pytest.fixture
async def cut_database(world: QuizWorld) -> AsyncIterator[TcpProxy]:
    """The bot reaches PostgreSQL through a proxy that can cut the network."""
    url = make_url(world.database_url)
    proxy = TcpProxy(url.host or "127.0.0.1", url.port or 5432)
    await proxy.start()
    world.bot_db = Database.open(
        url.set(host="127.0.0.1", port=proxy.port).render_as_string(hide_password=False)
    )
    try:
        yield proxy
    finally:
        await world.stop_bot()
        await world.bot_db.close()
        await proxy.stop()


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
async def test_postgresql_cut_while_a_question_closes_only_delays_the_round(
    world: QuizWorld, cut_database: TcpProxy
) -> None:
    await world.start_bot()
    _, view = await round_at_its_first_question(world, seconds=5, questions=2)
    assert view.closes_at is not None
    closes_at = view.closes_at
    await world.standin.wait_for(lambda: utc_now() > closes_at - timedelta(seconds=1), timeout=10)
    await cut_database.cut_for(5.0)
    await round_delivered(world, view.id, total=2)
    assert cut_database.refused > 0  # the bot did try, and was turned away


async def test_a_crash_after_closing_a_question_still_reveals_it_once(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    first, view = await round_at_its_first_question(world, seconds=60)
    await world.stop_bot()
    # What the crashed process committed before it could edit the reveal:
    await lifecycle.close_question(world.db, view.id, 0, utc_now())
    log_before = len(await world.standin.request_log())
    await world.start_bot()
    await world.wait_for_message(titled("Question 1 of 3 · Closed"))
    await question_message(world, 2, 3)
    assert await edits_of(world, first["id"], since=log_before) == 1
    await world.command(world.owner, "quiz stop")
    await round_delivered(world, view.id, posted=2)


async def test_a_crash_after_stopping_a_round_still_posts_its_standings_once(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    _, view = await round_at_its_first_question(world, seconds=60)
    await world.stop_bot()
    await lifecycle.end_round(world.db, view.id, RoundState.STOPPED, utc_now())
    await world.start_bot()
    standings = await round_delivered(world, view.id, posted=1)
    stored = await lifecycle.get_round(world.db, view.id)
    assert stored.message_ids["standings"] == int(standings["id"])


async def test_standings_that_reached_discord_before_a_crash_are_not_posted_again(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    _, view = await round_at_its_first_question(world, seconds=60)
    await world.command(world.owner, "quiz stop")
    posted = await round_delivered(world, view.id, posted=1)
    await world.stop_bot()
    # As if the process died after Discord took the standings but before they were recorded:
    await change_behind_the_bots_back(
        world, "UPDATE round_deliveries SET state = 'pending' WHERE kind = 'standings'"
    )
    await change_behind_the_bots_back(
        world, "DELETE FROM round_messages WHERE purpose = 'standings'"
    )
    await world.start_bot()
    assert await round_delivered(world, view.id, posted=1) == posted  # found, not posted again
    stored = await lifecycle.get_round(world.db, view.id)
    assert stored.message_ids["standings"] == int(posted["id"])


async def test_a_deleted_channel_ends_the_round_and_tells_who_started_it(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    _, view = await round_at_its_first_question(world, seconds=5)
    await world.standin.remove_channel(world.guild_id, world.channel_id)  # the reveal meets 10003

    async def ended() -> bool:
        return (await lifecycle.get_round(world.db, view.id)).state is RoundState.STOPPED

    await world.standin.wait_for(ended, timeout=15)
    dm = await world.standin.dm_channel(world.owner)

    async def told() -> bool:
        return bool(await world.standin.messages(dm, as_user=world.owner))

    await world.standin.wait_for(told, timeout=10)
    (message,) = await world.standin.messages(dm, as_user=world.owner)
    assert message["content"] == tr(
        "en-US",
        "round.ended_for_you",
        pack="Mini quiz",
        channel=f"<#{world.channel_id}>",
        reason=tr("en-US", "round.lost.10003"),
    )
    assert await outbox.pending(world.db, view.id) == []
