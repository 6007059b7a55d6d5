"""Which question a round's button means, without a round query per click.

A round's pack, its version and its question order are fixed when the round starts, so each
process reads them once per round and keeps them. Whether that question is still open is not
cached: the answer's own transaction decides that at the database.
"""

from __future__ import annotations

import asyncio
import weakref
from collections import OrderedDict
from dataclasses import dataclass

from sqlalchemy import select

from bot.storage.database import Database
from bot.storage.models import RoundRow

ROUNDS_KEPT = 256  # rounds running at once in one process, with room to spare


@dataclass(frozen=True, slots=True)
class Order:
    pack_id: str
    question_ids: tuple[str, ...]
    version_id: int | None = None


@dataclass(frozen=True, slots=True)
class RoundQuestion:
    pack_id: str
    question_id: str
    version_id: int | None = None  # the server pack's version the round plays


class QuestionOrders:
    """The question orders of recently clicked rounds, read once each."""

    def __init__(self, db: Database) -> None:
        self._db = db
        # A future per round, so the first burst of clicks on a round shares one read.
        self._orders: OrderedDict[int, asyncio.Future[Order | None]] = OrderedDict()

    async def question(self, round_id: int, index: int) -> RoundQuestion | None:
        """Question ``index`` of the round; None if the round or question is unknown."""
        order = await self._order(round_id)
        if order is None or not 0 <= index < len(order.question_ids):
            return None
        return RoundQuestion(order.pack_id, order.question_ids[index], order.version_id)

    async def _order(self, round_id: int) -> Order | None:
        known = self._orders.get(round_id)
        if known is None:
            known = asyncio.ensure_future(self._read(round_id))
            self._orders[round_id] = known
            while len(self._orders) > ROUNDS_KEPT:
                self._orders.popitem(last=False)
        else:
            self._orders.move_to_end(round_id)
        try:
            return await asyncio.shield(known)
        except Exception:
            self._orders.pop(round_id, None)  # a failed read is not remembered
            raise

    async def _read(self, round_id: int) -> Order | None:
        async with self._db.read() as connection:
            row = (
                await connection.execute(
                    select(
                        RoundRow.pack_id, RoundRow.question_order, RoundRow.pack_version_id
                    ).where(RoundRow.id == round_id)
                )
            ).one_or_none()
        if row is None:
            self._orders.pop(round_id, None)  # a round not (yet) visible here may appear later
            return None
        return Order(row.pack_id, tuple(row.question_order), row.pack_version_id)


_BY_DATABASE: weakref.WeakKeyDictionary[Database, QuestionOrders] = weakref.WeakKeyDictionary()


def question_orders(db: Database) -> QuestionOrders:
    """The process's cache for ``db`` (one per database handle)."""
    orders = _BY_DATABASE.get(db)
    if orders is None:
        orders = _BY_DATABASE[db] = QuestionOrders(db)
    return orders
