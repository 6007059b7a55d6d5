"""The question form's other kinds: all that apply (several right options), typed answers and a
number, each with its own fields per step, its problems at their fields under the loader's rules,
and every question a form makes loading back from its pack's YAML as the same question; a stored
question of each kind opens for editing as the form that makes it again."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from bot.quiz.authoring.pack_edits import new_pack
from bot.quiz.authoring.question_form import (
    Step,
    StepKind,
    kind_of,
    problems,
    question_of,
    question_problems,
    question_values,
    step_fields,
    wrong_options,
)
from bot.quiz.authoring.recall_fields import read_number
from bot.quiz.model import Difficulty, Kind, Match, NumberAnswer, Question, Text, TypedAnswers
from bot.quiz.reader.accepted import MAX_ANSWER, MAX_ANSWERS
from bot.quiz.reader.loader import parse_pack
from bot.quiz.reader.pack_yaml import pack_yaml

BOTH = ("en", "el")
ALL = {
    "kind": "all",
    "prompt.en": "Which are prime?",
    "options.en": "2\n4\n5\n9",
    "correct": "0,2",
    "explanation.en": "2 and 5 have no other divisors.",
    "prompt.el": "Ποιοι είναι πρώτοι;",
    "options.el": "2\n4\n5\n9",
    "explanation.el": "Οι 2 και 5 δεν έχουν άλλους διαιρέτες.",
    "why.en.1": "4 is 2 × 2.",
    "why.el.1": "Το 4 είναι 2 × 2.",
}
TYPED = {
    "kind": "typed",
    "prompt.en": "The capital of France?",
    "answers.en": "Paris\n\n  Paris, France \n",
    "match": "typo",
    "explanation.en": "Paris, since 987.",
    "prompt.el": "Η πρωτεύουσα της Γαλλίας;",
    "answers.el": "Παρίσι",
    "explanation.el": "Το Παρίσι, από το 987.",
}
NUMBER = {
    "kind": "number",
    "prompt.en": "How long is a marathon?",
    "answer": "42,195",
    "tolerance": "0.2",
    "unit.en": "km",
    "explanation.en": "42.195 km since 1921.",
    "prompt.el": "Πόσο είναι ο μαραθώνιος;",
    "unit.el": "χλμ",
    "explanation.el": "42,195 χλμ από το 1921.",
}


def loaded(question: Question) -> Question:
    """The question as the loader reads it back from the pack a form makes."""
    details = (Text.of({"en": "Mixed", "el": "Μικτό"}, "en"),) * 2
    pack = new_pack("mixed", BOTH, details, Difficulty.EASY, question)
    again = parse_pack(pack_yaml(pack, "mixed").encode(), "mixed.yaml")
    assert again == replace(pack, source="mixed.yaml")
    return again.questions[0]


def test_each_kind_asks_its_own_fields_in_each_step() -> None:
    first, second = Step(StepKind.TEXTS, "en"), Step(StepKind.TEXTS, "el")
    assert step_fields(first, BOTH, ALL) == ("prompt.en", "options.en", "correct", "explanation.en")
    assert step_fields(second, BOTH, ALL) == ("prompt.el", "options.el", "explanation.el")
    assert step_fields(first, BOTH, TYPED) == ("prompt.en", "answers.en", "match", "explanation.en")
    assert step_fields(second, BOTH, TYPED) == ("prompt.el", "answers.el", "explanation.el")
    assert step_fields(first, BOTH, NUMBER) == (
        *("prompt.en", "answer", "tolerance", "unit.en", "explanation.en"),
    )
    assert step_fields(second, BOTH, NUMBER) == ("prompt.el", "unit.el", "explanation.el")
    for values in (ALL, TYPED, NUMBER):
        assert len(step_fields(first, BOTH, values)) <= 5  # Discord's limit for a modal
    # "Why" texts for the options not ticked; none for a question without options.
    assert step_fields(Step(StepKind.WHYS, "el"), BOTH, ALL) == ("why.el.1", "why.el.3")
    assert wrong_options(TYPED, BOTH) == wrong_options(NUMBER, BOTH) == []


def test_all_that_apply_makes_several_right_options_and_loads() -> None:
    assert question_problems(ALL, BOTH) == []
    question = question_of(ALL, BOTH, "primes")
    assert question.correct_indices == (0, 2)
    assert question.several_right
    assert question.options[1].why is not None
    assert loaded(question) == question
    values = question_values(question, BOTH)
    assert (values["kind"], values["correct"]) == ("all", "0,2")
    assert question_of(values, BOTH, "primes") == question
    assert kind_of(question).value == "all"


@pytest.mark.parametrize(
    ("correct", "key"),
    [("2", "too_few_right"), ("0,1,2,3", "all_right"), ("0,4", "correct_beyond"), ("", "required")],
)
def test_all_that_apply_needs_two_right_and_one_wrong(correct: str, key: str) -> None:
    found = question_problems(ALL | {"correct": correct}, BOTH)
    assert [(p.field, p.key) for p in found] == [("correct", key)]


def test_a_single_choice_takes_one_right_option_only() -> None:
    choice = ALL | {"kind": "choice", "correct": "0,2"}
    assert [(p.field, p.key) for p in question_problems(choice, BOTH)] == [("correct", "required")]
    assert question_of(choice | {"correct": "2"}, BOTH, "one").correct_indices == (2,)


def test_a_typed_question_keeps_its_answers_per_language_and_its_match() -> None:
    assert question_problems(TYPED, BOTH) == []
    question = question_of(TYPED, BOTH, "capital")
    assert question.kind is Kind.TYPED
    assert question.options == ()
    assert question.accepts == TypedAnswers(
        {"en": ("Paris", "Paris, France"), "el": ("Παρίσι",)}, "en", Match.TYPO
    )
    assert loaded(question) == question
    values = question_values(question, BOTH)
    assert values["answers.en"] == "Paris\nParis, France"
    assert (values["kind"], values["match"]) == ("typed", "typo")
    assert question_of(values, BOTH, "capital") == question
    # No match given: normal, as the loader takes it.
    normal = question_of({k: v for k, v in TYPED.items() if k != "match"}, BOTH, "capital")
    assert isinstance(normal.accepts, TypedAnswers)
    assert normal.accepts.match is Match.NORMAL


def test_a_typed_questions_problems_are_at_their_fields() -> None:
    broken = TYPED | {
        "answers.el": "",
        "answers.en": "\n".join(f"Paris {n}" for n in range(MAX_ANSWERS + 1)),
        "match": "fuzzy",
    }
    found = {(p.field, p.key) for p in question_problems(broken, BOTH)}
    assert found == {
        ("answers.en", "answer_count"),
        ("answers.el", "required"),
        ("match", "required"),
    }
    long = problems({"answers.en": "x" * (MAX_ANSWER + 1)}, BOTH, ["answers.en"])
    assert [(p.key, dict(p.params)) for p in long] == [
        ("too_long", {"length": MAX_ANSWER + 1, "limit": MAX_ANSWER})
    ]
    dots = problems({"answers.en": "Paris\n?!"}, BOTH, ["answers.en"])
    assert [(p.key, dict(p.params)) for p in dots] == [("only_punctuation", {"answer": "?!"})]


def test_a_number_question_reads_numbers_as_members_type_them() -> None:
    assert question_problems(NUMBER, BOTH) == []
    question = question_of(NUMBER, BOTH, "marathon")
    assert question.accepts == NumberAnswer(
        Decimal("42.195"), Decimal("0.2"), Text.of({"en": "km", "el": "χλμ"}, "en")
    )
    assert loaded(question) == question
    values = question_values(question, BOTH)
    assert (values["kind"], values["answer"], values["tolerance"]) == ("number", "42.195", "0.2")
    assert question_of(values, BOTH, "marathon") == question
    bare = {k: v for k, v in NUMBER.items() if k not in {"tolerance", "unit.en", "unit.el"}}
    plain = question_of(bare | {"answer": "12 500"}, BOTH, "plain")
    assert plain.accepts == NumberAnswer(Decimal(12500))
    assert loaded(plain) == plain
    assert "tolerance" not in question_values(plain, BOTH)
    # A pack's scientific notation is shown plainly for editing, and read back the same.
    big = replace(plain, accepts=NumberAnswer(Decimal("1E+3")))
    assert question_values(big, BOTH)["answer"] == "1000"
    assert read_number("1e-3") == Decimal("0.001")
    assert read_number("−3,5") == Decimal("-3.5")


@pytest.mark.parametrize(
    ("changed", "found"),
    [
        ({"answer": "forty-two"}, [("answer", "not_a_number")]),
        ({"answer": ""}, [("answer", "required")]),
        ({"answer": "NaN"}, [("answer", "not_a_number")]),
        ({"tolerance": "-1"}, [("tolerance", "negative")]),
        ({"tolerance": "a bit"}, [("tolerance", "not_a_number")]),
        ({"unit.el": ""}, [("unit.el", "unit_missing")]),
        ({"unit.en": "kilometres!" * 3}, [("unit.en", "too_long")]),
    ],
)
def test_a_number_questions_problems_are_at_their_fields(
    changed: dict[str, str], found: list[tuple[str, str]]
) -> None:
    assert [(p.field, p.key) for p in question_problems(NUMBER | changed, BOTH)] == found


def test_no_tolerance_and_no_unit_are_fine() -> None:
    bare = NUMBER | {"tolerance": "", "unit.en": "", "unit.el": ""}
    assert question_problems(bare, BOTH) == []
    assert question_of(bare, BOTH, "m").accepts == NumberAnswer(Decimal("42.195"))
