"""Review rounds: which of a pack's questions a server goes over again, in which order."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from fractions import Fraction

from bot.quiz.rounds.review_round import PackRecord, QuestionRecord, need, review_order

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def record(
    question_id: str,
    answers: int = 0,
    wrong: int = 0,
    due: int = 0,
    *,
    position: int = 0,
    last: datetime | None = NOW,
) -> QuestionRecord:
    return QuestionRecord(question_id, position, answers, wrong, due, last if answers else None)


def test_need_is_the_smoothed_wrong_share_plus_the_due_share() -> None:
    assert need(record("a", answers=1, wrong=1), learners=1) == Fraction(2, 5)
    assert need(record("a", answers=10, wrong=6), learners=10) == Fraction(7, 14)
    assert need(record("a", answers=4, wrong=1, due=2), learners=4) == Fraction(2, 8) + Fraction(
        1, 2
    )
    # No learners (nobody here answered) means no due share, not a division by zero.
    assert need(record("a", due=0), learners=0) == Fraction(1, 4)


def test_most_missed_first_and_one_wrong_answer_does_not_dominate() -> None:
    pack = PackRecord(
        learners=10,
        questions=(
            record("lucky", answers=1, wrong=1, position=0),  # 2/5
            record("hard", answers=10, wrong=6, position=1),  # 7/14
            record("easy", answers=10, wrong=0, position=2),  # 1/14
            record("barely_seen", answers=1, wrong=0, position=3),  # 1/5
        ),
    )
    assert review_order(pack) == ("hard", "lucky", "barely_seen", "easy")


def test_a_question_the_learners_have_due_rises_above_one_they_missed() -> None:
    pack = PackRecord(
        learners=4,
        questions=(
            record("missed", answers=4, wrong=2, position=0),  # 3/8
            record("due", answers=4, wrong=0, due=3, position=1),  # 1/8 + 3/4
            # Due for a learner, though nobody answered it in this server.
            record("due_elsewhere", due=1, position=2),  # 1/4 + 1/4
        ),
    )
    assert review_order(pack) == ("due", "due_elsewhere", "missed")


def test_ties_go_to_the_question_answered_longest_ago_then_to_pack_order() -> None:
    earlier = NOW - timedelta(days=3)
    pack = PackRecord(
        learners=12,
        questions=(  # every need is 1/3
            record("recent", answers=2, wrong=1, position=0, last=NOW),
            record("second", answers=2, wrong=1, position=2, last=earlier),
            record("first", answers=2, wrong=1, position=1, last=earlier),
            record("never_here", due=1, position=3),  # 1/4 + 1/12, and no answer here
        ),
    )
    assert {need(q, 12) for q in pack.questions} == {Fraction(1, 3)}
    assert review_order(pack) == ("never_here", "first", "second", "recent")
    shuffled = PackRecord(learners=12, questions=tuple(reversed(pack.questions)))
    assert review_order(shuffled) == review_order(pack)


def test_the_count_cuts_the_round_and_untouched_questions_are_left_out() -> None:
    pack = PackRecord(
        learners=3,
        questions=(
            record("a", answers=3, wrong=3, position=0),
            record("b", answers=3, wrong=2, position=1),
            record("c", answers=3, wrong=1, position=2),
            record("untouched", position=3),
        ),
    )
    assert review_order(pack) == ("a", "b", "c")
    assert review_order(pack, 2) == ("a", "b")
    assert review_order(pack, 0) == ("a",)  # a round asks at least one question
    assert review_order(pack, 50) == ("a", "b", "c")


def test_nothing_to_review_when_nobody_answered_or_has_anything_due() -> None:
    untouched = PackRecord(learners=0, questions=(record("a"), record("b", position=1)))
    assert review_order(untouched) == ()
    assert review_order(PackRecord(learners=0, questions=())) == ()
