"""The answers benchmark with the bot in two processes, small: each process serves one of the
bot's two shards from one PostgreSQL database; every click is answered and every guild's
database answers hold (one per member and question, the first click's option)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.answers.benchmark import parser
from bench.answers.shards import measure_processes
from tests.databases import POSTGRES_URL, need_postgres_here
from tests.redis_server import need_redis

pytestmark = pytest.mark.e2e

MEMBERS = 30


async def test_two_processes_answer_every_click_of_both_guilds(tmp_path: Path) -> None:
    await need_postgres_here()
    flags = ["--members", str(MEMBERS), "--questions", "1", "--logs", str(tmp_path)]
    flags += ["--database-url", POSTGRES_URL, "--processes", "2"]
    flags += ["--redis-url", await need_redis()]
    result = await measure_processes(parser().parse_args(flags), tmp_path)
    assert result["processes"] == 2
    assert result["answers_expected"] == 2 * MEMBERS  # two guilds, one question, each member once
    assert result["answers_in_db"] == result["answers_expected"]
    assert result["answers_missing"] == result["answers_wrong_option"] == 0
    assert result["failed"] == 0
    assert result["per_s"] > 0
    assert result["bots_cpu_ms_per_click"] > 0
