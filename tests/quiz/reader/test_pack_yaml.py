"""A pack written as YAML (what `/quiz pack export` sends) loads as the same pack again, its
questions of every kind (choice, all that apply, typed, number) too."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.quiz.answers.typed import normalized
from bot.quiz.model import Kind, Match, NumberAnswer, Option, Pack, Question, Text, TypedAnswers
from bot.quiz.packs.pack_pictures import with_digests
from bot.quiz.reader.accepted import MAX_ANSWERS, MAX_NUMBER, MAX_UNIT
from bot.quiz.reader.loader import parse_pack
from bot.quiz.reader.pack_yaml import number_text, pack_yaml
from tests.pictures import PICTURED_PACK
from tests.quiz.reader.imports.importing import sample
from tests.shipped import SHIPPED_PACK_FILES


def reloaded(pack: Pack, pack_id: str | None = None) -> Pack:
    written = pack_yaml(pack, pack_id or pack.id)
    return replace(parse_pack(written.encode(), "exported.yaml"), source=pack.source)


@pytest.mark.parametrize("path", SHIPPED_PACK_FILES, ids=lambda path: path.stem)
def test_a_shipped_pack_in_two_languages_comes_back_the_same(path: object) -> None:
    pack = parse_pack(path.read_bytes(), str(path))  # type: ignore[attr-defined]
    assert pack.guide is not None
    assert len(pack.locales) == 2
    assert any(option.why for question in pack.questions for option in question.options)
    assert reloaded(pack) == pack


@pytest.mark.parametrize(
    "name", ["moodle-export.gift", "teacher.txt", "quizlet-biology.txt", "anki-spanish.txt"]
)
def test_an_imported_pack_comes_back_the_same(name: str) -> None:
    pack = sample(name).pack
    assert reloaded(pack) == pack


def test_a_picture_is_written_as_its_file_and_alt_text_where_the_readme_puts_them() -> None:
    pack = parse_pack(PICTURED_PACK.encode(), "pictured.yaml")
    placed = with_digests(pack, {"square.png": "ab" * 32})  # as a server's view holds it
    written = pack_yaml(placed, "pictured")
    question = yaml.safe_load(written)["questions"][0]
    assert list(question) == ["id", "prompt", "image", "image_alt", "options", "explanation"]
    assert question["image"] == "square.png"
    assert question["image_alt"] == {
        "en": "A plain teal square.",
        "el": "Ένα απλό γαλαζοπράσινο τετράγωνο.",
    }
    assert reloaded(placed) == pack  # the digest is the stored picture's, not the file's
    assert "image" not in yaml.safe_load(written)["questions"][1]


def test_the_yaml_is_as_an_author_writes_it() -> None:
    pack = sample("moodle-export.gift").pack
    written = pack_yaml(pack, "geography")
    assert written.startswith("id: geography\nlocales:\n  - en\ntitle: moodle-export\n")
    assert (
        "    explanation: |-\n      In base ten, 1 + 1 = 2\n      and in base two it is 10.\n"
        in (written)
    )
    assert list(yaml.safe_load(written)) == [
        "id",
        "locales",
        "title",
        "summary",
        "difficulty",
        "questions",
    ]


_TEXT = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp", "Cf")),
    min_size=1,
    max_size=40,
).filter(lambda text: text.strip() == text and text)


@settings(max_examples=60, deadline=None)
@given(prompt=_TEXT, right=_TEXT, wrong=_TEXT, lines=st.lists(_TEXT, min_size=1, max_size=3))
def test_any_texts_come_back_as_they_were(
    prompt: str, right: str, wrong: str, lines: list[str]
) -> None:
    def text(value: str) -> Text:
        return Text.of({"en": value}, "en")

    question = Question(
        id="q1",
        prompt=text(prompt),
        options=(
            Option(text(right), correct=True),
            Option(text(wrong), correct=False, why=text(wrong)),
        ),
        explanation=text("\n".join(lines)),
    )
    pack = replace(sample("teacher.txt").pack, questions=(question,))
    assert reloaded(pack) == pack


KINDS_PACK = """\
id: kinds
locales: [en, el]
title: {en: Kinds, el: Είδη}
summary: {en: Every kind., el: Κάθε είδος.}
difficulty: easy
questions:
  - id: typed
    kind: typed
    prompt: {en: "Dispatch?", el: "Αποστολή;"}
    answers: {en: [all-to-all, all to all], el: όλοι προς όλους}
    match: typo
    explanation: {en: All-to-all., el: All-to-all.}
  - id: normal
    kind: typed
    prompt: {en: "Capital?", el: "Πρωτεύουσα;"}
    answers: {en: Athens, el: Αθήνα}
    explanation: {en: Athens., el: Αθήνα.}
  - id: number
    kind: number
    prompt: {en: "Traffic?", el: "Κίνηση;"}
    answer: 0.1
    tolerance: 1e-7
    unit: {en: GB, el: GB}
    explanation: {en: A tenth., el: Ένα δέκατο.}
  - id: whole
    kind: number
    prompt: {en: "Year?", el: "Έτος;"}
    answer: '1822'
    explanation: {en: "1822.", el: "1822."}
  - id: several
    prompt: {en: "Which split weights?", el: "Ποια μοιράζουν βάρη;"}
    options:
      - {text: {en: Tensor, el: Τανυστών}, correct: true}
      - {text: {en: Pipeline, el: Διοχέτευσης}, correct: true, why: {en: It does., el: Ναι.}}
      - {text: {en: Data, el: Δεδομένων}}
    explanation: {en: Two do., el: Δύο.}
