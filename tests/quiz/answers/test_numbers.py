"""Typed numbers: a point or a comma for the decimals, spaces between digit groups, a unit after,
and the tolerance's ends included."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.quiz.answers.numbers import parse_number, within


@pytest.mark.parametrize(
    ("typed", "number"),
    [
        ("3.5", "3.5"),
        ("3,5", "3.5"),
        (" 42 ", "42"),
        ("-0,25", "-0.25"),
        ("−7", "-7"),  # the minus sign
        ("+7", "7"),
        ("3.", "3"),  # a full stop after it
        ("12 500", "12500"),
        ("12\u00a0500,5", "12500.5"),  # a no-break space between the groups
        ("1,000", "1"),  # a comma is never a thousands separator
    ],
)
def test_what_reads_as_a_number(typed: str, number: str) -> None:
    assert parse_number(typed) == Decimal(number)


@pytest.mark.parametrize(
    "typed", ["", "three", "3.5.1", "3,5,1", "1 23", "12 km extra", "٣", "1e3", "0x10"]
)
def test_what_is_no_number(typed: str) -> None:
    assert parse_number(typed) is None


def test_the_questions_unit_may_follow() -> None:
    assert parse_number("12 km", units=["km"]) == Decimal(12)
    assert parse_number("12km", units=["km"]) == Decimal(12)
    assert parse_number("12 χλμ.", units=["χλμ."]) == Decimal(12)
    assert parse_number("12 miles", units=["km"]) is None


def test_the_tolerance_includes_its_ends() -> None:
    answer, tolerance = Decimal("9.81"), Decimal("0.05")
    assert within(Decimal("9.86"), answer, tolerance)
    assert within(Decimal("9.76"), answer, tolerance)
    assert not within(Decimal("9.87"), answer, tolerance)
    assert within(Decimal(3), Decimal(3), Decimal(0))
