"""Applying FSRS reviews to stored cards: load, let ``fsrs`` schedule, write back and log."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from random import Random
from typing import TYPE_CHECKING, Any, TypeAlias

from sqlalchemy import Row, select

from bot.quiz import scheduling
from bot.storage.dialects import covering, insert_for
from bot.storage.models import cards_table, review_logs_table

if TYPE_CHECKING:
    from sqlalchemy import Connection

ROUND_SOURCE = "round"
REVIEW_SOURCE = "review"
SCHEDULER = scheduling.make_scheduler()

CardKey: TypeAlias = tuple[int, str, str]


@dataclass(frozen=True, slots=True)
class CardReview:
    member_id: int
    pack_id: str
    question_id: str
    correct: bool
    option_count: int  # how many options the question showed: a right pick may be a guess
    response_ms: int
    reviewed_at: datetime
    source: str

    @property
    def key(self) -> CardKey:
        return (self.member_id, self.pack_id, self.question_id)


@dataclass(slots=True)
class _CardState:
    card: scheduling.Card
    introduced_at: datetime
    introduced_by: str


def review_cards(
    connection: Connection, dialect: str, reviews: Sequence[CardReview], rng: Random
) -> dict[CardKey, scheduling.Card]:
    """Apply ``reviews`` in order (a card may be reviewed twice); the cards as they end up.

    ``rng`` fuzzes their review intervals."""
    if not reviews:
        return {}
    states = _load(connection, {review.key for review in reviews})
    logs: list[dict[str, object]] = []
    for review in reviews:
        state = states.get(review.key) or _CardState(
            scheduling.new_card(review.reviewed_at), review.reviewed_at, review.source
        )
        state.card, log = scheduling.review(
            SCHEDULER,
            state.card,
            correct=review.correct,
            option_count=review.option_count,
            reviewed_at=review.reviewed_at,
            response_ms=review.response_ms,
            rng=rng,
        )
        states[review.key] = state
        logs.append(
            {"member_id": review.member_id, "pack_id": review.pack_id}
            | {"question_id": review.question_id, "rating": int(log.rating)}
            | {"reviewed_at": review.reviewed_at, "duration_ms": review.response_ms}
            | {"source": review.source}
        )
    touched = {review.key: states[review.key] for review in reviews}
    _save(connection, dialect, touched)
    connection.execute(review_logs_table.insert(), logs)
    return {key: state.card for key, state in touched.items()}


def _load(connection: Connection, keys: set[CardKey]) -> dict[CardKey, _CardState]:
    c = cards_table.c
    query = select(cards_table).where(covering((c.member_id, c.pack_id, c.question_id), keys))
    rows = connection.execute(query)
    found = {(row.member_id, row.pack_id, row.question_id): row for row in rows}
    return {key: _state_of(row) for key, row in found.items() if key in keys}


def _state_of(row: Row[Any]) -> _CardState:
    card = scheduling.Card(
        card_id=0,
        state=scheduling.State(row.state),
        step=row.step,
        stability=row.stability,
        difficulty=row.difficulty,
        due=scheduling.as_utc(row.due),
        last_review=None if row.last_review is None else scheduling.as_utc(row.last_review),
    )
    return _CardState(card, row.introduced_at, row.introduced_by)


def _save(connection: Connection, dialect: str, states: dict[CardKey, _CardState]) -> None:
    c = cards_table.c
    insert = insert_for(dialect, cards_table)
    scheduled = ("state", "step", "stability", "difficulty", "due", "last_review")
    statement = insert.on_conflict_do_update(
        index_elements=[c.member_id, c.pack_id, c.question_id],
        set_={name: insert.excluded[name] for name in scheduled},
    )
    rows = [
        {"member_id": key[0], "pack_id": key[1], "question_id": key[2]}
        | {"state": int(s.card.state), "step": s.card.step, "stability": s.card.stability}
        | {"difficulty": s.card.difficulty, "due": s.card.due, "last_review": s.card.last_review}
        | {"introduced_at": s.introduced_at, "introduced_by": s.introduced_by}
        for key, s in sorted(states.items())
    ]
    connection.execute(statement, rows)
