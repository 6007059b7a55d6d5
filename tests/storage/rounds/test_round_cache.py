"""The click path's read of a round: its place and its confirmed messages, read once, and read
again only when a click asks for a message confirmed since."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from bot.storage.database import Database
from bot.storage.rounds import outbox
from bot.storage.rounds.lifecycle import open_question
from bot.storage.rounds.round_cache import RoundCache
from tests.storage.factories import NOW, start_test_round

LATER = NOW + timedelta(seconds=1)


async def test_a_round_is_read_with_its_place_and_the_messages_confirmed_so_far(
    db: Database,
) -> None:
    view = await start_test_round(db, guild_id=7, channel_id=70, question_count=2)
    await open_question(db, view.id, 0, NOW)
    cache = RoundCache(db)

    read = await cache.round(view.id)

    assert read is not None
    assert (read.guild_id, read.channel_id, read.pack_id) == (7, 70, "basics")
    assert read.question_ids == view.question_order
    assert read.message_ids == {}
    assert (read.question_id(1), read.question_id(2)) == (view.question_order[1], None)
    assert await cache.round(view.id + 1) is None


async def test_a_message_confirmed_later_is_read_again_once_when_asked_for(db: Database) -> None:
    view = await start_test_round(db, question_count=2)
    await open_question(db, view.id, 0, NOW)
    cache = RoundCache(db)
    before = await cache.round(view.id)
    (post,) = await outbox.pending(db, view.id)
    await outbox.question_posted(db, post, 500, LATER)

    assert await cache.round(view.id) is before  # kept: clicks that ask for nothing read nothing
    burst = await asyncio.gather(*(cache.round(view.id, posted="question:0") for _ in range(8)))

    assert burst[0] is not None
    assert burst[0].message_ids == {"question:0": 500}
    assert all(read is burst[0] for read in burst)  # one read for the whole burst
    assert await cache.round(view.id, posted="question:0") is burst[0]  # and none after it


async def test_a_message_not_yet_confirmed_is_not_there_after_the_read_either(
    db: Database,
) -> None:
    view = await start_test_round(db, question_count=2)
    await open_question(db, view.id, 0, NOW)
    cache = RoundCache(db)
    before = await cache.round(view.id)

    again = await cache.round(view.id, posted="question:0")

    assert again is not None
    assert again is not before  # it was read again
    assert again.message_ids == {}
