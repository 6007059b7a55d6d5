"""Review rounds: a server goes over together the questions of a pack it most needs again.

A normal round asks a shuffle of the pack. A review round asks the questions this server's
learners of the pack (the members who answered it in this server) most often got wrong or have
due for review now, most needed first: spaced repetition for a group.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import UTC, datetime
from fractions import Fraction

# A question's wrong share starts from this many imagined answers, this many of them wrong: one
# wrong answer out of one is then 2/5, not 100 %, and a few answers cannot outweigh many.
PRIOR_ANSWERS = 4
PRIOR_WRONG = 1
NEVER = datetime.min.replace(tzinfo=UTC)  # before any answer: never answered ranks first


class RoundMode(enum.StrEnum):
    NORMAL = "normal"  # a shuffle of the pack's questions
    REVIEW = "review"  # the questions this server most needs again, most needed first


@dataclass(frozen=True, slots=True)
class QuestionRecord:
    """What one server's learners did with one question of a pack."""

    question_id: str
    position: int  # in the pack
    answers: int  # in this server's rounds
    wrong: int
    due_members: int  # learners whose own card for it is due now
    last_answered: datetime | None  # in this server; None if never


@dataclass(frozen=True, slots=True)
class PackRecord:
    """One server's record of one pack: its learners and every active question."""

    learners: int  # members who answered a question of the pack in this server
    questions: tuple[QuestionRecord, ...]


def need(record: QuestionRecord, learners: int) -> Fraction:
    """How much the server needs a question again: its smoothed wrong share plus the share of
    learners who have it due, each from 0 to 1 and weighed the same.

    The wrong share is ``(wrong + 1) / (answers + 4)``: as if every question had started with one
    wrong answer in four (see ``PRIOR_WRONG``). Exact fractions, so equal needs tie exactly.
    """
    wrong_share = Fraction(record.wrong + PRIOR_WRONG, record.answers + PRIOR_ANSWERS)
    due_share = Fraction(record.due_members, learners) if learners else Fraction(0)
    return wrong_share + due_share


def review_order(pack: PackRecord, count: int | None = None) -> tuple[str, ...]:
    """The review round's questions, cut to ``count`` (all if None): the questions someone here
    answered or has due, by ``need`` (highest first); equal needs go to the question answered
    here longest ago (never answered first), then to the one earlier in the pack.

    Empty when the server's learners have nothing of the pack to review.
    """
    candidates = [q for q in pack.questions if q.answers or q.due_members]
    ranked = sorted(candidates, key=lambda q: _rank_key(q, pack.learners))
    chosen = ranked if count is None else ranked[: max(1, count)]
    return tuple(q.question_id for q in chosen)


def _rank_key(record: QuestionRecord, learners: int) -> tuple[Fraction, datetime, int]:
    return (-need(record, learners), record.last_answered or NEVER, record.position)
