"""Serving some of the bot's shards beside other processes: leases held by heartbeat, shards
taken over when their process dies, and IDENTIFY paced across processes.

Leases live in the database (bot/storage/shards/leases.py); which shards to take is the domain's
decision (bot.quiz.shards.serving.shards_to_hold). The conductor and the reminders ask
`serves_guild` and `serves_direct_messages` before they act, so each round is conducted where its
shard is."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from datetime import datetime

from bot.app.kit.retry import describe
from bot.app.reminders.loop import worker_name
from bot.quiz.shards.serving import ShardIds, shard_of, shards_to_hold
from bot.storage.database import Database
from bot.storage.shards import leases
from bot.storage.shards.identify_locks import identify_engine, identify_lock

log = logging.getLogger(__name__)

IDENTIFY_WINDOW_S = 5.0  # Discord takes max_concurrency IDENTIFYs per 5 s (per bucket)
HEARTBEATS_PER_LEASE = 3  # a lease survives two missed renewals

ShardsChanged = Callable[[frozenset[int]], None]


class ShardKeeper:
    """The shards this process holds, kept by heartbeat; ``wanted`` None: as many as it may."""

    def __init__(
        self,
        db: Database,
        clock: Callable[[], datetime],
        *,
        shard_count: int,
        wanted: ShardIds | None,
        share: int | None = None,
        lease_s: float = 30.0,
    ) -> None:
        self._db = db
        self._clock = clock
        self.shard_count = shard_count
        self._wanted = wanted
        self._share = share or shard_count
        self.lease_s = lease_s
        self.owner = worker_name()
        self.held: frozenset[int] = frozenset()
        self._started_at = clock()
        self._task: asyncio.Task[None] | None = None

    @property
    def interval_s(self) -> float:
        return self.lease_s / HEARTBEATS_PER_LEASE

    def serves_guild(self, guild_id: int) -> bool:
        return shard_of(guild_id, self.shard_count) in self.held

    def serves_direct_messages(self) -> bool:
        return 0 in self.held  # Discord sends direct messages to shard 0

    async def acquire(self) -> frozenset[int]:
        """Waits until this process holds its shards (listed: all of them; auto: at least one)."""
        waited = False
        while not await self._enough():
            if not waited:
                log.info("shards: waiting for %s (held by a live process)", self._waiting_for())
                waited = True
            await asyncio.sleep(self.interval_s)
        log.info("shards: holding %s of %d", _listed(self.held), self.shard_count)
        return self.held

    async def _enough(self) -> bool:
        await self.keep()
        return bool(self.held) and (self._wanted is None or self.held >= set(self._wanted))

    def _waiting_for(self) -> str:
        if self._wanted is None:
            return "a free shard"
        return _listed(frozenset(self._wanted) - self.held)

    async def keep(self) -> frozenset[int]:
        """One heartbeat: renews the leases, takes what is due; the shards newly held."""
        now = self._clock()
        before = self.held
        count, lease_s = self.shard_count, self.lease_s
        renewed = await leases.renew(self._db, self.owner, count, now, lease_s)
        lost = before - renewed
        if lost:
            log.warning("shards: lost %s to another process (lease expired)", _listed(lost))
        target = await self._target(now)
        won = await leases.claim(
            self._db, self.owner, count, target - renewed, now=now, lease_s=lease_s
        )
        self.held = renewed | won
        return self.held - before

    async def _target(self, now: datetime) -> frozenset[int]:
        if self._wanted is not None:
            return frozenset(self._wanted)
        by_shard = await leases.leases(self._db, self.shard_count)
        return shards_to_hold(
            shard_count=self.shard_count,
            me=self.owner,
            leases=by_shard,
            now=now,
            started_at=self._started_at,
            share=self._share,
        )

    def start(self, on_gained: ShardsChanged, on_lost: ShardsChanged) -> None:
        """Heartbeats from now on; ``on_gained`` connects the shards taken over, ``on_lost``
        disconnects those another process took."""
        if self._task is None:
            self._task = asyncio.create_task(self._beat(on_gained, on_lost), name="shard-leases")

    async def _beat(self, on_gained: ShardsChanged, on_lost: ShardsChanged) -> None:
        while True:
            await asyncio.sleep(self.interval_s)
            before = self.held
            try:
                gained = await self.keep()
            except Exception as error:  # noqa: BLE001  # the database is away: next beat
                log.warning("shards: could not renew the leases (%s)", describe(error))
                continue
            if before - self.held:
                on_lost(before - self.held)
            if gained:
                log.info("shards: took over %s", _listed(gained))
                on_gained(gained)

    async def shutdown(self) -> None:
        """Stops the heartbeat and hands the shards back at once."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        with contextlib.suppress(Exception):  # unreleased leases expire on their own
            await leases.release(self._db, self.owner, self.shard_count, self._clock())


class IdentifyGate:
    """At most ``max_concurrency`` IDENTIFYs per 5 s across every process of the bot.

    Shard ``s`` identifies in bucket ``s % max_concurrency``; a PostgreSQL advisory lock per
    bucket, held in a transaction for the 5-s window after it is taken, makes other processes'
    shards of that bucket wait their turn, and is let go by the database if the process dies.
    """

    def __init__(
        self, db: Database, max_concurrency: int, window_s: float = IDENTIFY_WINDOW_S
    ) -> None:
        self._engine = identify_engine(db)
        self._max_concurrency = max(max_concurrency, 1)
        self._window_s = window_s
        self._holds: set[asyncio.Task[None]] = set()

    async def before_identify(self, shard_id: int) -> None:
        bucket = shard_id % self._max_concurrency
        taken = asyncio.Event()
        hold = asyncio.create_task(self._hold(bucket, taken), name=f"identify-{bucket}")
        self._holds.add(hold)
        hold.add_done_callback(self._holds.discard)
        waiting = asyncio.create_task(taken.wait())
        await asyncio.wait({hold, waiting}, return_when=asyncio.FIRST_COMPLETED)
        waiting.cancel()
        if not taken.is_set():  # the database is away: keep Discord's pace alone
            failure = None if hold.cancelled() else hold.exception()
            reason = "cancelled" if failure is None else describe(failure)
            log.warning("shards: identify lock unavailable (%s)", reason)
            await asyncio.sleep(self._window_s)

    async def _hold(self, bucket: int, taken: asyncio.Event) -> None:
        async with identify_lock(self._engine, bucket):
            taken.set()
            await asyncio.sleep(self._window_s)

    async def close(self) -> None:
        for hold in list(self._holds):
            hold.cancel()
        await asyncio.gather(*self._holds, return_exceptions=True)
        await self._engine.dispose()


def _listed(shards: frozenset[int]) -> str:
    return ", ".join(map(str, sorted(shards))) or "none"
