"""Reminders from every process of a sharded bot: two real ``quizbot run`` processes, one on
each of the bot's two shards (leases in one PostgreSQL database), each send the reminders of the
members whose ids fall on their shard, at once, and every reminder goes out exactly once.

Each claim names the process that took it (host, pid, a random part): the members of each
shard were reminded by the process holding it, so both processes sent reminders.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bench.rig.processes import BotProcess, log_file
from bot.quiz.shards.serving import shard_of
from tests.e2e.conftest import TIMEOUT, QuizWorld
from tests.e2e.test_reminders import (
    PACKS,
    dms,
    give_due_questions,
    reminder_rows,
    wait_for_dm,
    want_reminders,
)
from tests.redis_server import need_redis

SHARDS = 2


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
@pytest.mark.timeout(180)
async def test_each_process_sends_its_shards_reminders_once(
    world: QuizWorld, tmp_path: Path
) -> None:
    members = world.members[:10]
    by_shard = {shard: [m for m in members if shard_of(m, SHARDS) == shard] for shard in (0, 1)}
    assert all(by_shard.values()), by_shard  # members on both shards
    for member in members:
        await give_due_questions(world, member, count=1)
        await want_reminders(world, member)
    env = {
        "DATABASE_URL": world.database_url,
        "QUIZBOT_QUIZ_DIR": str(PACKS),
        "QUIZBOT_LOG_LEVEL": "INFO",
        "QUIZBOT_SHARD_COUNT": str(SHARDS),
        "QUIZBOT_SHARD_LEASE_S": "5",
        "QUIZBOT_REDIS_URL": await need_redis(),  # the two share one request budget
    }
    with log_file(tmp_path, "bots") as log:
        bots = {
            shard: await BotProcess.start(
                world.standin.url, env | {"QUIZBOT_SHARDS": str(shard)}, log
            )
            for shard in (0, 1)
        }
        try:
            await asyncio.gather(*(bot.wait_ready() for bot in bots.values()))
            for member in members:
                await wait_for_dm(world, member)

            def both_passed() -> bool:
                done = "reminders: pass 1 done"
                return all(any(done in line for line in b.lines) for b in bots.values())

            await world.standin.wait_for(both_passed, TIMEOUT)
        finally:
            await asyncio.gather(*(bot.stop() for bot in bots.values()))
    for member in members:
        assert len(await dms(world, member)) == 1
    rows = await reminder_rows(world)
    assert sorted(row.member_id for row in rows) == sorted(members)
    assert {row.state for row in rows} == {"sent"}
    pids = {row.member_id: int(row.claimed_by.split(":")[1]) for row in rows}
    for shard, bot in bots.items():
        assert {pids[m] for m in by_shard[shard]} == {bot.process.pid}