"""


def test_every_kind_comes_back_the_same_in_two_languages_and_in_one() -> None:
    pack = parse_pack(KINDS_PACK.encode(), "kinds.yaml")
    assert reloaded(pack) == pack
    one = parse_pack(pack_yaml(_only_english(pack), "kinds").encode(), "one.yaml")
    assert reloaded(one) == one
    assert one.questions[0].accepts == TypedAnswers(
        {"en": ("all-to-all", "all to all")}, "en", Match.TYPO
    )


def _only_english(pack: Pack) -> Pack:
    """The pack as a one-locale pack would hold it: every text and answer in English only."""
    written = yaml.safe_load(pack_yaml(pack, pack.id))

    def english(value: Any) -> Any:
        if isinstance(value, dict) and set(value) == {"en", "el"}:
            return value["en"]
        if isinstance(value, dict):
            return {key: english(item) for key, item in value.items()}
        return [english(item) for item in value] if isinstance(value, list) else value

    document = english(written) | {"locales": ["en"]}
    return parse_pack(yaml.safe_dump(document, allow_unicode=True).encode(), "en.yaml")


def test_the_new_kinds_are_written_as_an_author_writes_them() -> None:
    written = pack_yaml(parse_pack(KINDS_PACK.encode(), "kinds.yaml"), "kinds")
    typed, normal, number, whole, several = yaml.safe_load(written)["questions"]
    assert list(typed) == ["id", "kind", "prompt", "answers", "match", "explanation"]
    assert typed["answers"] == {"en": ["all-to-all", "all to all"], "el": ["όλοι προς όλους"]}
    assert "match" not in normal  # normal is the default
    assert list(number) == ["id", "kind", "prompt", "answer", "tolerance", "unit", "explanation"]
    assert "    answer: 0.1\n    tolerance: 1E-7\n" in written  # plain, exact: no float between
    assert (whole["answer"], "tolerance" in whole) == (1822, False)
    assert "kind" not in several
    assert [option.get("correct", False) for option in several["options"]] == [True, True, False]
    english = pack_yaml(_only_english(parse_pack(KINDS_PACK.encode(), "k.yaml")), "kinds")
    assert "    answers:\n      - all-to-all\n      - all to all\n" in english


# A number as the loader may read it: at most MAX_NUMBER characters as written.
_DECIMALS = st.decimals(allow_nan=False, allow_infinity=False).filter(
    lambda number: len(str(number)) <= MAX_NUMBER
)


@given(_DECIMALS)
def test_a_number_is_written_so_it_reads_back_exactly_and_fits(number: Decimal) -> None:
    written = number_text(number)
    assert Decimal(written) == number
    assert len(written) <= MAX_NUMBER


@st.composite
def questions_of_every_kind(draw: st.DrawFn) -> Question:
    def text(value: str) -> Text:
        return Text.of({"en": value}, "en")

    prompt, explanation = text(draw(_TEXT)), text(draw(_TEXT))
    kind = draw(st.sampled_from(Kind))
    if kind is Kind.TYPED:
        answers = draw(st.lists(_TEXT.filter(normalized), min_size=1, max_size=MAX_ANSWERS))
        match = draw(st.sampled_from(Match))
        accepts = TypedAnswers({"en": tuple(answers)}, "en", match)
        return Question("q1", prompt, (), explanation, accepts=accepts)
    if kind is Kind.NUMBER:
        value, tolerance = draw(_DECIMALS), abs(draw(_DECIMALS))
        unit = draw(st.none() | _TEXT.filter(lambda u: len(u) <= MAX_UNIT).map(text))
        accepts_number = NumberAnswer(value, tolerance, unit)
        return Question("q1", prompt, (), explanation, accepts=accepts_number)
    rights = draw(
        st.lists(st.booleans(), min_size=2, max_size=5).filter(lambda r: 0 < sum(r) < len(r))
    )
    texts = draw(st.lists(_TEXT, min_size=len(rights), max_size=len(rights), unique=True))
    options = tuple(Option(text(t), correct=r) for t, r in zip(texts, rights, strict=True))
    return Question("q1", prompt, options, explanation)


@settings(max_examples=80, deadline=None)
@given(questions_of_every_kind())
def test_a_question_of_any_kind_comes_back_as_it_was(question: Question) -> None:
    pack = replace(sample("teacher.txt").pack, questions=(question,))
    assert reloaded(pack) == pack
