"""Recording a batch of answers in one transaction, one durable commit.

A click on an option of a one-answer question is marked here, against the question as stored
(its right option); an answer only its pack can mark (a typed text, a number, all that apply)
arrives marked (bot/quiz/answers/grading.py), and only its bounds are checked here.

Only the answer rows are written here; the scores, cards and review log follow once the
question has closed (``settle.py``), so that a click waits for as little as possible.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeAlias

from sqlalchemy import Row, Select, bindparam, select
from sqlalchemy.sql.dml import ReturningInsert

from bot.quiz.answers.grading import Marked
from bot.quiz.rounds.rules import RoundState
from bot.quiz.rounds.teams import TeamPlan
from bot.storage.dialects import bulk_insert, bulk_parameters, covering
from bot.storage.models import answers_table, questions_table, rounds_table
from bot.storage.models.rounds import plan_of
from bot.storage.results import AnswerOutcome, AnswerResult
from bot.storage.rounds.teams import Joining, MemberKey, join_teams

if TYPE_CHECKING:
    from sqlalchemy import Connection

CLOSED = AnswerResult(AnswerOutcome.QUESTION_CLOSED)
OVER = AnswerResult(AnswerOutcome.ROUND_OVER)
PAUSED = AnswerResult(AnswerOutcome.PAUSED)

AnswerKey: TypeAlias = tuple[int, str, int]
ANSWER_COLUMNS = (
    "round_id",
    "question_id",
    "member_id",
    "guild_id",
    "pack_id",
    "option_index",
    "picked",
    "given",
    "correct",
    "typo",
    "response_ms",
    "answered_at",
)


@dataclass(frozen=True, slots=True)
class AnswerRequest:
    """One click's answer, as the recorder queues it."""

    round_id: int
    question_id: str
    member_id: int
    option_index: int | None  # a one-answer question's; None with ``recall``
    now: datetime
    held_roles: tuple[int, ...] = ()  # the member's roles as the click carried them
    recall: Marked | None = None  # any other answer, marked

    @property
    def key(self) -> tuple[int, str, int]:
        """The answer this request would be: one per member and question of a round."""
        return (self.round_id, self.question_id, self.member_id)


@dataclass(frozen=True, slots=True)
class _Accepted:
    """A request that reached an open question, with everything its rows need."""

    request: AnswerRequest
    guild_id: int
    pack_id: str
    correct: bool
    response_ms: int
    teams: TeamPlan | None = None  # the round's

    @property
    def key(self) -> AnswerKey:
        return (self.request.round_id, self.request.question_id, self.request.member_id)

    @property
    def member_key(self) -> MemberKey:
        return (self.request.round_id, self.request.member_id)

    def result(self, team: int | None = None) -> AnswerResult:
        request = self.request
        return AnswerResult(
            AnswerOutcome.RECORDED,
            request.option_index,
            self.correct,
            self.response_ms,
            team,
            request.recall,
        )


def write_answers(
    connection: Connection, dialect: str, requests: Sequence[AnswerRequest]
) -> list[AnswerResult]:
    """Record each request at most once, in the caller's transaction; results in request order."""
    accepted = _accept(connection, dialect, requests)
    taken = [a for a in accepted if isinstance(a, _Accepted)]
    inserted = _insert(connection, dialect, taken)
    teams = join_teams(connection, dialect, _joining(inserted.values()))
    losers = [a.key for a in taken if a.key not in inserted]
    standing = _standing_answers(connection, losers)
    results: list[AnswerResult] = []
    for item in accepted:
        if isinstance(item, AnswerResult):  # refused
            results.append(item)
        elif inserted.get(item.key) is item:
            results.append(item.result(teams.get(item.member_key)))
        elif item.key in inserted:  # an earlier request in this same batch won
            winner = inserted[item.key].result()
            results.append(replace(winner, outcome=AnswerOutcome.ALREADY_ANSWERED))
        else:
            results.append(standing[item.key])
    return results


def _joining(recorded: Iterable[_Accepted]) -> list[Joining]:
    """The recorded answers of team rounds, in the order they were asked for: each member's
    first one in a round places them in a team (bot/storage/rounds/teams.py)."""
    return [
        Joining(a.request.round_id, a.request.member_id, a.teams, a.request.held_roles)
        for a in sorted(recorded, key=lambda a: a.request.now)
        if a.teams is not None
    ]


def _accept(
    connection: Connection, dialect: str, requests: Sequence[AnswerRequest]
) -> list[_Accepted | AnswerResult]:
    """Each request checked against its round: the refusal where the question is not open."""
    rounds, questions = _rounds_and_questions(connection, dialect, requests)
    plans = {round_id: plan_of(row.teams) for round_id, row in rounds.items()}
    accepted: list[_Accepted | AnswerResult] = []
    for request in requests:
        round_row = rounds.get(request.round_id)
        if round_row is None or round_row.state != RoundState.RUNNING:
            accepted.append(OVER)
            continue
        if round_row.paused_at is not None and _is_asked(round_row, request):
            accepted.append(PAUSED)  # its time has stopped, whatever its closing time says
            continue
        if not _is_open(round_row, request):
            accepted.append(CLOSED)
            continue
        correct = _marked(request, *questions[(round_row.pack_id, request.question_id)])
        elapsed = request.now - round_row.question_opened_at
        accepted.append(
            _Accepted(
                request,
                guild_id=round_row.guild_id,
                pack_id=round_row.pack_id,
                correct=correct,
                response_ms=max(0, int(elapsed.total_seconds() * 1000)),
                teams=plans[request.round_id],
            )
        )
    return accepted


