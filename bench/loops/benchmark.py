"""The background loops' per-server queries at many servers on one process's shards.

    python -m bench.loops [--database-url URL] [--served 12500] [--calls 50]

Fills a database with the rows of ``served / 3 * 4`` servers (bench/loops/servers.py: a grant,
a season, two schedules, an occurrence, a round and a member's reminder each, all done but a
handful) and measures, for a process holding 3 of 4 shards, the p50 and p99 of each query a
pass of the rewards, seasons, schedules, reminders loops and the round supervisor makes, as
that pass makes it (after its first call, a claim finds nothing left owed). Beside them, the
first look of the claims as it was before the shards' predicate: an ``IN`` list of every served
server's id. Prints a table, then one JSON line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from sqlalchemy import literal, select

from bench.loops.servers import PASSES, fill, server_id
from bot.quiz.shards.served import ServedShards
from bot.quiz.shards.serving import shard_of
from bot.storage.database import Database
from bot.storage.migrate import upgrade_async
from bot.storage.models import RewardGrantRow

SHARDS = 4
HELD = ServedShards.of(SHARDS, {0, 1, 2})


async def timed(call: Callable[[], Awaitable[object]], times: int) -> tuple[float, float]:
    """p50 and p99 of ``times`` calls, in milliseconds (after one call not counted)."""
    await call()
    samples = []
    for _ in range(times):
        start = time.perf_counter()
        await call()
        samples.append((time.perf_counter() - start) * 1000)
    cuts = statistics.quantiles(samples, n=100)
    return statistics.median(samples), cuts[98]


async def in_list_look(db: Database, guild_ids: list[int]) -> object:
    """The claims' first look before: every served server's id a parameter."""
    async with db.read() as connection:
        return await connection.scalar(
            select(literal(1))
            .where(
                RewardGrantRow.guild_id.in_(guild_ids),
                RewardGrantRow.given_at.is_(None),
                RewardGrantRow.failure.is_(None),
                RewardGrantRow.claimed_at.is_(None),
            )
            .limit(1)
        )


async def run(url: str, served: int, calls: int) -> dict[str, float]:
    servers = -(-served * SHARDS // len(HELD.held))
    await upgrade_async(url)
    db = Database.open(url)
    try:
        started = time.perf_counter()
        await fill(db, servers, owed=False)
        results = {"servers": float(servers), "fill_s": time.perf_counter() - started}
        mine = [server_id(i) for i in range(servers) if shard_of(server_id(i), SHARDS) < 3]
        results["served"] = float(len(mine))
        for name, each in PASSES.items():
            p50, p99 = await timed(lambda each=each: each(db, HELD), calls)  # type: ignore[misc]
            results[f"{name}_ms_p50"], results[f"{name}_ms_p99"] = p50, p99
        try:
            p50, p99 = await timed(lambda: in_list_look(db, mine), calls)
            results["before_in_list_look_ms_p50"], results["before_in_list_look_ms_p99"] = p50, p99
        except Exception:  # noqa: BLE001  # asyncpg refuses more than 32,767 parameters
            results["before_in_list_look_ms_p50"] = results["before_in_list_look_ms_p99"] = -1.0
    finally:
        await db.close()
    return results


def parser() -> argparse.ArgumentParser:
    parse = argparse.ArgumentParser(prog="python -m bench.loops", description=__doc__)
    parse.add_argument("--database-url", help="an empty database (default: a new SQLite file)")
    parse.add_argument("--served", type=int, default=12_500, help="servers on the held shards")
    parse.add_argument("--calls", type=int, default=50, help="timed calls of each query")
    return parse


def main() -> None:
    arguments = parser().parse_args()
    with tempfile.TemporaryDirectory() as directory:
        url = arguments.database_url or f"sqlite+aiosqlite:///{Path(directory) / 'loops.db'}"
        results = asyncio.run(run(url, arguments.served, arguments.calls))
    backend = url.split(":", 1)[0]
    print(f"{'metric':<44} {backend:>12}")
    for name, value in results.items():
        print(f"{name:<44} {value:>12.3f}")
    print(json.dumps({"benchmark": "loops", "backend": backend} | results))
