"""Moodle's GIFT: an export as Moodle writes one (comments, a category, titles, [html], escapes,
feedback), the questions quizbot cannot ask left out at their lines, and what cannot be read
refused at its line and column. Short answer, numerical and partial credit: test_gift_kinds.py."""

from __future__ import annotations

from decimal import Decimal

from bot.quiz.model import Kind, NumberAnswer, TypedAnswers
from bot.quiz.reader.imports.formats import Format
from tests.quiz.reader.imports.importing import (
    notes_of,
    options,
    problems_of,
    prompts,
    right,
    sample,
    uploaded,
    whys,
)


def test_a_moodle_export_becomes_its_questions_of_every_kind_quizbot_asks() -> None:
    imported = sample("moodle-export.gift")
    pack = imported.pack
    assert imported.format is Format.GIFT
    assert (pack.id, pack.title.get(None)) == ("moodle-export", "moodle-export")
    assert [q.id for q in pack.questions] == [
        "capital-of-france",
        "the-sun",
        "escapes-all-of-them",
        "grant",
        "who",
        "born",
        "primes",
    ]
    france, sun, escapes, grant, who, born, primes = pack.questions
    # [html]: tags gone, the question and its answers read as plain text.
    assert france.prompt.get(None) == "What is the capital of France?"
    assert (options(france), right(france)) == (["Paris", "Lyon", "Marseille"], "Paris")
    assert france.explanation.get(None) == "Yes: Paris has been the capital since 987."
    assert whys(france) == [None, "Lyon is the third largest city.", None]
    # True/false: the first feedback is shown to a wrong answer, the second to a right one.
    assert (options(sun), right(sun)) == (["True", "False"], "True")
    assert whys(sun) == [None, "It is: a G-type main-sequence star."]
    assert sun.explanation.get(None) == "Right: a G-type main-sequence star."
    # Escapes: \= \{ \} \: \# are the characters; \n a line break; general feedback explains.
    assert escapes.prompt.get(None) == "In GIFT, 1 + 1 = ? Braces { } and a colon: stay."
    assert options(escapes) == ["2", "3 # not prime?", "11"]
    assert escapes.explanation.get(None) == "In base ten, 1 + 1 = 2\nand in base two it is 10."
    # The missing-word form: a blank where the answers stand.
    assert grant.prompt.get(None) == "Grant is _____ in Grant's tomb."
    assert right(grant) == "entombed"
    assert grant.explanation.get(None) == "The answer is: entombed."
    # Short answer: typed; numerical: a number; partial credit with no =: all that apply.
    assert who.kind is Kind.TYPED
    assert who.accepts == TypedAnswers({"en": ("no one", "nobody")}, "en")
    assert born.accepts == NumberAnswer(Decimal(1822), Decimal(5))
    assert (options(primes), primes.correct_indices) == (["2", "3", "4"], (0, 1))
    assert primes.explanation.get(None) == "The answers are: 2, 3."


def test_the_questions_quizbot_does_not_ask_are_left_out_each_at_its_line() -> None:
    assert notes_of(sample("moodle-export.gift")) == [
        "41:2: answers: a matching question; left out",
        "48:35: answers: an essay question (no answers); left out",
        (
            "52:36: answers: partial credit (%…%) is read as all that apply: the answers of"
            " positive weight are right"
        ),
    ]


def test_comments_and_windows_line_ends_change_nothing() -> None:
    plain = "Capital of Greece? {=Athens ~Sparta}\n\nThe sky is green.{F}\n"
    commented = (
        "// a comment before\r\nCapital of Greece? {\r\n// a comment inside\r\n=Athens ~Sparta}"
        "\r\n\r\n   // indented\r\nThe sky is green.{F}\r\n"
    )
    assert uploaded(commented, "a.gift").pack.questions == uploaded(plain, "a.gift").pack.questions
    assert prompts(uploaded(plain, "a.gift").pack) == ["Capital of Greece?", "The sky is green."]


def test_the_pack_is_in_the_servers_language() -> None:
    pack = uploaded("The sky is green.{F}\n\nTwo?{=2 ~3}\n", "a.gift", "el").pack
    sky, two = pack.questions
    assert pack.locales == ("el",)
    assert (options(sky), right(sky)) == (["Σωστό", "Λάθος"], "Λάθος")
    assert two.explanation.get(None) == "Η σωστή απάντηση είναι: 2."
    assert pack.summary.get(None) == "Ερωτήσεις από το αρχείο a.gift."


def test_what_cannot_be_read_is_refused_at_its_place() -> None:
    text = (
        "Open? {=yes ~no\n"  # 1: never closed, so the next question joins it
        "\n"
        "None right? {~a ~b}\n"  # 3
        "\n"
        "Words first? {so =a ~b}\n"  # 5
        "\n"
        "Two? {=a ~b} and {=c ~d}\n"  # 7
        "\n"
        "::Untitled:: Fine {=a ~b ~a}\n"  # 9: an option twice
    )
    assert problems_of(text, "bad.gift") == [
        "1:7: answers: this { of the answers is not closed by }",
        "3:13: answers: no right answer: mark it with =",
        "5:15: answers: text before the first answer; start each answer with = or ~",
        "7:18: answers: a second { … } in one question; put a blank line between questions",
        "9:27: answer: repeats the option at 9:21; options must differ",
    ]


def test_a_title_left_open_and_characters_no_text_may_hold_are_refused() -> None:
    assert problems_of("::Open title {=a ~b}\n", "t.gift") == [
        "1:1: title: this :: of the title is not closed by ::"
    ]
    assert problems_of("Fine? {=a ~b}\n\nBell\x07? {=a ~b}\n", "c.gift") == [
        "3:5: text: holds U+0007 (a control character), which a text may not hold; remove it"
    ]


def test_a_file_with_nothing_to_ask_says_so_and_why() -> None:
    assert problems_of("Write? {}\n\nJust a description.\n", "none.gift") == [
        "1:1: file: holds no question quizbot can ask (choice, true/false, typed or number)",
        "1:8: answers: an essay question (no answers); left out",
        "3:1: question: a description, not a question; left out",
    ]
