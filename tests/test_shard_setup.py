"""Shard settings the real `quizbot run` refuses, each with one line naming the setting: split
shards on SQLite, and listed shards beyond the count Discord recommends for `auto`."""

from __future__ import annotations

import uuid
from pathlib import Path

from standin.config import Limits, StandInConfig
from standin.driver import StandInClient
from tests.commands import TOKEN, quizbot, quizbot_async, with_packs
from tests.databases import POSTGRES_URL, admin, need_postgres_here, with_database
from tests.redis_server import need_redis


def test_split_shards_are_refused_on_sqlite(tmp_path: Path) -> None:
    outcome = quizbot(
        "run",
        "--shards",
        "0-1",
        "--shard-count",
        "4",
        cwd=with_packs(tmp_path),
        DISCORD_TOKEN=TOKEN,
        QUIZBOT_REDIS_URL="redis://127.0.0.1:6379/0",
    )
    assert outcome.status == 2, outcome.everything
    (failure,) = outcome.failures
    assert failure.startswith("DATABASE_URL: several processes serving one bot")
    assert "Traceback" not in outcome.everything


async def test_listed_shards_beyond_discords_count_are_refused(tmp_path: Path) -> None:
    await need_postgres_here()
    name = f"test_h1_setup_{uuid.uuid4().hex[:8]}"
    await admin(f'CREATE DATABASE "{name}"')
    config = StandInConfig(limits=Limits(recommended_shards=4))
    try:
        async with StandInClient.start(config=config) as standin:
            outcome = await quizbot_async(
                *("run", "--discord-url", standin.url, "--shards", "2-5", "--shard-count", "auto"),
                cwd=with_packs(tmp_path),
                DISCORD_TOKEN=TOKEN,
                DATABASE_URL=with_database(POSTGRES_URL, name),
                QUIZBOT_REDIS_URL=await need_redis(),
            )
    finally:
        await admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    assert outcome.status == 2, outcome.everything
    assert outcome.failures == [
        "QUIZBOT_SHARDS: shards 4, 5 are outside 0-3 (Discord recommends 4; shard ids start at 0)"
    ]
