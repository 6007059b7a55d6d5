"""The servers one process serves, described by its shards rather than listed.

A process serves the servers on the shards it holds: ``shard_of(guild_id, shard_count)`` among
``held``. The storage turns that into a small SQL predicate, the same for 10 servers as for
40,000 (bot/storage/dialects.py); a list of every served server's id would be a parameter
per server. Member ids are snowflakes too: the same rule splits members among the processes (the
reminders).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.quiz.shards.serving import shard_of


@dataclass(frozen=True, slots=True)
class ServedShards:
    """The shards ``held`` out of ``shard_count``; one shard of one: a process that serves all."""

    shard_count: int = 1
    held: frozenset[int] = frozenset({0})

    @classmethod
    def of(cls, shard_count: int, held: Iterable[int]) -> ServedShards:
        return cls(shard_count, frozenset(s for s in held if 0 <= s < shard_count))

    @property
    def every_shard(self) -> bool:
        """True when this process serves every server (no predicate needed)."""
        return len(self.held) == self.shard_count

    @property
    def none(self) -> bool:
        return not self.held

    def serves(self, snowflake: int) -> bool:
        """Whether the server (or member) of this id is on a shard held here."""
        return shard_of(snowflake, self.shard_count) in self.held


EVERY_SHARD = ServedShards()
