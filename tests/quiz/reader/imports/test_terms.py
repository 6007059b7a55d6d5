"""Term lists (a Quizlet export, Anki's notes in plain text, a spreadsheet's two columns) become
multiple-choice questions whose wrong options are other definitions from the same list."""

from __future__ import annotations

import random

from bot.quiz.reader.imports.distractors import key
from bot.quiz.reader.imports.formats import Format
from bot.quiz.reader.loader import MAX_QUESTIONS
from tests.quiz.reader.imports.importing import (
    notes_of,
    options,
    problems_of,
    prompts,
    right,
    sample,
    uploaded,
)


def test_a_quizlet_export_with_duplicates_asks_each_term_once_per_definition() -> None:
    imported = sample("quizlet-biology.txt")
    pack = imported.pack
    assert imported.format is Format.TERMS
    assert prompts(pack) == [
        f"What does “{term}” mean?"
        for term in (
            "mitochondrion",
            "ribosome",
            "nucleus",
            "cell membrane",
            "chloroplast",
            "vacuole",
            "nucleus",
            "cell wall",
        )
    ]
    assert notes_of(imported) == [
        "5:1: term: repeats line 1; it is asked once",
        (
            "8:1: term: “nucleus” is also on line 3 with another definition: both are asked, and "
            "neither is offered as a wrong answer for the other"
        ),
        "9:1: term: repeats line 1; it is asked once",  # case and spacing aside
    ]
    nucleus, other_nucleus = pack.questions[2], pack.questions[6]
    assert right(nucleus) == "holds the DNA"
    assert "the control centre of the cell" not in options(nucleus)
    assert "holds the DNA" not in options(other_nucleus)
    assert pack.questions[0].explanation.get(None) == (
        "mitochondrion — the powerhouse of the cell, where respiration happens"
    )


def test_every_question_has_four_different_options_from_the_list_and_one_is_right() -> None:
    pack = sample("quizlet-biology.txt").pack
    definitions = {right(question) for question in pack.questions}
    for question in pack.questions:
        shown = options(question)
        assert len(shown) == 4
        assert len({key(text) for text in shown}) == 4  # never two alike
        assert set(shown) <= definitions  # every wrong option is another definition listed


def test_wrong_options_are_of_a_length_like_the_right_ones() -> None:
    short = [(f"word{n}", f"{'ab'[n % 2]}{n}") for n in range(6)]  # "a0", "b1", …
    long = [(f"idea{n}", f"a long sentence that explains idea number {n} well") for n in range(6)]
    text = "".join(f"{term}\t{definition}\n" for term, definition in short + long)
    pack = uploaded(text, "mixed.txt").pack
    for question in pack.questions:
        lengths = {len(option) > 10 for option in options(question)}
        assert len(lengths) == 1, options(question)  # all short, or all long


def test_the_choice_is_fixed_by_the_list_not_by_chance() -> None:
    first = sample("quizlet-biology.txt").source
    random.seed(1)
    again = sample("quizlet-biology.txt").source
    random.seed(2)
    assert sample("quizlet-biology.txt").source == again == first
    # Neighbouring terms of one length do not all get the same wrong options.
    same_length = "".join(f"t{n}\tdefinition {n:02}\n" for n in range(12))
    pack = uploaded(same_length, "same.txt").pack
    assert len({frozenset(options(q)) - {right(q)} for q in pack.questions}) > 3


def test_an_anki_export_is_read_by_its_header_lines_and_its_html_made_plain() -> None:
    imported = sample("anki-spanish.txt")
    pack = imported.pack
    assert prompts(pack) == [
        "What does “el perro” mean?",
        "What does “el gato” mean?",
        "What does “la casa grande” mean?",  # a quoted field over two lines: one line here
        "What does “el pájaro” mean?",  # its [sound:…] gone
    ]
    assert [right(q) for q in pack.questions] == ["the dog", "the cat", "the big house", "the bird"]
    assert notes_of(imported) == ["10:7: term: an Anki cloze note, not a term; left out"]


def test_a_spreadsheets_two_columns_skip_their_header_row() -> None:
    pack = sample("spreadsheet-capitals.csv").pack
    assert pack.questions[0].prompt.get(None) == "What does “Athens” mean?"
    assert len(pack.questions) == 4  # "Term;Definition" is not asked
    assert right(pack.questions[2]) == "capital of Norway; in the north"  # quoted, ";" kept


def test_what_a_term_list_cannot_make_is_refused_at_its_place() -> None:
    long = "x" * 201
    assert problems_of(f"a\tone\nb\t{long}\nc\tthree\n", "long.txt") == [
        "2:3: definition: is 201 characters; as an option the limit is 200"
    ]
    assert problems_of("a\tsame\nb\tsame\nc\tSame\n", "same.txt") == [
        "1:1: file: a term list needs at least two different definitions"
    ]
    many = "".join(f"term {n}\tdefinition {n}\n" for n in range(MAX_QUESTIONS + 5))
    assert problems_of(many, "many.txt") == [
        (
            f"{MAX_QUESTIONS + 1}:1: term: more than {MAX_QUESTIONS} terms; a pack holds at most "
            f"{MAX_QUESTIONS}: split the list"
        )
    ]


def test_a_line_without_a_definition_is_left_out() -> None:
    imported = uploaded("a\tone\nlonely\nb\ttwo\nc\t \n", "gaps.txt")
    assert prompts(imported.pack) == ["What does “a” mean?", "What does “b” mean?"]
    assert notes_of(imported) == [
        "2:1: definition: no definition: split the term from its definition with a tab; left out",
        "4:3: definition: no definition; left out",
    ]


def test_greek_terms_are_asked_in_greek() -> None:
    pack = uploaded("όρος\tλέξη με σημασία\nάτομο\tη μικρότερη μονάδα\n", "λέξεις.txt", "el").pack
    assert prompts(pack) == ["Τι σημαίνει «όρος»;", "Τι σημαίνει «άτομο»;"]
    assert pack.id == "imported"  # no a-z in the file's name to make an id of
