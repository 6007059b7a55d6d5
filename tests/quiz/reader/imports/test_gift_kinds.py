"""GIFT's short answer, numerical and partial-credit questions as the pack's typed, number and
all-that-apply questions: what each form becomes, what is left out with a note, and what is
refused at its line and column."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.quiz.model import Kind, Match, NumberAnswer, Question, TypedAnswers
from bot.quiz.reader.loader import parse_pack
from tests.quiz.reader.imports.importing import notes_of, options, problems_of, uploaded, whys


def one_question(text: str, locale: str = "en") -> tuple[Question, list[str]]:
    """The one question a GIFT text makes (its YAML loading as the same pack), and the notes."""
    imported = uploaded(text, "k.gift", locale)
    assert parse_pack(imported.source.encode(), "k.gift") == imported.pack
    (question,) = imported.pack.questions
    return question, notes_of(imported)


def test_a_short_answer_is_a_typed_question_matched_normally() -> None:
    question, notes = one_question("Capital of Greece?{=Athens#Since 1834. =Athina =Αθήνα}\n")
    assert question.kind is Kind.TYPED
    assert question.options == ()
    assert question.accepts == TypedAnswers(
        {"en": ("Athens", "Athina", "Αθήνα")}, "en", Match.NORMAL
    )
    assert question.explanation.get(None) == "Since 1834."
    assert notes == []


def test_a_missing_word_short_answer_keeps_its_blank_and_says_the_answer() -> None:
    question, _ = one_question("Grant is {=entombed =buried} in Grant's tomb.\n", "el")
    assert question.prompt.get(None) == "Grant is _____ in Grant's tomb."
    assert question.explanation.get(None) == "Η σωστή απάντηση είναι: entombed."


def test_short_answers_of_partial_credit_or_with_a_wildcard_are_left_out() -> None:
    question, notes = one_question("Who?{=no one =%50%nobody =no*}\n")
    assert question.accepts == TypedAnswers({"en": ("no one",)}, "en")
    assert notes == [
        "1:14: answer: an accepted answer with partial credit (%50%); left out",
        "1:26: answer: an accepted answer with a * wildcard; left out",
    ]
    assert problems_of("Who?{=%50%nobody}\n", "w.gift")[1:] == [
        "1:5: answers: a short-answer question with no full-credit answer; left out",
        "1:6: answer: an accepted answer with partial credit (%50%); left out",
    ]


@pytest.mark.parametrize(
    ("answers", "value", "tolerance"),
    [
        ("#1822:5", "1822", "5"),
        ("#1822", "1822", "0"),
        ("# 3.141 : 0.0005 ", "3.141", "0.0005"),
        ("#1820..1824", "1822", "2"),
        ("#0.1..0.3", "0.2", "0.1"),  # exactly: in floats, 0.1 + 0.3 is not 0.4
        ("#-5..-2", "-3.5", "1.5"),
        ("#1e3:1e-2", "1000", "0.01"),
    ],
)
def test_a_numerical_question_is_a_number_exactly(answers: str, value: str, tolerance: str) -> None:
    question, notes = one_question(f"When?{{{answers}}}\n")
    assert question.accepts == NumberAnswer(Decimal(value), Decimal(tolerance))
    assert notes == []


def test_of_several_numerical_answers_the_full_credit_one_is_kept() -> None:
    text = "::Born::Born?{#=1822:0#Right. =%50%1822:2#Close. =1823}\n"
    question, notes = one_question(text)
    assert question.accepts == NumberAnswer(Decimal(1822), Decimal(0))
    assert question.explanation.get(None) == "Right."
    assert notes == [
        "1:31: answer: a numerical answer with partial credit (%50%); left out",
        "1:50: answer: a second full-credit numerical answer; a number question has one; left out",
    ]
    (said,) = [q.explanation.get(None) for q in uploaded("N?{#7:0.5}\n", "n.gift").pack.questions]
    assert said == "The answer is: 7 ± 0.5."


def test_a_numerical_question_written_wrong_is_refused_at_its_number() -> None:
    text = "A?{#one}\n\nB?{#5:-1}\n\nC?{#9..1}\n\nD?{#=%50%1}\n\nE?{# 1 =2}\n"
    assert problems_of(text, "n.gift") == [
        "1:5: answer: 'one' is not a number such as 1822, 1822:5 or 1820..1824",
        "3:5: answer: the tolerance -1 is negative",
        "5:5: answer: the range 9..1 runs down; write its lower end first",
        (
            "9:5: answers: text before the first = of a numerical question; write numbers such"
            " as 1822, 1822:5 or 1820..1824"
        ),
    ]
    long = "1" * 31
    assert problems_of(f"F?{{#{long}}}\n", "n.gift") == [
        f"1:5: answer: {long[:30]}… is 31 characters as a number; the limit is 30"
    ]
    assert problems_of("G?{#=%50%1}\n", "n.gift")[1] == (
        "1:3: answers: a numerical question with no full-credit answer; left out"
    )


def test_partial_credit_without_an_equals_is_all_that_apply_with_a_note() -> None:
    text = "::Primes::Prime?{~%50%2#Two is. ~%50%3 ~%-100%4#Even. ~%0%9}\n"
    question, notes = one_question(text)
    assert options(question) == ["2", "3", "4", "9"]
    assert question.correct_indices == (0, 1)
    assert question.several_right
    assert whys(question) == ["Two is.", None, "Even.", None]
    assert question.explanation.get(None) == "The answers are: 2, 3."
    assert notes == [
        (
            "1:17: answers: partial credit (%…%) is read as all that apply: the answers of"
            " positive weight are right"
        )
    ]


NONE_WRONG = "answers with partial credit (%…%), all of positive weight: none is wrong"
BESIDE = "answers with partial credit (%…%) beside an = answer; a quizbot question has one right"


@pytest.mark.parametrize(
    ("answers", "note"),
    [
        ("{~%50%a ~%50%b}", NONE_WRONG),
        ("{=a ~%50%b ~c}", BESIDE),
        ("{=a =b ~c}", "more than one right answer; a quizbot question has one"),
    ],
)
def test_what_all_that_apply_cannot_be_is_left_out(answers: str, note: str) -> None:
    assert problems_of(f"Q?{answers}\n", "p.gift")[1] == f"1:3: answers: {note}; left out"


def test_aiken_stays_one_right_answer() -> None:
    pack = uploaded("Largest?\nA. Mars\nB. Jupiter\nANSWER: B\n", "a.txt").pack
    assert [q.correct_indices for q in pack.questions] == [(1,)]


def test_a_file_of_numerical_questions_is_told_to_be_gift() -> None:
    imported = uploaded("When was Grant born? {#1822:5}\n", "years.txt")
    assert [q.kind for q in imported.pack.questions] == [Kind.NUMBER]
