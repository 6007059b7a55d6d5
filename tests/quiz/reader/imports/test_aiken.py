"""Moodle's Aiken: options on lines of their own, then an `ANSWER:` line naming the right one."""

from __future__ import annotations

from bot.quiz.reader.imports.formats import Format
from tests.quiz.reader.imports.importing import (
    notes_of,
    options,
    problems_of,
    prompts,
    right,
    sample,
)


def test_a_teachers_aiken_file_becomes_its_questions() -> None:
    imported = sample("teacher.txt")
    assert imported.format is Format.AIKEN
    largest, plants, pacific = imported.pack.questions
    assert prompts(imported.pack) == [
        "Which planet is the largest?",
        "What do plants take in from the air\nto make their food?",  # over two lines
        "The Pacific is the largest ocean. True or false?",
    ]
    assert (options(largest), right(largest)) == (
        ["Mars", "Jupiter", "Venus", "Mercury"],
        "Jupiter",
    )
    assert right(plants) == "Carbon dioxide"  # "A)" options, and "ANSWER: c" in lower case
    assert right(pacific) == "True"
    assert largest.explanation.get(None) == "The answer is: Jupiter."
    # Six options are more than a round shows: left out, at the question's first line.
    assert notes_of(imported) == [
        "14:1: question: 6 options; a quizbot question shows at most 5; left out"
    ]


def test_what_an_aiken_file_gets_wrong_is_refused_at_its_line() -> None:
    text = (
        "A. an option first\n"  # 1
        "What is 2 + 2?\n"
        "A. 4\n"
        "B. 5\n"
        "ANSWER: C\n"  # 5: no option C
        "\n"
        "No answer line here?\n"  # 7
        "A. yes\n"
        "B. no\n"
        "\n"
        "Next?\n"  # 11: not an option after the options of line 7
        "A. one\n"
        "A. uno\n"  # 13: A twice
        "B. one\n"  # 14: the same text as A
        "ANSWER: A\n"
        "ANSWER: B\n"  # 16: no question above it
        "Last?\n"  # 17: the file ends before its ANSWER
        "A. x\n"
    )
    assert problems_of(text, "bad.txt") == [
        "1:1: option: an option with no question above it",
        "5:9: ANSWER: 'C' is not one of the question's options (A, B)",
        "7:1: question: the question has no ANSWER: line after its options (line 11 is not one)",
        "13:1: option: option A again (first on line 12)",
        "14:4: option B: repeats the option at 12:4; options must differ",
        "16:9: ANSWER: an ANSWER: line with no question above it",
        "17:1: question: this question has no ANSWER: line after its options",
    ]
