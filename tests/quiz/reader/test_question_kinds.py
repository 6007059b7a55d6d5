"""Typed, number and all-that-apply questions in the pack format: what the loader builds, and
each rule's message at its place."""

from __future__ import annotations

import textwrap
from decimal import Decimal

import pytest

from bot.quiz.model import Kind, Match, NumberAnswer, TypedAnswers
from bot.quiz.reader.loader import parse_pack
from bot.quiz.reader.problems import PackError

HEAD = """\
id: kinds
locales: [en, el]
title: {en: Kinds, el: Είδη}
summary: {en: Every kind., el: Κάθε είδος.}
difficulty: easy
questions:
"""


def pack_of(questions: str) -> str:
    return HEAD + textwrap.indent(textwrap.dedent(questions), "  ")


def problems_of(questions: str) -> list[str]:
    with pytest.raises(PackError) as caught:
        parse_pack(pack_of(questions).encode(), "p.yaml")
    return [str(problem) for problem in caught.value.problems]


TYPED = """\
- id: typed
  kind: typed
  prompt: {en: "Dispatch?", el: "Αποστολή;"}
  answers:
    en: [all-to-all, all to all]
    el: όλοι προς όλους
  match: typo
  explanation: {en: All-to-all., el: All-to-all.}
"""
NUMBER = """\
- id: number
  kind: number
  prompt: {en: "Traffic?", el: "Κίνηση;"}
  answer: 1.5
  tolerance: 0.05
  unit: {en: GB, el: GB}
  explanation: {en: 1.5 GB., el: "1,5 GB."}
"""
SEVERAL = """\
- id: several
  prompt: {en: "Which split weights?", el: "Ποια μοιράζουν βάρη;"}
  options:
    - {text: {en: Tensor, el: Τανυστών}, correct: true}
    - {text: {en: Pipeline, el: Διοχέτευσης}, correct: true}
    - {text: {en: Data, el: Δεδομένων}}
  explanation: {en: Two do., el: Δύο.}
"""


def test_each_kind_becomes_its_question() -> None:
    pack = parse_pack(pack_of(TYPED + NUMBER + SEVERAL).encode(), "p.yaml")
    typed, number, several = pack.questions
    assert typed.kind is Kind.TYPED
    assert typed.options == ()
    assert typed.accepts == TypedAnswers(
        {"en": ("all-to-all", "all to all"), "el": ("όλοι προς όλους",)}, "en", Match.TYPO
    )
    assert isinstance(typed.accepts, TypedAnswers)
    assert typed.accepts.get("el-GR") == ("όλοι προς όλους",)
    assert typed.accepts.every() == ("all-to-all", "all to all", "όλοι προς όλους")
    assert number.kind is Kind.NUMBER
    assert isinstance(number.accepts, NumberAnswer)
    assert (number.accepts.value, number.accepts.tolerance) == (Decimal("1.5"), Decimal("0.05"))
    assert number.accepts.unit is not None
    assert number.accepts.unit.get("el") == "GB"
    assert several.kind is Kind.CHOICE
    assert several.several_right
    assert several.correct_indices == (0, 1)
    assert not several.single_choice


def test_match_is_normal_and_tolerance_zero_unless_given() -> None:
    typed = TYPED.replace("  match: typo\n", "")
    number = NUMBER.replace("  tolerance: 0.05\n", "").replace("  unit: {en: GB, el: GB}\n", "")
    first, second = parse_pack(pack_of(typed + number).encode(), "p.yaml").questions
    assert isinstance(first.accepts, TypedAnswers)
    assert first.accepts.match is Match.NORMAL
    assert second.accepts == NumberAnswer(Decimal("1.5"), Decimal(0), None)


def test_a_one_locale_pack_lists_its_answers_plainly() -> None:
    text = textwrap.dedent("""\
        id: plain
        locales: [en]
        title: Plain
        summary: Plain.
        difficulty: easy
        questions:
          - id: q
            kind: typed
            prompt: Capital of Greece?
            answers: [Athens, Athina]
            explanation: Athens.
        """)
    (question,) = parse_pack(text.encode(), "p.yaml").questions
    assert isinstance(question.accepts, TypedAnswers)
    assert question.accepts.get("el") == ("Athens", "Athina")


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (
            ("kind: typed", "kind: essay"),
            "p.yaml:8:11: questions[0].kind: 'essay' must be one of choice, typed, number",
        ),
        (
            ("match: typo", "match: fuzzy"),
            "p.yaml:13:12: questions[0].match: 'fuzzy' must be one of exact, normal, typo",
        ),
        (
            ("    el: όλοι προς όλους\n", ""),
            "p.yaml:11:7: questions[0].answers.el: is required",
        ),
        (
            ("[all-to-all, all to all]", "[all-to-all, '...']"),
            (
                "p.yaml:11:24: questions[0].answers.en[1]: '...' is only punctuation, which "
                "no match compares"
            ),
        ),
        (
            ("[all-to-all, all to all]", "[]"),
            "p.yaml:11:11: questions[0].answers.en: lists 0 answers; give 1 to 10",
        ),
        (
            ("  match: typo\n", "  match: typo\n  answer: 3\n"),
            (
                "p.yaml:14:13: questions[0].answer: belongs to kind: number questions; this one is "
                "typed"
            ),
        ),
    ],
)
def test_a_typed_question_is_checked_at_its_place(change: tuple[str, str], problem: str) -> None:
    assert problems_of(TYPED.replace(*change)) == [problem]


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (
            ("answer: 1.5", "answer: 1,5"),
            "p.yaml:10:13: questions[0].answer: '1,5' is not a number such as 3.5",
        ),
        (
            ("answer: 1.5", "answer: .inf"),
            "p.yaml:10:13: questions[0].answer: '.inf' is not a number such as 3.5",
        ),
        (
            ("tolerance: 0.05", "tolerance: -1"),
            "p.yaml:11:16: questions[0].tolerance: must not be negative",
        ),
        (
            ("  answer: 1.5\n", ""),
            "p.yaml:7:5: questions[0].answer: is required in a number question",
        ),
        (
            ("{en: GB, el: GB}", "{en: GB}"),
            "p.yaml:12:11: questions[0].unit.el: is required",
        ),
    ],
)
def test_a_number_question_is_checked_at_its_place(change: tuple[str, str], problem: str) -> None:
    assert problems_of(NUMBER.replace(*change)) == [problem]


def test_a_choice_question_needs_options_and_one_wrong_among_several_right() -> None:
    assert problems_of(
        SEVERAL.replace("{en: Data, el: Δεδομένων}", "{en: Data, el: Δεδομένων}, correct: true")
    ) == [
        (
            "p.yaml:10:7: questions[0].options: at least one option must be correct: true, and one "
            "not; all are"
        )
    ]
    no_options = "- id: q\n  prompt: {en: a, el: b}\n  explanation: {en: a, el: b}\n"
    assert problems_of(no_options) == [
        "p.yaml:7:5: questions[0].options: is required in a choice question"
    ]
