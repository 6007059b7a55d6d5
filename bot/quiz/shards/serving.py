"""Which shards a process serves: the settings' forms, a guild's shard, and the lease decision.

Discord splits a bot's servers into shards by ``(guild_id >> 22) % shard_count``; each gateway
connection serves one shard. Several processes share the shards through leases in the database:
a lease names its owner and when it expires unless renewed.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Final, Literal

AUTO: Final = "auto"
MAX_SHARD_COUNT = 100_000  # far beyond any bot; a typo such as 10000000 is caught here

ShardIds = tuple[int, ...]


def shard_of(guild_id: int, shard_count: int) -> int:
    return (guild_id >> 22) % shard_count


def parse_shards(text: str) -> ShardIds | Literal["auto"]:
    """``0-3``, ``0,2,5``, ``0-1,4`` or ``auto``; ValueError says what to write instead."""
    text = text.strip().lower()
    if text == AUTO:
        return AUTO
    ids: set[int] = set()
    for part in text.split(","):
        first, dash, last = part.strip().partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise ValueError(
                f"{text!r} is not a list of shards; write a range such as 0-3, ids such as "
                "0,2,5, or auto"
            )
        low, high = int(first), int(last) if dash else int(first)
        if high < low:
            raise ValueError(f"the range {part.strip()} runs backwards; write {high}-{low}")
        ids.update(range(low, high + 1))
    return tuple(sorted(ids))


def parse_shard_count(text: str) -> int | Literal["auto"]:
    text = text.strip().lower()
    if text == AUTO:
        return AUTO
    if not text.isdigit() or not 1 <= int(text) <= MAX_SHARD_COUNT:
        raise ValueError(
            f"{text!r} is not a shard count; write a number from 1 to {MAX_SHARD_COUNT} or auto "
            "(Discord's recommendation)"
        )
    return int(text)


def shard_problems(
    shards: ShardIds, shard_count: int, counted: str = "QUIZBOT_SHARD_COUNT is"
) -> list[str]:
    """What is wrong with serving ``shards`` out of ``shard_count`` (``counted`` says whence)."""
    outside = [shard for shard in shards if shard >= shard_count]
    if outside:
        listed = ", ".join(map(str, outside))
        which = f"shards {listed} are" if len(outside) > 1 else f"shard {listed} is"
        return [
            (
                f"QUIZBOT_SHARDS: {which} outside 0-{shard_count - 1} "
                f"({counted} {shard_count}; shard ids start at 0)"
            )
        ]
    return []


@dataclass(frozen=True, slots=True)
class Lease:
    shard_id: int
    owner: str
    expires_at: datetime


def shards_to_hold(
    *,
    shard_count: int,
    me: str,
    leases: Mapping[int, Lease],
    now: datetime,
    started_at: datetime,
    share: int,
) -> frozenset[int]:
    """The shards a ``--shards auto`` process should hold after this pass.

    It keeps the live leases it has, takes free shards (never leased, or left by a process that
    died before this one started) up to its ``share``, and, beyond its share, shards whose owner
    died while this process was up (those rounds would otherwise wait for a restart): its part of
    them, split evenly among the live processes, which take the rest on their own passes.
    """
    mine = {s for s, lease in leases.items() if lease.owner == me and lease.expires_at > now}
    live = {lease.owner for lease in leases.values() if lease.expires_at > now} | {me}
    live_elsewhere = {
        s for s, lease in leases.items() if lease.owner != me and lease.expires_at > now
    }
    orphaned = sorted(
        s
        for s, lease in leases.items()
        if lease.owner != me and now >= lease.expires_at > started_at
    )
    part = math.ceil(len(orphaned) / len(live))
    place = sorted(live).index(me)  # each survivor its own slice, when they see the same leases
    rescued = set(orphaned[place * part : (place + 1) * part])
    free = [s for s in range(shard_count) if s not in mine | live_elsewhere | set(orphaned)]
    room = max(share - len(mine) - len(rescued), 0)
    return frozenset(mine | rescued | set(free[:room]))
