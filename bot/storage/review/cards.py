"""Applying FSRS reviews to stored cards: load, let ``fsrs`` schedule, write back and log."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, tzinfo
from random import Random
from typing import TYPE_CHECKING, Any, TypeAlias

from sqlalchemy import ColumnElement, Row, select

from bot.quiz.packs.server_packs import guild_of
from bot.quiz.review import fitting, leeches, retention, scheduling, targets
from bot.quiz.review.study_days import StudyDays
from bot.quiz.zones import zone_or_utc
from bot.storage.dialects import Insert, bulk_insert, covering, insert_for, one_of, write_bulk
from bot.storage.models import cards_table, member_settings_table, review_logs_table
from bot.storage.results import MemberSettings
from bot.storage.review.fitting import FittedWeights, fitted_weights
from bot.storage.settings.pack_retention import TargetsWanted, targets_of

if TYPE_CHECKING:
    from sqlalchemy import Connection

ROUND_SOURCE = "round"
REVIEW_SOURCE = "review"
# The policy the learning benchmark measures (bench/learning runs scheduling.review with it);
# the retention that applies to a card replaces its desired retention (bot.quiz.review.targets).
POLICY = scheduling.make_policy()

CardKey: TypeAlias = tuple[int, str, str]


@dataclass(frozen=True, slots=True)
class CardReview:
    member_id: int
    pack_id: str
    question_id: str
    correct: bool
    guess_space: int  # what a guess picks among: a right pick may be a guess (0: typed)
    response_ms: int
    reviewed_at: datetime
    source: str
    typo: bool = False  # right only because a typo was forgiven: rated Hard
    guild_id: int | None = None  # where it is given (None: a DM): whose pack default applies

    @property
    def key(self) -> CardKey:
        return (self.member_id, self.pack_id, self.question_id)

    @property
    def deciding_server(self) -> int | None:
        """The server whose default for the pack may decide the card's target."""
        return targets.deciding_server(guild_of(self.pack_id), self.guild_id)


@dataclass(slots=True)
class _CardState:
    card: scheduling.Card
    introduced_at: datetime
    introduced_by: str
    lapses: int = 0


@dataclass(frozen=True, slots=True)
class CardsBefore:
    """What a batch of reviews starts from: its stored cards and its members as learners."""

    states: dict[CardKey, _CardState]
    learners: dict[int, _Learner]


@dataclass(frozen=True, slots=True)
class ScheduledCards:
    """A batch of reviews applied: the cards as they end up, and the review log's rows."""

    states: dict[CardKey, _CardState]
    logs: list[dict[str, object]]

    @property
    def cards(self) -> dict[CardKey, scheduling.Card]:
        return {key: state.card for key, state in self.states.items()}


def review_cards(
    connection: Connection, dialect: str, reviews: Sequence[CardReview], rng: Random
) -> dict[CardKey, scheduling.Card]:
    """Apply ``reviews`` in order (a card may be reviewed twice); the cards as they end up.

    ``rng`` fuzzes their review intervals."""
    if not reviews:
        return {}
    scheduled = schedule_cards(load_cards(connection, reviews), reviews, rng)
    write_cards(connection, dialect, scheduled)
    return scheduled.cards


def load_cards(connection: Connection, reviews: Sequence[CardReview]) -> CardsBefore:
    """The stored cards and the learners ``reviews`` need, read in the caller's transaction."""
    states = _load(connection, {review.key for review in reviews})
    return CardsBefore(states, _learners(connection, reviews))


def schedule_cards(
    before: CardsBefore, reviews: Sequence[CardReview], rng: Random
) -> ScheduledCards:
    """``reviews`` applied in order to the cards of ``before`` (whose states it takes over):
    no database, so a large batch can be scheduled away from the event loop."""
    states = before.states
    logs = [_apply(states, review, before.learners[review.member_id], rng) for review in reviews]
    return ScheduledCards({review.key: states[review.key] for review in reviews}, logs)


def write_cards(connection: Connection, dialect: str, scheduled: ScheduledCards) -> None:
    """The scheduled cards and their review log written, in bulk."""
    cards = [tuple(row[name] for name in _CARD_COLUMNS) for row in _rows(scheduled.states)]
    logs = [tuple(row[name] for name in _LOG_COLUMNS) for row in scheduled.logs]
    write_bulk(connection, _upsert(dialect, bulk=True), _CARD_COLUMNS, cards)
    write_bulk(connection, _insert_logs(dialect), _LOG_COLUMNS, logs)


def review_card_as_shown(
    connection: Connection,
    dialect: str,
    review: CardReview,
    shown_last_review: datetime | None,
    rng: Random,
) -> scheduling.Card | None:
    """Apply ``review`` only if the card is still as it was shown: last reviewed at
    ``shown_last_review`` (None: no card yet); the card as it ends up, or None if it had
    changed (answered since, by another click, say), in which case nothing is written.

    The write itself is conditional on it (an upsert whose update has a WHERE), so of two
    concurrent answers to one shown card only one is applied, on SQLite and PostgreSQL alike.
    """
    states = _load(connection, {review.key})
    found = states.get(review.key)
    if (found.card.last_review if found else None) != shown_last_review:
        return None
    log = _apply(states, review, _learners(connection, [review])[review.member_id], rng)
    last_review = cards_table.c.last_review
    # An existing card always has a last review, so "no card yet" matches no existing row.
    unchanged = (
        last_review.is_(None) if shown_last_review is None else last_review == shown_last_review
    )
    (row,) = _rows({review.key: states[review.key]})
    written = connection.execute(
        _upsert(dialect, unchanged).returning(last_review), row
    ).one_or_none()
    if written is None:
        return None
    connection.execute(review_logs_table.insert(), [log])
    return states[review.key].card


