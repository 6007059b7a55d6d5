"""Typed answers: what each way of matching forgives, in English and Greek, and what it does not."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.quiz.answers.typed import (
    MAX_TYPED,
    Match,
    Verdict,
    grade_typed,
    normalized,
    typo_tolerance,
)


@pytest.mark.parametrize(
    ("typed", "accepted"),
    [
        ("  Paris ", "Paris"),
        ("paris", "Paris"),
        ("Paris.", "Paris"),
        ("«Paris»", "Paris"),
        ("New   York", "New York"),
        ("ＰＡＲＩＳ", "Paris"),  # full-width letters, folded by NFKC
        ("αθηνα", "Αθήνα"),  # Greek accents and case
        ("Αθηνά;", "Αθήνα"),  # and the Greek question mark around it
        ("ΠΡΟΣΟΧΗ", "προσοχή"),
        ("λογος", "λόγος"),  # the final sigma
        ("Ευβοϊκός", "ευβοικος"),  # the diaeresis
    ],
)
def test_normal_matching_forgives_case_accents_and_what_surrounds(
    typed: str, accepted: str
) -> None:
    grade = grade_typed(typed, [accepted], Match.NORMAL)
    assert grade.verdict is Verdict.RIGHT
    assert grade.matched == accepted


def test_normal_matching_keeps_what_changes_the_word() -> None:
    assert not grade_typed("café", ["cafe"], Match.NORMAL).right  # accents outside Greek count
    assert not grade_typed("Pari", ["Paris"], Match.NORMAL).right
    assert not grade_typed("Par is", ["Paris"], Match.NORMAL).right
    assert not grade_typed("", ["Paris"], Match.NORMAL).right


def test_exact_matching_forgives_only_the_spaces_around() -> None:
    assert grade_typed(" H2O ", ["H2O"], Match.EXACT).right
    assert not grade_typed("h2o", ["H2O"], Match.EXACT).right


def test_the_first_accepted_answer_that_matches_is_named() -> None:
    grade = grade_typed("nobody", ["no one", "nobody"], Match.NORMAL)
    assert grade.matched == "nobody"


@pytest.mark.parametrize(("length", "allowed"), [(1, 0), (4, 0), (5, 1), (8, 1), (9, 2), (40, 2)])
def test_the_typo_tolerance_grows_with_the_answer(length: int, allowed: int) -> None:
    assert typo_tolerance(length) == allowed


def test_a_typo_is_tolerated_by_length_and_said_to_be_one() -> None:
    assert grade_typed("Pasris", ["Paris"], Match.TYPO).verdict is Verdict.RIGHT_WITH_TYPO
    assert grade_typed("Prais", ["Paris"], Match.TYPO).verdict is Verdict.RIGHT_WITH_TYPO  # a swap
    assert grade_typed("Paris", ["Paris"], Match.TYPO).verdict is Verdict.RIGHT  # no typo needed
    assert not grade_typed("Pxrxs", ["Paris"], Match.TYPO).right  # two slips in five letters
    assert grade_typed("Amsterdan", ["Amsterdam"], Match.TYPO).right
    assert grade_typed("Amstrdan", ["Amsterdam"], Match.TYPO).right  # two slips in nine
    assert not grade_typed("Rome", ["Roma"], Match.TYPO).right  # under five letters: none
    assert not grade_typed("Pasris", ["Paris"], Match.NORMAL).right


def test_only_the_first_characters_are_read() -> None:
    long = "Paris" + " " * MAX_TYPED + "not read"
    assert grade_typed(long, ["Paris"], Match.NORMAL).right


@given(st.text(max_size=60))
def test_normalising_twice_changes_nothing(text: str) -> None:
    assert normalized(normalized(text)) == normalized(text)


@given(st.text(min_size=1, max_size=40), st.sampled_from(list(Match)))
def test_an_accepted_answer_typed_as_written_is_right(answer: str, match: Match) -> None:
    if match is not Match.EXACT and not normalized(answer):
        return  # nothing left to compare once punctuation is dropped
    assert grade_typed(answer, [answer], match).verdict is Verdict.RIGHT
