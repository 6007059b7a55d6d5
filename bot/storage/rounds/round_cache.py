"""The round cache: what a round's buttons need to know of their round, without a round query
per click.

A round's pack, its version, question order, teams, server and channel are fixed when the round
starts, so each process reads them once per round and keeps them, with the ids of the round's
messages that Discord had confirmed by then (``question:3``, ``standings``). A message
confirmed later is picked up by reading the round again when a click asks for it
(``round(..., posted=...)``). Whether a question is still open is not cached: the answer's
own transaction decides that at the database.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from dataclasses import dataclass

from cachetools import LRUCache
from sqlalchemy import select

from bot.cache import SharedReads
from bot.quiz.rounds.teams import TeamPlan
from bot.storage.database import Database
from bot.storage.models import RoundMessageRow, RoundRow
from bot.storage.models.rounds import plan_of

ROUNDS_KEPT = 256  # rounds running at once in one process, with room to spare


@dataclass(frozen=True, slots=True)
class RoundRead:
    """A round as its buttons see it; ``message_ids`` by purpose, as confirmed when read."""

    round_id: int
    pack_id: str
    question_ids: tuple[str, ...]
    guild_id: int
    channel_id: int
    message_ids: Mapping[str, int]
    version_id: int | None = None  # the server pack's version the round plays
    teams: TeamPlan | None = None  # a team round's teams

    def question_id(self, index: int) -> str | None:
        return self.question_ids[index] if 0 <= index < len(self.question_ids) else None


class RoundCache:
    """The rounds of recent clicks, each read once (and again for a message posted since)."""

    def __init__(self, db: Database) -> None:
        self._db = db
        # The first burst of clicks on a round shares one read; a round not (yet) visible here
        # is not kept, as it may appear later.
        self._rounds: SharedReads[int, RoundRead | None] = SharedReads(
            LRUCache(ROUNDS_KEPT), keep=lambda read: read is not None
        )

    async def round(self, round_id: int, *, posted: str | None = None) -> RoundRead | None:
        """The round; None if there is none. With ``posted`` (a message's purpose), a copy read
        before that message was confirmed is read again, once for every caller waiting."""
        read = await self._rounds.get(round_id, lambda: self._read(round_id))
        if read is None or posted is None or posted in read.message_ids:
            return read
        self._rounds.forget_if(round_id, read)  # unless another caller began a new read
        return await self._rounds.get(round_id, lambda: self._read(round_id))

    async def _read(self, round_id: int) -> RoundRead | None:
        async with self._db.read() as connection:
            row = (
                await connection.execute(
                    select(
                        RoundRow.pack_id,
                        RoundRow.question_order,
                        RoundRow.guild_id,
                        RoundRow.channel_id,
                        RoundRow.pack_version_id,
                        RoundRow.teams,
                    ).where(RoundRow.id == round_id)
                )
            ).one_or_none()
            messages = await connection.execute(
                select(RoundMessageRow.purpose, RoundMessageRow.message_id).where(
                    RoundMessageRow.round_id == round_id
                )
            )
            message_ids: dict[str, int] = dict(messages.all())
        if row is None:
            return None
        return RoundRead(
            round_id,
            row.pack_id,
            tuple(row.question_order),
            row.guild_id,
            row.channel_id,
            message_ids,
            row.pack_version_id,
            plan_of(row.teams),
        )


_BY_DATABASE: weakref.WeakKeyDictionary[Database, RoundCache] = weakref.WeakKeyDictionary()


def round_cache(db: Database) -> RoundCache:
    """The process's cache for ``db`` (one per database handle)."""
    cache = _BY_DATABASE.get(db)
    if cache is None:
        cache = _BY_DATABASE[db] = RoundCache(db)
    return cache
