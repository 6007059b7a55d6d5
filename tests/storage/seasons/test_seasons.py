"""Seasons in the database (SQLite and PostgreSQL): one running per server, names unique in a
server whatever their case (Greek too), answers counted on the running season's board as they
settle and never after it ended, an end by date handed to exactly one of two processes, and
its final standings claimed by one process at a time."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from sqlalchemy import select

from bot.quiz.boards.scoring import season_key
from bot.quiz.seasons.season import Season
from bot.quiz.shards.served import EVERY_SHARD, ServedShards
from bot.storage.boards.leaderboard import leaderboard
from bot.storage.database import Database
from bot.storage.models import ScoreRow
from bot.storage.rounds.lifecycle import open_question
from bot.storage.rounds.recorder import record_answer
from bot.storage.seasons.season import (
    CLAIM_LIFETIME,
    claim_standings,
    end_due_seasons,
    end_season,
    running_season,
    season_named,
    seasons_of,
    standings_posted,
    start_season,
)
from tests.storage.factories import NOW, close_and_settle, start_test_round

GUILD, OTHER, MODERATOR, CHANNEL = 1, 2, 99, 10
HERE = (EVERY_SHARD, {GUILD}.__contains__)  # every shard, and the bot is in GUILD only
THERE = (EVERY_SHARD, {OTHER}.__contains__)
OTHER_SHARD = ServedShards.of(2, {1})  # GUILD's id is on shard 0 of 2
SPRING = Season(0, GUILD, "Άνοιξη 2027", NOW, MODERATOR, CHANNEL)


async def started(db: Database, season: Season = SPRING) -> Season:
    stored = await start_season(db, season)
    assert isinstance(stored, Season), stored
    return stored


async def test_one_season_runs_in_a_server_and_its_name_is_its_own(db: Database) -> None:
    spring = await started(db)
    assert spring.id > 0
    assert spring.running
    assert await start_season(db, SPRING) == "season.running"
    assert await running_season(db, GUILD) == spring
    assert await running_season(db, OTHER) is None
    assert await started(db, Season(0, OTHER, "Άνοιξη 2027", NOW, 5, 6))  # another server's
    ended = await end_season(db, GUILD, NOW + timedelta(days=1))
    assert ended is not None
    assert ended.ended_at == NOW + timedelta(days=1)
    assert await end_season(db, GUILD, NOW + timedelta(days=2)) is None  # none runs now
    again = Season(0, GUILD, "ΆΝΟΙΞΗ 2027", NOW + timedelta(days=3), MODERATOR, CHANNEL)
    assert await start_season(db, again) == "season.name_taken"  # case-insensitively
    assert await season_named(db, GUILD, "άνοιξη 2027 ") == ended
    assert [s.name for s in await seasons_of(db, GUILD, "ΞΗ")] == ["Άνοιξη 2027"]


async def answer_and_close(db: Database, members: range, seed: int, at: timedelta) -> None:
    """A round in GUILD whose first question the members answer rightly, and that closes (in
    the ``basics`` pack, question ``q<i>`` has option ``i % 4`` right)."""
    view = await start_test_round(db, channel_id=100 + seed, seed=seed, now=NOW + at)
    opened = await open_question(db, view.id, 0, NOW + at)
    assert opened is not None
    for member in members:
        await record_answer(
            db,
            round_id=view.id,
            question_id=opened.question_id,
            member_id=member,
            option_index=int(opened.question_id.removeprefix("q")) % 4,
            now=NOW + at + timedelta(seconds=1),
        )
    await close_and_settle(db, view.id, 0, NOW + at + timedelta(seconds=10))


async def board(db: Database, key: str) -> list[tuple[int, int]]:
    async with db.read() as connection:
        rows = await connection.execute(
            select(ScoreRow.member_id, ScoreRow.answered)
            .where(ScoreRow.guild_id == GUILD, ScoreRow.period == key, ScoreRow.pack_id == "")
            .order_by(ScoreRow.member_id)
        )
        return [(row[0], row[1]) for row in rows.all()]


async def test_answers_count_for_the_season_only_while_it_runs(db: Database) -> None:
    await answer_and_close(db, range(1, 3), seed=1, at=timedelta(minutes=-5))  # before it
    spring = await started(db, Season(0, GUILD, "Spring", NOW, MODERATOR, CHANNEL))
    await answer_and_close(db, range(2, 5), seed=2, at=timedelta(minutes=1))
    await answer_and_close(db, range(4, 6), seed=3, at=timedelta(minutes=2))
    key = season_key(spring.id)
    during = await board(db, key)
    assert during == [(2, 1), (3, 1), (4, 2), (5, 1)]
    await end_season(db, GUILD, NOW + timedelta(minutes=3))
    await answer_and_close(db, range(1, 6), seed=4, at=timedelta(minutes=4))
    assert await board(db, key) == during  # ended: its board never changes
    assert len(await board(db, "all")) == 5
    page = await leaderboard(db, guild_id=GUILD, period_key=key)
    assert page.played == 4
    summer = await started(db, Season(0, GUILD, "Summer", NOW + timedelta(minutes=5), 1, 2))
    assert await board(db, season_key(summer.id)) == []  # the next season starts from zero


async def test_an_end_by_date_goes_to_one_of_two_processes_once(
    db: Database, database_url: str
) -> None:
    ends = NOW + timedelta(days=7)
    spring = await started(db, Season(0, GUILD, "Spring", NOW, MODERATOR, CHANNEL, ends_at=ends))
    assert await end_due_seasons(db, ends - timedelta(seconds=1)) == []
    other = Database.open(database_url)  # another bot process: its own pool and writer
    try:
        later = ends + timedelta(minutes=1)
        first, second = await asyncio.gather(
            end_due_seasons(db, later), end_due_seasons(other, later)
        )
        assert sorted(len(found) for found in (first, second)) == [0, 1]
        [ended] = first + second
        assert (ended.id, ended.ended_at) == (spring.id, ends)  # at its end, not when noticed

        claims = await asyncio.gather(
            claim_standings(db, later, *HERE), claim_standings(other, later, *HERE)
        )
        assert sorted(len(found) for found in claims) == [0, 1]
        assert await claim_standings(db, later + CLAIM_LIFETIME / 2, *HERE) == []
        assert await claim_standings(db, later + CLAIM_LIFETIME, *THERE) == []  # not in GUILD
        assert (
            await claim_standings(db, later + CLAIM_LIFETIME, OTHER_SHARD, bool) == []
        )  # bool: in every server
        retried = await claim_standings(other, later + CLAIM_LIFETIME, *HERE)  # poster died
        assert [s.id for s in retried] == [spring.id]
        await standings_posted(db, spring, 4242)
        assert await claim_standings(db, later + CLAIM_LIFETIME * 3, *HERE) == []
    finally:
        await other.close()
