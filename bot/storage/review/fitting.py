"""Fitted FSRS parameters in storage: who is due a fit, the history a fit reads, and its result.

A member's fit (``member_job``) reads the review log of their cards met in their
``MAXIMUM_FIT_REVIEWS`` most recent reviews; a pack's (``pack_job``) the log of the pack's cards
met in its most recent ones, over every member. The fit itself runs elsewhere (a worker process,
bot/quiz/review/refits.py); ``save_fit`` stores the weights with their version and writes each
recomputed card only if it was not answered since the job read it (its last review unchanged).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Column,
    ColumnElement,
    Connection,
    Row,
    Table,
    bindparam,
    func,
    select,
    update,
)
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.quiz.packs.server_packs import guild_of
from bot.quiz.review import fitting, scheduling
from bot.quiz.review.refits import FitJob, FitResult, LearnerHistory
from bot.quiz.review.targets import Targets
from bot.storage.database import Database
from bot.storage.dialects import covering, insert_for, one_of
from bot.storage.models import (
    cards_table,
    member_parameters_table,
    member_settings_table,
    pack_parameters_table,
    questions_table,
    review_logs_table,
)
from bot.storage.results import MemberSettings
from bot.storage.settings.pack_retention import TargetsWanted, targets_of

MEMBER, PACK = "member", "pack"


@dataclass(frozen=True, slots=True)
class FitDue:
    """A member (scope MEMBER, key their id) or a pack (PACK, its id) due a fit, and the reviews
    it has now."""

    scope: str
    key: int | str
    reviews: int


async def fits_due(db: Database, now: datetime, limit: int) -> list[FitDue]:
    """Up to ``limit`` members, then packs, whose fit ``fitting.refit_due`` says is due now."""
    logs = review_logs_table.c
    found: list[FitDue] = []
    async with db.read() as connection:
        for scope, column, table in (
            (MEMBER, logs.member_id, member_parameters_table),
            (PACK, logs.pack_id, pack_parameters_table),
        ):
            for key, reviews, fitted, fitted_at in await _counts(connection, column, table):
                if fitting.refit_due(reviews, fitted, fitted_at, now):
                    found.append(FitDue(scope, key, reviews))
    return found[:limit]


async def _counts(
    connection: AsyncConnection, column: Column[Any], table: Table
) -> Sequence[Row[Any, int, int | None, datetime | None]]:
    """Each key's review count (those with enough to fit), with its stored fit, if current."""
    counts = (
        select(column.label("key"), func.count().label("reviews"))
        .group_by(column)
        .having(func.count() >= fitting.FIT_MINIMUM_REVIEWS)
        .subquery()
    )
    key = table.c[column.name]
    current = table.c.version == fitting.MODEL_VERSION
    query = select(counts.c.key, counts.c.reviews, table.c.reviews, table.c.fitted_at).outerjoin(
        table, (key == counts.c.key) & current
    )
    return (await connection.execute(query.order_by(counts.c.key))).all()


async def member_job(db: Database, member_id: int) -> FitJob:
    """A member's own fit: their recent cards' answers, their cards recomputed."""
    logs = review_logs_table.c
    async with db.read() as connection:
        recent = await _recent_keys(connection, logs.member_id == member_id)
        answers = await _answers(connection, recent)
        settings = await _settings(connection, {member_id})
        targets = await _targets(connection, answers)
    return FitJob(tuple(_learners(answers, settings, targets, recompute=lambda _member: True)))


async def pack_job(db: Database, pack_id: str) -> FitJob:
    """A pack's pooled fit: every member's recent answers to it, the cards recomputed of those
    members with no fit of their own."""
    logs, fitted = review_logs_table.c, member_parameters_table.c
    async with db.read() as connection:
        recent = await _recent_keys(connection, logs.pack_id == pack_id)
        answers = await _answers(connection, recent)
        members = {key[0] for key in answers}
        settings = await _settings(connection, members)
        own = set(
            await connection.scalars(
                select(fitted.member_id).where(
                    fitted.member_id.in_(sorted(members)),
                    fitted.version == fitting.MODEL_VERSION,
                    fitted.parameters.is_not(None),
                )
            )
        )
        targets = await _targets(connection, answers)
    return FitJob(tuple(_learners(answers, settings, targets, recompute=lambda m: m not in own)))


async def _recent_keys(
    connection: AsyncConnection, where: ColumnElement[bool]
) -> set[tuple[int, str, str]]:
    """The cards answered in the ``MAXIMUM_FIT_REVIEWS`` most recent reviews matching ``where``."""
    logs = review_logs_table.c
    rows = await connection.execute(
        select(logs.member_id, logs.pack_id, logs.question_id)
        .where(where)
        .order_by(logs.reviewed_at.desc(), logs.id.desc())
        .limit(fitting.MAXIMUM_FIT_REVIEWS)
    )
    return {(m, p, q) for m, p, q in rows}


