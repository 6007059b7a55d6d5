"""A pack written as YAML (what `/quiz pack export` sends) loads as the same pack again."""

from __future__ import annotations

from dataclasses import replace

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.quiz.model import Option, Pack, Question, Text
from bot.quiz.packs.pack_pictures import with_digests
from bot.quiz.reader.loader import parse_pack
from bot.quiz.reader.pack_yaml import pack_yaml
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