def _marked(request: AnswerRequest, option_count: int, correct_index: int) -> bool:
    """Whether the request's answer is right; ValueError for one naming no option it has."""
    recall, option = request.recall, request.option_index
    if recall is None and option is not None and 0 <= option < option_count:
        return option == correct_index
    if recall is not None and option is None and 0 <= (recall.picked or 0) < 1 << option_count:
        return recall.correct
    given = option if recall is None else recall
    raise ValueError(f"{given} is not an option of {request.question_id} ({option_count} options)")


def _rounds_and_questions(
    connection: Connection, dialect: str, requests: Sequence[AnswerRequest]
) -> tuple[dict[int, Row[Any]], dict[tuple[str, str], tuple[int, int]]]:
    """The requests' rounds by id, and (option count, correct option) by (pack id, question id)
    for the questions asked of them: one statement, one round trip."""
    parameters = {
        "round_ids": sorted({request.round_id for request in requests}),
        "question_ids": sorted({request.question_id for request in requests}),
    }
    rounds: dict[int, Row[Any]] = {}
    questions: dict[tuple[str, str], tuple[int, int]] = {}
    for row in connection.execute(_rounds_and_questions_query(dialect), parameters):
        rounds[row.id] = row
        if row.asked_id is not None:
            questions[(row.pack_id, row.asked_id)] = (row.option_count, row.correct_index)
    return rounds, questions


# The batch's statements are built once per dialect: building one (and its cache key) cost
# more of the event loop than running it, under a burst of answers on PostgreSQL.


@functools.cache
def _rounds_and_questions_query(dialect: str) -> Select[Any]:
    q = questions_table.c
    asked = q.question_id.in_(bindparam("question_ids", expanding=True))
    query = (
        select(rounds_table, q.question_id.label("asked_id"), q.option_count, q.correct_index)
        .select_from(
            rounds_table.outerjoin(questions_table, (q.pack_id == rounds_table.c.pack_id) & asked)
        )
        .where(rounds_table.c.id.in_(bindparam("round_ids", expanding=True)))
    )
    if dialect == "postgresql":
        # FOR SHARE holds off a concurrent close of the question until these answers commit, so
        # its tally and its settling (scores, cards) include them.
        query = query.with_for_update(read=True, of=rounds_table)
    return query


@functools.cache
def _insert_answers(dialect: str) -> ReturningInsert[Any]:
    c = answers_table.c
    return (
        bulk_insert(dialect, answers_table, ANSWER_COLUMNS)
        .on_conflict_do_nothing(index_elements=[c.round_id, c.question_id, c.member_id])
        .returning(c.round_id, c.question_id, c.member_id)
    )


def _is_asked(round_row: Row[Any], request: AnswerRequest) -> bool:
    """Whether the request answers the round's open question."""
    return bool(
        round_row.question_open
        and round_row.question_order[round_row.question_index] == request.question_id
    )


def _is_open(round_row: Row[Any], request: AnswerRequest) -> bool:
    closes_at: datetime | None = round_row.closes_at
    return _is_asked(round_row, request) and closes_at is not None and request.now < closes_at


def _insert(
    connection: Connection, dialect: str, accepted: Sequence[_Accepted]
) -> dict[AnswerKey, _Accepted]:
    """Insert the first request per key; the answers that went in, by key."""
    first_by_key: dict[AnswerKey, _Accepted] = {}
    for item in accepted:
        first_by_key.setdefault(item.key, item)
    if not first_by_key:
        return {}
    rows = [
        {
            "round_id": item.request.round_id,
            "question_id": item.request.question_id,
            "member_id": item.request.member_id,
            "guild_id": item.guild_id,
            "pack_id": item.pack_id,
            "option_index": item.request.option_index,
            "picked": None if item.request.recall is None else item.request.recall.picked,
            "given": None if item.request.recall is None else item.request.recall.typed,
            "correct": item.correct,
            "typo": item.request.recall is not None and item.request.recall.typo,
            "response_ms": item.response_ms,
            "answered_at": item.request.now,
        }
        # Key order, so that writers in several processes take the index locks in one order.
        for _, item in sorted(first_by_key.items())
    ]
    returned = connection.execute(_insert_answers(dialect), bulk_parameters(dialect, rows))
    return {(r[0], r[1], r[2]): first_by_key[(r[0], r[1], r[2])] for r in returned}


def _standing_answers(
    connection: Connection, keys: Sequence[AnswerKey]
) -> dict[AnswerKey, AnswerResult]:
    """The answers already on record for ``keys``, as "already answered" results."""
    if not keys:
        return {}
    c = answers_table.c
    query = select(c.round_id, c.question_id, c.member_id, *STANDING_COLUMNS).where(
        covering((c.round_id, c.question_id, c.member_id), keys)
    )
    return {
        (row[0], row[1], row[2]): standing_answer(AnswerOutcome.ALREADY_ANSWERED, row[3:])
        for row in connection.execute(query)
    }


# What an answer on record says, as ``standing_answer`` reads it.
STANDING_COLUMNS = tuple(
    getattr(answers_table.c, name)
    for name in ("option_index", "correct", "response_ms", "picked", "given", "typo")
)


def standing_answer(outcome: AnswerOutcome, row: Sequence[Any]) -> AnswerResult:
    """An answer on record (its ``STANDING_COLUMNS``) as a result of ``outcome``."""
    option_index, correct, response_ms, picked, given, typo = row
    recall = None if option_index is not None else Marked(picked, given, correct, typo)
    return AnswerResult(outcome, option_index, correct, response_ms, recall=recall)
