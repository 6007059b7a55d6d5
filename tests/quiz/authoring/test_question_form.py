"""The question form's domain: ids made from prompts (Greek too) and kept unique, the form's values
read under the loader's rules with each problem at its field, a form's pack written as YAML
(bot/quiz/reader/pack_yaml.py, tested in test_pack_yaml.py) loading back as the same pack, and a
pack changed one question at a time."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from bot.quiz.authoring.pack_edits import (
    EditRefusedError,
    new_pack,
    with_question,
    without_question,
)
from bot.quiz.authoring.question_form import (
    Step,
    StepKind,
    picture_file,
    picture_values,
    problems,
    question_of,
    question_problems,
    question_values,
    step_fields,
    steps,
)
from bot.quiz.model import Difficulty, Text
from bot.quiz.packs.question_ids import question_id
from bot.quiz.reader.loader import LIMITS, MAX_QUESTIONS, parse_pack
from bot.quiz.reader.pack_yaml import pack_yaml
from bot.quiz.reader.pictures import image_file_problem
from tests.pictures import picture
from tests.quiz.reader.pack_texts import VALID_PACK

BOTH = ("en", "el")
FILLED = {
    "prompt.en": "What is the capital of France?",
    "options.en": "Paris\n\n  Lyon  \nMarseille\n",
    "explanation.en": "Paris has been the capital\nsince 987.",
    "correct": "0",
    "prompt.el": "Ποια είναι η πρωτεύουσα της Γαλλίας;",
    "options.el": "Παρίσι\nΛυών\nΜασσαλία",
    "explanation.el": "Το Παρίσι είναι πρωτεύουσα από το 987.",
    "why.en.1": "Lyon is the third city.",
    "why.el.1": "Η Λυών είναι η τρίτη πόλη.",
}


def test_ids_come_from_the_prompt_in_ascii_and_stay_unique() -> None:
    assert question_id("What is the capital of France?", []) == "what-is-the-capital-of-france"
    greek = question_id("Ποια είναι η πρωτεύουσα της Γαλλίας;", [])
    assert greek == "poia-einai-i-proteyoysa-tis-gallias"
    long = question_id("Along which dimension does sequence parallelism split the data?", [])
    assert long == "along-which-dimension-does-sequence"
    assert len(long) <= 40
    assert question_id("What is 2 + 2?", ["what-is-2-2"]) == "what-is-2-2-2"
    assert question_id("What is 2 + 2?", ["what-is-2-2", "what-is-2-2-2"]) == "what-is-2-2-3"
    assert question_id("🤔 ?", []) == "thinking"  # emoji by their names
    assert question_id("¿…?", []) == "question"
    full = "a" * 40
    assert question_id("a" * 60, [full]) == "a" * 38 + "-2"


def test_the_steps_ask_each_locale_and_the_first_says_which_is_right() -> None:
    assert [s.name for s in steps(BOTH, new_pack=True)] == ["pack", "texts.en", "texts.el"]
    assert step_fields(Step(StepKind.TEXTS, "en"), BOTH, {}) == (
        "prompt.en",
        "options.en",
        "correct",
        "explanation.en",
    )
    assert "correct" not in step_fields(Step.named("texts.el"), BOTH, {})
    # "Why" fields for the wrong options only, as the first locale lists them.
    assert step_fields(Step.named("whys.el"), BOTH, FILLED) == ("why.el.1", "why.el.2")
    with pytest.raises(ValueError, match="'nothing'"):
        Step.named("nothing.en")


def test_a_filled_form_makes_the_question_and_loads_as_a_pack_would() -> None:
    assert question_problems(FILLED, BOTH) == []
    question = question_of(FILLED, BOTH, "capital")
    assert [o.text.get("el") for o in question.options] == ["Παρίσι", "Λυών", "Μασσαλία"]
    assert question.correct_index == 0
    assert question.options[1].why == Text.of(
        {"en": "Lyon is the third city.", "el": "Η Λυών είναι η τρίτη πόλη."}, "en"
    )
    assert question.options[2].why is None
    details = (Text.of({"en": "Cities", "el": "Πόλεις"}, "en"),) * 2
    pack = new_pack("cities", BOTH, details, Difficulty.EASY, question)
    loaded = parse_pack(pack_yaml(pack, "cities").encode(), "cities.yaml")
    assert loaded == replace(pack, source="cities.yaml")
    assert question_values(question, BOTH)["options.en"] == "Paris\nLyon\nMarseille"
    again = question_of(question_values(question, BOTH), BOTH, "capital")
    assert again == question


def test_each_problem_is_named_at_its_field() -> None:
    broken = dict(FILLED)
    broken |= {
        "prompt.el": "",
        "options.en": "Only one",
        "explanation.en": "x" * (LIMITS["explanation"] + 1),
        "options.el": "Ένα\tδύο\nΤρία",
        "why.el.1": "",
        "correct": "4",
    }
    found = {(p.field, p.key) for p in question_problems(broken, BOTH)}
    assert found == {
        ("prompt.el", "required"),
        ("options.en", "option_count"),
        ("explanation.en", "too_long"),
        ("options.el", "refused_character"),
        ("why.el.1", "why_missing"),
        ("correct", "correct_beyond"),
        ("options.el", "options_differ"),  # two lines there, one in English
    }
    counts = {"options.en": "A\nB\nC", "options.el": "Α\nΒ", "correct": "0"}
    differ = question_problems(FILLED | counts, BOTH)
    assert [(p.field, p.key, dict(p.params)) for p in differ] == [
        ("options.el", "options_differ", {"count": 2, "first": 3, "locale": "en"})
    ]
    # A step's own fields only: the other locale's missing texts are not its problem yet.
    assert problems({"prompt.en": "Fine?"}, BOTH, ["prompt.en"]) == []


def test_a_pack_changes_one_question_at_a_time() -> None:
    pack = parse_pack(VALID_PACK.encode(), "sample.yaml")
    question = question_of(FILLED, BOTH, "capital")
    added = with_question(pack, question)
    assert [q.id for q in added.questions] == ["first", "second", "capital"]
    edited = with_question(added, question_of(FILLED | {"correct": "2"}, BOTH, "first"))
    assert [q.id for q in edited.questions] == ["first", "second", "capital"]
    assert edited.questions[0].correct_index == 2
    assert [q.id for q in without_question(edited, "second").questions] == ["first", "capital"]
    single = without_question(pack, "second")
    with pytest.raises(EditRefusedError) as last:
        without_question(single, "first")
    assert last.value.key == "forms.last_question"
    full = pack
    while len(full.questions) < MAX_QUESTIONS:
        full = with_question(full, question_of(FILLED, BOTH, f"q{len(full.questions)}"))
    with pytest.raises(EditRefusedError) as many:
        with_question(full, question_of(FILLED, BOTH, "one-more"))
    assert (many.value.key, many.value.limit) == ("forms.too_many_questions", MAX_QUESTIONS)


def test_a_picture_is_named_by_its_bytes_and_described_in_every_locale() -> None:
    square = picture()
    named = picture_file(square)
    assert named is not None
    assert re.fullmatch(r"picture-[0-9a-f]{16}\.png", named)
    assert image_file_problem(named) is None  # a name the loader takes
    assert picture_file(picture("JPEG")) is not None
    assert picture_file(picture("JPEG")).endswith(".jpg")  # type: ignore[union-attr]
    assert picture_file(b"plain text") is None
    assert step_fields(Step.named("picture"), BOTH, {}) == ("image", "image_alt.en", "image_alt.el")

    pictured = FILLED | {
        "image": named,
        "image_alt.en": "A square.",
        "image_alt.el": "Ένα τετράγωνο.",
    }
    question = question_of(pictured, BOTH, "capital")
    assert question.image is not None
    assert (question.image.file, question.image.alt.get("el")) == (named, "Ένα τετράγωνο.")
    assert question_values(question, BOTH) == {k: v.strip() for k, v in pictured.items()} | {
        "kind": "choice",
        "options.en": "Paris\nLyon\nMarseille",
        "explanation.en": "Paris has been the capital\nsince 987.",
    }
    missing = {(p.field, p.key) for p in question_problems(pictured | {"image_alt.el": ""}, BOTH)}
    assert missing == {("image_alt.el", "required")}
    described = FILLED | {"image_alt.en": "A square."}  # but no picture
    assert [(p.field, p.key) for p in question_problems(described, BOTH)] == [
        ("image", "picture_missing")
    ]
    assert question_of(FILLED, BOTH, "capital").image is None


def test_the_picture_step_keeps_replaces_or_removes_the_picture() -> None:
    had = {"image": "square.png", "image_alt.en": "Old."}
    alt = {"image": "", "image_alt.en": "New."}
    assert picture_values(had, alt, None)["image"] == "square.png"  # no upload: kept
    assert picture_values(had, alt, "picture-1.png")["image"] == "picture-1.png"
    emptied = {"image": "", "image_alt.en": " ", "image_alt.el": ""}
    assert picture_values(had, emptied, None)["image"] == ""  # every description emptied
    assert picture_values({}, alt, None)["image"] == ""
