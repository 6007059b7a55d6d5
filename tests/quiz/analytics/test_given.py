"""Item analytics of questions answered other than by one option: typed texts, numbers and all
that apply count like any answer, and add what they gave (the options picked, the wrong texts
members typed alike, the typos forgiven)."""

from __future__ import annotations

from dataclasses import astuple

import pytest

from bot.quiz.analytics.given import COMPARED_LENGTH, OPTION_BITS, option_picks, picked_options
from bot.quiz.analytics.items import AnswerRecord, ItemStats, PackAnswers, analyse, analyse_answers
from bot.quiz.answers.common import SHOWN_LENGTH, CommonAnswer

QUESTIONS = ("typed", "ticked", "other")
MEMBERS = range(1, 13)


def typed(member: int, given: str, *, correct: bool = False, typo: bool = False) -> AnswerRecord:
    return AnswerRecord(member, "typed", None, correct, 1000 * member, given=given, typo=typo)


def ticked(member: int, picked: int, *, correct: bool) -> AnswerRecord:
    return AnswerRecord(member, "ticked", None, correct, 500, picked=picked)


def item(records: list[AnswerRecord], question_id: str, min_members: int = 10) -> ItemStats:
    report = analyse(QUESTIONS, records, min_members=min_members)
    return next(i for i in report.items if i.question_id == question_id)


def test_typed_answers_count_like_any_answer() -> None:
    # Members 1-6 right on "typed" (two of them by a typo) and on "other"; 7-12 wrong on both.
    records = [
        typed(m, "all-to-all" if m <= 6 else "all-reduce", correct=m <= 6, typo=m in (5, 6))
        for m in MEMBERS
    ] + [AnswerRecord(m, "other", 0 if m <= 6 else 1, m <= 6, 700) for m in MEMBERS]
    got = item(records, "typed")
    assert (got.answers, got.right, got.wrong, got.share_right) == (12, 6, 6, 0.5)
    assert got.discrimination == pytest.approx(1.0)  # right here exactly when right elsewhere
    assert (got.median_ms, got.mean_ms) == (6500, 6500)
    assert (got.typo_right, got.typo_share) == (2, pytest.approx(1 / 3))
    assert got.top_wrong_option is None  # no option was picked: nothing to name
    assert got.common_wrong == (CommonAnswer("all-reduce", 6),)


def test_wrong_texts_alike_are_counted_by_member_once_normalised() -> None:
    records = [
        *(typed(m, "All-Reduce") for m in (1, 2)),
        typed(3, "all-reduce "),  # the same once normalised
        *(typed(4, "@everyone") for _ in range(3)),  # one member, three rounds: shown to none
        *(typed(m, "broadcast") for m in (5, 6)),  # two members: too few
        *(typed(m, "all-to-all", correct=True) for m in (7, 8, 9)),  # right: never listed
    ]
    got = item(records, "typed")
    assert got.common_wrong == (CommonAnswer("All-Reduce", 3),)
    assert (got.answers, got.right) == (11, 3)


def test_a_long_wrong_text_is_compared_on_its_start_and_cut_to_be_shown() -> None:
    start = "<@123> **look** " * 4  # 64 characters: all that is compared
    records = [typed(m, start + "x" * (m * 10)) for m in (1, 2, 3)]  # alike that far
    (common,) = item(records, "typed").common_wrong
    assert len(start) == COMPARED_LENGTH
    assert common.count == 3
    assert len(common.text) == SHOWN_LENGTH
    assert common.text.endswith("…")


def test_all_that_apply_counts_each_option_picked() -> None:
    records = [
        *(ticked(m, 0b0011, correct=True) for m in range(1, 7)),  # A and B: the key
        *(ticked(m, 0b0001, correct=False) for m in range(7, 10)),  # A only
        *(ticked(m, 0b1101, correct=False) for m in range(10, 13)),  # A, C and D
    ]
    got = item(records, "ticked")
    assert got.picks == (12, 6, 3, 3)
    assert [got.pick_share(option) for option in range(5)] == [1.0, 0.5, 0.25, 0.25, 0.0]
    assert (got.answers, got.right, got.top_wrong_option, got.common_wrong) == (12, 6, None, ())


def test_one_option_and_all_that_apply_add_up_when_a_question_changed() -> None:
    answered = [
        AnswerRecord(1, "ticked", 2, correct=False, response_ms=1),
        AnswerRecord(2, "ticked", None, correct=False, response_ms=1, picked=0b0110),
    ]
    assert option_picks(answered) == (0, 1, 2)
    assert option_picks([]) == ()


@pytest.mark.parametrize(
    ("option_index", "picked", "options"),
    [
        (3, None, [3]),
        (None, 0b10101, [0, 2, 4]),
        (None, None, []),
        (-1, None, []),  # no option the column can name
        (None, -1, list(range(OPTION_BITS))),  # every bit set: still only the column's bits
    ],
)
def test_the_options_of_an_answer_stay_within_the_column(
    option_index: int | None, picked: int | None, options: list[int]
) -> None:
    assert list(picked_options(option_index, picked)) == options


def test_no_answers_no_picks_nor_typos() -> None:
    got = item([], "typed")
    assert (got.picks, got.common_wrong, got.typo_right, got.typo_share) == ((), (), 0, None)
    assert got.pick_share(0) == 0.0


def test_the_values_storage_reads_are_analysed_as_records() -> None:
    records = [typed(m, "all-reduce") for m in (1, 2, 3)]
    read = PackAnswers(
        QUESTIONS,
        [astuple(r) for r in records],  # member, question, option, right, ms, picked, given, typo
        {},
        newest_only=False,
    )
    assert analyse_answers(read) == analyse(QUESTIONS, records)
