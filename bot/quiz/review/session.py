"""A private review session as pure decisions: which card comes next, what a member's action
leads to, and when their next review is. Storage gathers the data; the app shows the steps.

A session keeps no memory anywhere but in itself (the app carries it in button custom_ids):
who reviews, how it went so far, and what it covers.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from datetime import datetime

from bot.quiz.answers.grading import Marked
from bot.quiz.review.backlog import DailyLimit, Offer


@dataclass(frozen=True, slots=True)
class Scope:
    """What a session covers: every due card, one pack's (``pack_id``), or the questions the
    member missed in one round (``round_id``), from the ``position``-th on."""

    pack_id: str | None = None
    round_id: int | None = None
    position: int = 0

    @property
    def is_missed_round(self) -> bool:
        return self.round_id is not None


EVERYTHING = Scope()


@dataclass(frozen=True, slots=True)
class Session:
    member_id: int
    reviewed: int = 0
    correct: int = 0
    scope: Scope = EVERYTHING

    def after(self, *, correct: bool) -> Session:
        """The session once one more card is answered (a missed round moves on by one)."""
        scope = self.scope
        if scope.is_missed_round:
            scope = replace(scope, position=scope.position + 1)
        return replace(
            self, reviewed=self.reviewed + 1, correct=self.correct + correct, scope=scope
        )


class CardKind(enum.StrEnum):
    NEW = "new"  # the member has never answered it
    DUE = "due"  # scheduled, and due now
    MISSED = "missed"  # answered wrongly in the round under review
    UNANSWERED = "unanswered"  # left unanswered in the round under review


@dataclass(frozen=True, slots=True)
class QueuedCard:
    pack_id: str
    question_id: str
    kind: CardKind


# What a member can do; each is one service call that returns the next step.


@dataclass(frozen=True, slots=True)
class Start:
    """Begin a session (a new message)."""

    session: Session


@dataclass(frozen=True, slots=True)
class Next:
    """Go on after a result."""

    session: Session


@dataclass(frozen=True, slots=True)
class Finish:
    """End the session: its summary."""

    session: Session


@dataclass(frozen=True, slots=True)
class Shown:
    """A card as the member saw it: when it was last reviewed (None: never). An answer counts
    only while the card is still so: a second click on the same card is not a second answer."""

    last_review: datetime | None


@dataclass(frozen=True, slots=True)
class Answer:
    """Pick option ``option_index`` of a shown question, or answer it from memory
    (``recall``, marked as bot/quiz/answers/grading.py marks it; then no option)."""

    session: Session
    pack_id: str
    question_id: str
    option_index: int | None
    response_ms: int
    shown: Shown | None = None  # None: from a card shown before cards said how (graded as is)
    recall: Marked | None = None


ReviewAction = Start | Next | Finish | Answer


# The data a decision needs, as storage reads it.


@dataclass(frozen=True, slots=True)
class DueQueue:
    """The member's cards within a scope of packs, at one moment."""

    due_now: QueuedCard | None  # the first due card, learning before review
    first_new: QueuedCard | None  # the first question the member has not met
    new_today: int  # new questions the member began in reviews today
    daily_new_limit: int
    earliest_future_due: datetime | None  # the first card due strictly later
    tomorrow: datetime  # when the member's next day begins (and new questions resume)
    now: datetime
    # Counted only under a daily review limit (0 without one): cards due now, and due cards
    # the member reviewed today (new ones not counted).
    due_count: int = 0
    reviewed_today: int = 0
    daily_review_limit: int | None = None  # due cards offered a day at most; None: no limit

    @property
    def new_allowed(self) -> bool:
        return self.new_today < self.daily_new_limit

    @property
    def due_offered(self) -> bool:
        """Whether due cards are still offered today (always, without a limit)."""
        limit = self.daily_review_limit
        return limit is None or self.reviewed_today < limit

    @property
    def holds_back(self) -> bool:
        """Whether due cards wait beyond today's limit (never without one)."""
        return self.daily_review_limit is not None and self.offer.waiting > 0

    @property
    def offer(self) -> Offer:
        """The due cards still offered today, and those that wait (the counts need a limit)."""
        limit = DailyLimit(self.daily_review_limit)
        return limit.offer(reviewed_today=self.reviewed_today, due=self.due_count)


@dataclass(frozen=True, slots=True)
class MissedQueue:
    """The questions the member missed in a round, in the round's order."""

    questions: tuple[QueuedCard, ...]


Queue = DueQueue | MissedQueue


@dataclass(frozen=True, slots=True)
class Grade:
    """An answer as graded and rescheduled."""

    pack_id: str
    question_id: str
    picked: int | None  # the one option picked; None for an answer from memory
    correct_index: int
    due: datetime
    times_reviewed: int = 0  # answers to the question before this one (its options' order)
    recall: Marked | None = None  # an answer from memory, as marked

    @property
    def correct(self) -> bool:
        return self.recall.correct if self.recall is not None else self.picked == self.correct_index


