"""Snowflake ids whose timestamps advance by one millisecond per id.

Sharding uses `(guild_id >> 22) % shard_count`, the id's timestamp: ids made one after another
therefore land on different shards, as ids made at different times do on Discord.
"""

from __future__ import annotations

import datetime as dt

DISCORD_EPOCH_MS = 1_420_070_400_000


class Snowflakes:
    def __init__(self, start: dt.datetime) -> None:
        self._ms = int(start.timestamp() * 1000) - DISCORD_EPOCH_MS

    def next(self) -> int:
        self._ms += 1
        return self._ms << 22


def created_at(snowflake: int) -> dt.datetime:
    return dt.datetime.fromtimestamp(((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000, dt.UTC)


def shard_of(guild_id: int, shard_count: int) -> int:
    return (guild_id >> 22) % shard_count