# A member's time zone and days off, as _learners reads them.
_SettingsRow: TypeAlias = Row[Any, Any, Any, Any, Any]


@dataclass(frozen=True, slots=True)
class _Learner:
    zone: tzinfo  # their calendar days count for FSRS
    targets: targets.Targets  # their desired retentions, and the servers' pack defaults
    weights: FittedWeights  # fitted to them, or pooled over a pack (bot/storage/review/fitting.py)
    member_id: int
    study_days: StudyDays | None = None  # days off their due days avoid; None: none

    def policy_for(self, review: CardReview) -> scheduling.Policy:
        """The policy of the review's card: the target that applies to it, their weights."""
        percent = self.targets.percent_for(review.pack_id, review.deciding_server)
        policy = retention.policy_for(percent, POLICY)
        return fitting.policy_with(policy, self.weights.of(self.member_id, review.pack_id))


def _learners(connection: Connection, reviews: Sequence[CardReview]) -> dict[int, _Learner]:
    """Each member's time zone, targets and fitted weights; UTC and the defaults for one who
    has none."""
    member_ids = {review.member_id for review in reviews}
    weights = fitted_weights(connection, member_ids, {review.pack_id for review in reviews})
    c = member_settings_table.c
    rows = connection.execute(
        select(c.member_id, c.time_zone, c.easy_days, c.away_from, c.away_until).where(
            one_of(connection.dialect.name, c.member_id, member_ids)
        )
    )
    found = {row.member_id: row for row in rows}
    server_packs = {
        (server, review.pack_id)
        for review in reviews
        if (server := review.deciding_server) is not None
    }
    wanted = targets_of(connection, TargetsWanted(member_ids, server_packs))
    return {
        member_id: _learner(found.get(member_id), wanted[member_id], weights, member_id)
        for member_id in member_ids
    }


def _learner(
    row: _SettingsRow | None, wanted: targets.Targets, weights: FittedWeights, member_id: int
) -> _Learner:
    """A member as their settings row has them (None: they set nothing)."""
    if row is None:
        return _Learner(zone_or_utc(MemberSettings(0).time_zone), wanted, weights, member_id)
    days = MemberSettings(
        member_id, easy_days=row.easy_days, away_from=row.away_from, away_until=row.away_until
    ).study_plan.study_days
    off = days if days.easy_weekdays or days.away is not None else None
    return _Learner(zone_or_utc(row.time_zone), wanted, weights, member_id, off)


def _apply(
    states: dict[CardKey, _CardState], review: CardReview, learner: _Learner, rng: Random
) -> dict[str, object]:
    """Review the card of ``review`` in ``states`` (a new one if it has none) for ``learner``;
    its log row."""
    state = states.get(review.key) or _CardState(
        scheduling.new_card(review.reviewed_at), review.reviewed_at, review.source
    )
    state.lapses = leeches.lapses_after(state.lapses, state.card, correct=review.correct)
    state.card, log = scheduling.review(
        learner.policy_for(review),
        state.card,
        correct=review.correct,
        guess_space=review.guess_space,
        reviewed_at=review.reviewed_at,
        zone=learner.zone,
        response_ms=review.response_ms,
        rng=rng,
        typo=review.typo,
        study_days=learner.study_days,
    )
    states[review.key] = state
    return (
        {"member_id": review.member_id, "pack_id": review.pack_id}
        | {"question_id": review.question_id, "rating": int(log.rating)}
        | {"reviewed_at": review.reviewed_at, "duration_ms": review.response_ms}
        | {"source": review.source}
    )


def _load(connection: Connection, keys: set[CardKey]) -> dict[CardKey, _CardState]:
    c = cards_table.c
    columns = (c.member_id, c.pack_id, c.question_id)
    query = select(cards_table).where(covering(columns, keys, connection.dialect.name))
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
    return _CardState(card, row.introduced_at, row.introduced_by, row.lapses)


_CARD_COLUMNS = (
    *("member_id", "pack_id", "question_id", "state", "step", "stability", "difficulty"),
    *("due", "last_review", "introduced_at", "introduced_by", "lapses"),
)
_LOG_COLUMNS = (
    *("member_id", "pack_id", "question_id", "rating", "reviewed_at", "duration_ms", "source"),
)


def _insert_logs(dialect: str) -> Insert:
    return bulk_insert(dialect, review_logs_table, _LOG_COLUMNS)


def _upsert(
    dialect: str, where: ColumnElement[bool] | None = None, *, bulk: bool = False
) -> Insert:
    """Cards inserted, or their schedule updated if they exist (and match ``where``); with
    ``bulk``, for ``write_bulk``."""
    c = cards_table.c
    insert = (
        bulk_insert(dialect, cards_table, _CARD_COLUMNS)
        if bulk
        else insert_for(dialect, cards_table)
    )
    scheduled = ("state", "step", "stability", "difficulty", "due", "last_review", "lapses")
    return insert.on_conflict_do_update(
        index_elements=[c.member_id, c.pack_id, c.question_id],
        set_={name: insert.excluded[name] for name in scheduled},
        where=where,
    )


def _rows(states: dict[CardKey, _CardState]) -> list[dict[str, object]]:
    return [
        {"member_id": key[0], "pack_id": key[1], "question_id": key[2]}
        | {"state": int(s.card.state), "step": s.card.step, "stability": s.card.stability}
        | {"difficulty": s.card.difficulty, "due": s.card.due, "last_review": s.card.last_review}
        | {"introduced_at": s.introduced_at, "introduced_by": s.introduced_by}
        | {"lapses": s.lapses}
        for key, s in sorted(states.items())
    ]
