"""Review sessions' decisions: which card comes next, what an action leads to, and when the
member's next review is (never in the past)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from bot.quiz.review.backlog import Offer
from bot.quiz.review.session import (
    Answer,
    AnsweredStep,
    CardKind,
    CardStep,
    DueQueue,
    Finish,
    Grade,
    MissedQueue,
    Next,
    NothingStep,
    QueuedCard,
    ResultStep,
    Scope,
    Session,
    Shown,
    Start,
    SummaryStep,
    decide,
    next_card,
    next_review_at,
    next_review_from,
)

NOW = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)
TOMORROW = datetime(2026, 11, 26, 0, 0, tzinfo=UTC)
DUE = QueuedCard("p", "due", CardKind.DUE)
NEW = QueuedCard("p", "new", CardKind.NEW)
MEMBER = Session(7)
EMPTY = DueQueue(None, None, 0, 10, None, TOMORROW, NOW)


def queue(**changes: object) -> DueQueue:
    return replace(EMPTY, **changes)  # type: ignore[arg-type]


def grade(*, correct: bool) -> Grade:
    return Grade("p", "due", picked=1, correct_index=1 if correct else 2, due=NOW + timedelta(1))


def test_due_cards_come_before_new_ones_and_new_ones_within_the_daily_limit() -> None:
    assert next_card(MEMBER, queue(due_now=DUE, first_new=NEW)) == DUE
    assert next_card(MEMBER, queue(first_new=NEW, new_today=9)) == NEW
    assert next_card(MEMBER, queue(first_new=NEW, new_today=10)) is None


def test_a_missed_round_goes_through_its_questions_in_order() -> None:
    missed = MissedQueue((QueuedCard("p", "a", CardKind.MISSED), NEW))
    at = Session(7, scope=Scope(round_id=3))
    assert next_card(at, missed) == missed.questions[0]
    assert next_card(at.after(correct=True), missed) == NEW
    assert next_card(at.after(correct=True).after(correct=False), missed) is None


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({}, None),  # nothing scheduled
        ({"earliest_future_due": NOW + timedelta(minutes=8)}, NOW + timedelta(minutes=8)),
        ({"earliest_future_due": NOW}, None),  # due now is not a future review
        ({"earliest_future_due": NOW - timedelta(minutes=2)}, None),  # nor is overdue
        ({"first_new": NEW}, None),  # new questions are there now: not a scheduled review
        ({"first_new": NEW, "new_today": 10}, TOMORROW),  # over the limit: tomorrow's
        (
            {"first_new": NEW, "new_today": 10, "earliest_future_due": NOW + timedelta(hours=1)},
            NOW + timedelta(hours=1),
        ),
    ],
)
def test_the_next_review_is_the_earliest_future_moment(
    changes: dict[str, object], expected: datetime | None
) -> None:
    assert next_review_at(queue(**changes)) == expected


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"due_now": DUE}, NOW),  # due now: /stats must not say "nothing scheduled"
        ({"due_now": DUE, "earliest_future_due": NOW + timedelta(minutes=4)}, NOW),  # overdue
        ({"earliest_future_due": NOW + timedelta(minutes=8)}, NOW + timedelta(minutes=8)),
        ({}, None),
    ],
)
def test_the_members_next_review_is_now_while_a_card_is_due(
    changes: dict[str, object], expected: datetime | None
) -> None:
    assert next_review_from(queue(**changes)) == expected


def test_an_answer_gives_its_result_and_whether_more_is_ready() -> None:
    answer = Answer(MEMBER, "p", "due", 1, 2000)
    step = decide(answer, queue(first_new=NEW), EMPTY, grade(correct=True))
    assert step == ResultStep(Session(7, reviewed=1, correct=1), grade(correct=True), more=True)
    step = decide(answer, EMPTY, EMPTY, grade(correct=False))
    assert step == ResultStep(Session(7, reviewed=1, correct=0), grade(correct=False), more=False)


def test_an_answer_to_a_card_answered_since_it_was_shown_is_not_counted_again() -> None:
    """Storage grades an answer only if the card is as shown; without a grade the session
    stays as it was (the first click counted it) and says so."""
    going = Session(7, reviewed=2, correct=1)
    answer = Answer(going, "p", "due", 1, 2000, Shown(NOW - timedelta(days=1)))
    assert decide(answer, queue(due_now=DUE), EMPTY) == AnsweredStep(going)


def test_a_start_shows_a_card_or_says_nothing_is_there() -> None:
    assert decide(Start(MEMBER), queue(first_new=NEW), EMPTY) == CardStep(
        MEMBER, NEW, first_of_new=True
    )
    later = queue(earliest_future_due=NOW + timedelta(hours=2))
    assert decide(Start(MEMBER), later, later) == NothingStep(
        missed_round=False, next_review=NOW + timedelta(hours=2)
    )
    round_scope = Session(7, scope=Scope(round_id=3))
    assert decide(Start(round_scope), MissedQueue(()), later) == NothingStep(
        missed_round=True, next_review=NOW + timedelta(hours=2)
    )


def test_next_shows_a_card_or_the_summary_and_finish_always_the_summary() -> None:
    going = Session(7, reviewed=2, correct=1)
    member_queue = queue(first_new=NEW, earliest_future_due=NOW + timedelta(minutes=1))
    assert decide(Next(going), member_queue, member_queue) == CardStep(
        going, NEW, first_of_new=False
    )
    summary = SummaryStep(going, NOW + timedelta(minutes=1))
    assert decide(Finish(going), member_queue, member_queue) == summary
    assert decide(Next(going), EMPTY, member_queue) == summary


def test_a_daily_review_limit_holds_due_cards_back_and_new_ones_with_them() -> None:
    under = queue(due_now=DUE, first_new=NEW, due_count=30, reviewed_today=18)
    limited = replace(under, daily_review_limit=20)
    assert next_card(MEMBER, limited) == DUE
    assert limited.offer == Offer(left=2, waiting=28)
    step = decide(Start(MEMBER), limited, limited)
    assert isinstance(step, CardStep)
    assert step.backlog == Offer(left=2, waiting=28)
    reached = replace(limited, reviewed_today=20)
    assert next_card(MEMBER, reached) is None  # the new question waits with the backlog
    assert next_review_at(reached) == TOMORROW
    nothing = decide(Start(MEMBER), reached, reached)
    assert isinstance(nothing, NothingStep)
    assert nothing.backlog == Offer(left=0, waiting=30)
    assert next_card(MEMBER, under) == DUE  # no limit: everything due is offered
    unlimited = decide(Start(MEMBER), under, under)
    assert isinstance(unlimited, CardStep)
    assert unlimited.backlog is None
