"""Rows written in bulk (``dialects.write_bulk``, the settle's path) are stored exactly as
SQLAlchemy stores them, on SQLite and PostgreSQL: a card reviewed at a whole second is found
again by a condition on that time, as the fits' and reviews' conditional card updates look for
it (on SQLite the driver alone wrote "13:00:00" where SQLAlchemy writes "13:00:00.000000")."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import Connection, select

from bot.storage.database import Database
from bot.storage.models import CardRow, ReviewLogRow
from bot.storage.review.cards import REVIEW_SOURCE, CardReview, review_cards
from tests.storage.factories import seeded

WHOLE_SECOND = datetime(2027, 5, 7, 13, 0, tzinfo=UTC)


async def test_a_time_written_in_bulk_is_found_by_that_time(db: Database) -> None:
    review = CardReview(
        member_id=5,
        pack_id="basics",
        question_id="q0",
        correct=False,
        guess_space=4,
        response_ms=1500,
        reviewed_at=WHOLE_SECOND,
        source=REVIEW_SOURCE,
    )

    def write(connection: Connection) -> None:
        review_cards(connection, db.dialect, [review], seeded(0))

    await db.run_in_transaction(write)
    async with db.read() as connection:
        card = await connection.scalar(
            select(CardRow.last_review).where(CardRow.last_review == WHOLE_SECOND)
        )
        logged = await connection.scalar(
            select(ReviewLogRow.reviewed_at).where(ReviewLogRow.reviewed_at == WHOLE_SECOND)
        )
    assert (card, logged) == (WHOLE_SECOND, WHOLE_SECOND)
