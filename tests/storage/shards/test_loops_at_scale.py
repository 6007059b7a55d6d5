"""The background loops' per-server queries with 40,000 servers on a process's shards: each runs
(no parameter per server, where an IN list of 40,000 ids is more than asyncpg takes) and finds
exactly the rows of the servers on those shards; the claims take each row once."""

from __future__ import annotations

import pytest

from bench.loops.servers import PASSES, fill, server_id
from bot.quiz.shards.served import ServedShards
from bot.quiz.shards.serving import shard_of
from bot.storage.database import Database

SERVERS = 40_000
SHARDS = 4
HELD = ServedShards.of(SHARDS, {0, 1, 2})
CLAIMS = ("rewards_claim_grants", "seasons_claim_standings", "schedules_take_notes")


@pytest.mark.timeout(300)
async def test_each_loop_query_finds_the_rows_of_its_shards_servers(db: Database) -> None:
    await fill(db, SERVERS, owed=True)
    served = sum(1 for i in range(SERVERS) if shard_of(server_id(i), SHARDS) in HELD.held)
    assert 29_000 < served < 31_000  # more than 32,767 servers in all, three quarters here
    found = {name: await each(db, HELD) for name, each in PASSES.items()}
    assert found == dict.fromkeys(PASSES, served)
    rest = ServedShards.of(SHARDS, {3})
    for name in CLAIMS:  # taken once: the other shard's process finds only its own
        assert await PASSES[name](db, HELD) == 0
        assert await PASSES[name](db, rest) == SERVERS - served
    assert await PASSES["schedules_active"](db, ServedShards.of(SHARDS, ())) == 0