async def _answers(
    connection: AsyncConnection, keys: set[tuple[int, str, str]]
) -> dict[tuple[int, str, str], list[fitting.Replayed]]:
    """Each card's logged answers in order, with its question's option count."""
    logs, questions = review_logs_table.c, questions_table.c
    found: dict[tuple[int, str, str], list[fitting.Replayed]] = defaultdict(list)
    if not keys:
        return found
    rows = await connection.execute(
        select(logs.member_id, logs.pack_id, logs.question_id, logs.rating)
        .add_columns(logs.reviewed_at, logs.duration_ms, questions.guess_space)
        .join(
            questions_table,
            (questions.pack_id == logs.pack_id) & (questions.question_id == logs.question_id),
        )
        .where(covering((logs.member_id, logs.pack_id, logs.question_id), keys))
        .order_by(logs.reviewed_at, logs.id)
    )
    again, hard = int(scheduling.Rating.Again), int(scheduling.Rating.Hard)
    for member, pack, question, rating, at, duration, space in rows:
        if (member, pack, question) in keys:
            replay = fitting.Replayed(rating != again, space, at, duration, typo=rating == hard)
            found[member, pack, question].append(replay)
    return found


async def _settings(
    connection: AsyncConnection, members: set[int]
) -> dict[int, tuple[str, int | None]]:
    c = member_settings_table.c
    rows = await connection.execute(
        select(c.member_id, c.time_zone, c.retention).where(c.member_id.in_(sorted(members)))
    )
    found = {member: (zone, percent) for member, zone, percent in rows}
    default = (MemberSettings(0).time_zone, None)
    return {member: found.get(member, default) for member in members}


async def _targets(
    connection: AsyncConnection, answers: Mapping[tuple[int, str, str], object]
) -> dict[int, Targets]:
    """The members' targets, with the defaults of the servers whose own packs they answered.

    A refit does not know where the next answer to a shipped pack is given, so a server's
    default for one does not enter its recomputed cards; that answer brings it back."""
    members = {member for member, _pack, _question in answers}
    server_packs = {
        (server, pack) for _member, pack, _question in answers if (server := guild_of(pack))
    }
    return await connection.run_sync(targets_of, TargetsWanted(members, server_packs))


def _learners(
    answers: Mapping[tuple[int, str, str], list[fitting.Replayed]],
    settings: Mapping[int, tuple[str, int | None]],
    targets: Mapping[int, Targets],
    *,
    recompute: Callable[[int], bool],
) -> list[LearnerHistory]:
    by_member: dict[int, dict[tuple[str, str], tuple[fitting.Replayed, ...]]] = defaultdict(dict)
    for (member, pack, question), replays in sorted(answers.items()):
        by_member[member][pack, question] = tuple(replays)
    return [
        LearnerHistory(
            member,
            *settings[member],
            cards,
            recompute(member),
            {pack: targets[member].percent_for(pack, guild_of(pack)) for pack, _q in cards},
        )
        for member, cards in sorted(by_member.items())
    ]


async def save_fit(db: Database, due: FitDue, result: FitResult, now: datetime) -> None:
    """Stores the fit of ``due`` and the recomputed cards still as the job read them."""
    table = member_parameters_table if due.scope == MEMBER else pack_parameters_table
    key = table.c.member_id if due.scope == MEMBER else table.c.pack_id
    parameters = None if result.parameters is None else list(result.parameters)
    row: dict[str, object] = {key.name: due.key, "version": fitting.MODEL_VERSION}
    row |= {"parameters": parameters, "reviews": due.reviews, "fitted_at": now}
    async with db.write() as connection:
        insert = insert_for(connection.dialect.name, table).values(row)
        await connection.execute(
            insert.on_conflict_do_update(
                index_elements=[key], set_={n: insert.excluded[n] for n in row if n != key.name}
            )
        )
        await _write_cards(connection, result)


async def _write_cards(connection: AsyncConnection, result: FitResult) -> None:
    if not result.cards:
        return
    c = cards_table.c
    statement = (
        update(cards_table)
        .where(
            c.member_id == bindparam("b_member"),
            c.pack_id == bindparam("b_pack"),
            c.question_id == bindparam("b_question"),
            c.last_review == bindparam("b_seen"),
        )
        .values(
            state=bindparam("b_state"),
            step=bindparam("b_step"),
            stability=bindparam("b_stability"),
            difficulty=bindparam("b_difficulty"),
            due=bindparam("b_due"),
        )
    )
    rows = [
        {"b_member": key[0], "b_pack": key[1], "b_question": key[2], "b_seen": card.last_review}
        | {"b_state": int(card.state), "b_step": card.step, "b_stability": card.stability}
        | {"b_difficulty": card.difficulty, "b_due": card.due}
        for key, card in sorted(result.cards.items())
    ]
    await connection.execute(statement, rows)


@dataclass(frozen=True, slots=True)
class FittedWeights:
    """The current weights of some members (their own) and packs (pooled), as scheduling reads
    them: a member's own first, else the pack's, else the defaults."""

    members: Mapping[int, tuple[float, ...]]
    packs: Mapping[str, tuple[float, ...]]

    def of(self, member_id: int, pack_id: str) -> tuple[float, ...] | None:
        return self.members.get(member_id) or self.packs.get(pack_id)


def fitted_weights(
    connection: Connection, member_ids: set[int], pack_ids: set[str]
) -> FittedWeights:
    """The stored weights of the current version for these members and packs."""
    found = []
    for table, key, keys in (
        (member_parameters_table, member_parameters_table.c.member_id, member_ids),
        (pack_parameters_table, pack_parameters_table.c.pack_id, pack_ids),
    ):
        rows = connection.execute(
            select(key, table.c.parameters).where(
                one_of(connection.dialect.name, key, keys),
                table.c.version == fitting.MODEL_VERSION,
                table.c.parameters.is_not(None),
            )
        )
        found.append({k: tuple(float(w) for w in weights) for k, weights in rows})
    return FittedWeights(*found)