# What comes back: the next thing to show.


@dataclass(frozen=True, slots=True)
class LeechNotice:
    """A question that left the member's reviews (bot.quiz.review.leeches), told with the step that
    carries it: the review answer that made it a leech, or the member's next review reply."""

    pack_id: str
    question_id: str


Leeches = tuple[LeechNotice, ...]


def backlog_of(queue: Queue) -> Offer | None:
    """What the member is told of their daily limit; None without one."""
    if not isinstance(queue, DueQueue) or queue.daily_review_limit is None:
        return None
    return queue.offer


@dataclass(frozen=True, slots=True)
class CardStep:
    session: Session
    card: QueuedCard
    first_of_new: bool  # a new card opens the session because nothing is due
    times_reviewed: int = 0  # the member's answers to the question so far (its options' order)
    shown: Shown = Shown(None)  # the card as shown, which its answer must find unchanged
    leeches: Leeches = ()
    backlog: Offer | None = None


@dataclass(frozen=True, slots=True)
class ResultStep:
    session: Session  # as it is after the answer
    grade: Grade
    more: bool  # whether another card is ready now
    leeches: Leeches = ()


@dataclass(frozen=True, slots=True)
class SummaryStep:
    session: Session
    next_review: datetime | None
    leeches: Leeches = ()
    backlog: Offer | None = None


@dataclass(frozen=True, slots=True)
class AnsweredStep:
    """An answer to a card that was answered since it was shown (a second click on it): not
    graded again, and the session goes on from the first answer's result."""

    session: Session


@dataclass(frozen=True, slots=True)
class NothingStep:
    """A session that found nothing to start with."""

    missed_round: bool
    next_review: datetime | None
    leeches: Leeches = ()
    backlog: Offer | None = None


ReviewStep = CardStep | ResultStep | SummaryStep | NothingStep | AnsweredStep


def next_card(session: Session, queue: Queue) -> QueuedCard | None:
    """Due cards first, within the daily review limit, then new questions within theirs (none
    while due cards wait beyond the limit); a missed round in order."""
    if isinstance(queue, MissedQueue):
        position = session.scope.position
        return queue.questions[position] if position < len(queue.questions) else None
    if queue.due_now is not None and queue.due_offered:
        return queue.due_now
    # A backlog held back by the daily limit clears before new questions add to it.
    return queue.first_new if queue.new_allowed and not queue.holds_back else None


def next_review_at(queue: DueQueue) -> datetime | None:
    """When something next becomes reviewable, strictly after ``queue.now``: the first card to
    fall due, or tomorrow when new questions wait beyond today's limit; None if nothing will."""
    moments = [queue.earliest_future_due]
    if queue.first_new is not None and not queue.new_allowed:
        moments.append(queue.tomorrow)
    if queue.holds_back:  # due cards held back by the daily limit come back tomorrow
        moments.append(queue.tomorrow)
    return min((m for m in moments if m is not None and m > queue.now), default=None)


def next_review_from(queue: DueQueue) -> datetime | None:
    """When the member's next review is due: ``queue.now`` itself while a card is due (an overdue
    card is due now, not at the next card to fall due later), else :func:`next_review_at`."""
    if queue.due_now is not None and queue.due_offered:
        return queue.now
    return next_review_at(queue)


def decide(
    action: ReviewAction, queue: Queue, member_queue: DueQueue, grade: Grade | None = None
) -> ReviewStep:
    """The step that follows ``action``. ``queue`` covers the session's scope as it is after
    the action (an answer's ``grade`` already applied; None if the card had changed since it
    was shown, so the answer was not graded); ``member_queue`` covers all the member's packs,
    for when their next review is."""
    if isinstance(action, Answer):
        if grade is None:
            return AnsweredStep(action.session)
        session = action.session.after(correct=grade.correct)
        return ResultStep(session, grade, more=next_card(session, queue) is not None)
    session = action.session
    card = None if isinstance(action, Finish) else next_card(session, queue)
    if card is not None:
        first_of_new = card.kind is CardKind.NEW and session.reviewed == 0
        return CardStep(session, card, first_of_new=first_of_new, backlog=backlog_of(queue))
    if isinstance(action, Start) and session.reviewed == 0:
        scoped = queue if isinstance(queue, DueQueue) else member_queue
        missed = session.scope.is_missed_round
        return NothingStep(missed, next_review_at(scoped), backlog=backlog_of(scoped))
    return SummaryStep(session, next_review_at(member_queue), backlog=backlog_of(member_queue))
