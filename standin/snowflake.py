"""Snowflake ids whose timestamps are their creation time, as Discord's are (a message's
``created_at`` is when Discord took it), and at least one millisecond apart.

Sharding uses `(guild_id >> 22) % shard_count`, the id's timestamp: ids made one after another
therefore land on different shards, as ids made at different times do on Discord.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

DISCORD_EPOCH_MS = 1_420_070_400_000


class Snowflakes:
    def __init__(self, now: Callable[[], dt.datetime], start: dt.datetime | None = None) -> None:
        self._now = now
        self._ms = _discord_ms(start or now())

    def next(self) -> int:
        self._ms = max(self._ms + 1, _discord_ms(self._now()))
        return self._ms << 22


def _discord_ms(moment: dt.datetime) -> int:
    return int(moment.timestamp() * 1000) - DISCORD_EPOCH_MS


def at(moment: dt.datetime) -> int:
    """A snowflake with `moment` as its timestamp and nothing else (Discord's exception ids)."""
    return _discord_ms(moment) << 22


def created_at(snowflake: int) -> dt.datetime:
    return dt.datetime.fromtimestamp(((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000, dt.UTC)


def shard_of(guild_id: int, shard_count: int) -> int:
    return (guild_id >> 22) % shard_count
