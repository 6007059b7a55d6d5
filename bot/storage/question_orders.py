"""What a round's buttons need to know of their round, without a round query per click.

A round's pack, its version, question order, server and channel are fixed when the round
starts, so each process reads them once per round and keeps them, with the ids of the round's
messages that Discord had confirmed by then (``question:3``, ``standings``). A message
confirmed later is picked up by reading the round again when a click asks for it
(``round(..., posted=...)``). Whether a question is still open is not cached: the answer's
own transaction decides that at the database.
"""

from __future__ import annotations

import asyncio
import weakref
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy import select

from bot.storage.database import Database
from bot.storage.models import RoundMessageRow, RoundRow

ROUNDS_KEPT = 256  # rounds running at once in one process, with room to spare


@dataclass(frozen=True, slots=True)
class RoundRead:
    """A round as its buttons see it; ``message_ids`` by purpose, as confirmed when read."""

    pack_id: str
    question_ids: tuple[str, ...]
    guild_id: int
    channel_id: int
    message_ids: Mapping[str, int]
    version_id: int | None = None  # the server pack's version the round plays

    def question_id(self, index: int) -> str | None:
        return self.question_ids[index] if 0 <= index < len(self.question_ids) else None


class QuestionOrders:
    """The rounds of recent clicks, each read once (and again for a message posted since)."""

    def __init__(self, db: Database) -> None:
        self._db = db
        # A future per round, so the first burst of clicks on a round shares one read.
        self._rounds: OrderedDict[int, asyncio.Future[RoundRead | None]] = OrderedDict()

    async def round(self, round_id: int, *, posted: str | None = None) -> RoundRead | None:
        """The round; None if there is none. With ``posted`` (a message's purpose), a copy read
        before that message was confirmed is read again, once for every caller waiting."""
        read = await self._cached(round_id)
        if read is None or posted is None or posted in read.message_ids:
            return read
        current = self._rounds.get(round_id)
        if current is not None and _holds(current, read):  # nobody has begun a new read yet
            del self._rounds[round_id]
        return await self._cached(round_id)

    async def _cached(self, round_id: int) -> RoundRead | None:
        known = self._rounds.get(round_id)
        if known is None:
            known = asyncio.ensure_future(self._read(round_id))
            self._rounds[round_id] = known
            while len(self._rounds) > ROUNDS_KEPT:
                self._rounds.popitem(last=False)
        else:
            self._rounds.move_to_end(round_id)
        try:
            return await asyncio.shield(known)
        except Exception:
            if self._rounds.get(round_id) is known:
                del self._rounds[round_id]  # a failed read is not remembered
            raise

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
            self._rounds.pop(round_id, None)  # a round not (yet) visible here may appear later
            return None
        return RoundRead(
            row.pack_id,
            tuple(row.question_order),
            row.guild_id,
            row.channel_id,
            message_ids,
            row.pack_version_id,
        )


def _holds(future: asyncio.Future[RoundRead | None], read: RoundRead) -> bool:
    """Whether ``future`` is the finished read that gave ``read``."""
    return (
        future.done()
        and not future.cancelled()
        and future.exception() is None
        and future.result() is read
    )


_BY_DATABASE: weakref.WeakKeyDictionary[Database, QuestionOrders] = weakref.WeakKeyDictionary()


def question_orders(db: Database) -> QuestionOrders:
    """The process's cache for ``db`` (one per database handle)."""
    orders = _BY_DATABASE.get(db)
    if orders is None:
        orders = _BY_DATABASE[db] = QuestionOrders(db)
    return orders
