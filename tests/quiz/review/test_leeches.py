"""What counts as a lapse, and when a card becomes a leech, walked through scheduling.review."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from random import Random

from bot.quiz.analytics.items import AnswerRecord, analyse
from bot.quiz.review import leeches, scheduling
from bot.quiz.review.leeches import LEECH_LAPSES, is_lapse, is_leech, lapses_after
from bot.quiz.review.scheduling import Card, State

START = datetime(2026, 3, 2, 18, 0, tzinfo=UTC)


def answered(card: Card, at: datetime, *, correct: bool) -> Card:
    after, _log = scheduling.review(
        scheduling.make_policy(),
        card,
        correct=correct,
        guess_space=4,
        reviewed_at=at,
        zone=UTC,
        response_ms=2000,
        rng=Random(1),  # noqa: S311  # reproducible fuzz, not cryptography
    )
    return after


def walk(answers: list[bool]) -> list[int]:
    """The lapse count after each answer, one a day, from a question never met."""
    card, lapses, counts = scheduling.new_card(START), 0, []
    for day, correct in enumerate(answers):
        lapses = lapses_after(lapses, card, correct=correct)
        card = answered(card, START + timedelta(days=day), correct=correct)
        counts.append(lapses)
    return counts


def test_a_first_answer_is_never_a_lapse() -> None:
    assert not is_lapse(scheduling.new_card(START), correct=False)
    assert walk([False]) == [0]


def test_every_later_wrong_answer_is_a_lapse_and_right_ones_keep_the_count() -> None:
    # Once answered, a card is in Review (no learning steps), so the second miss is a lapse.
    assert walk([False, False, True, False, True, True, False]) == [0, 1, 1, 2, 2, 2, 3]


def test_a_card_still_in_learning_steps_does_not_lapse() -> None:
    stored = answered(scheduling.new_card(START), START, correct=False)
    stored.state, stored.step = State.Relearning, 0  # as cards stored before steps were dropped
    assert not is_lapse(stored, correct=False)
    reviewing = answered(scheduling.new_card(START), START, correct=True)
    assert reviewing.state is State.Review
    assert is_lapse(reviewing, correct=False)
    assert not is_lapse(reviewing, correct=True)


def test_the_ninth_wrong_answer_makes_a_leech() -> None:
    counts = walk([False] * (LEECH_LAPSES + 1))
    assert [is_leech(count) for count in counts] == [False] * LEECH_LAPSES + [True]
    assert counts[-1] == leeches.LEECH_LAPSES == 8  # the threshold


def test_analytics_count_leeches_of_members_who_answered_here() -> None:
    records = [AnswerRecord(member, "q1", 0, correct=False, response_ms=900) for member in (1, 2)]
    report = analyse(["q0", "q1"], records, leech_members={"q1": {1, 2, 3}, "q0": {9}})
    by_id = {item.question_id: item for item in report.items}
    # Member 3 never answered the pack here, and nobody who did has q0 as a leech.
    assert by_id["q1"].leeches == 2
    assert by_id["q0"].leeches == 0
