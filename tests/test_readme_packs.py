"""The README's pack examples are true: its packs load and fit the schema, its hint is printed."""

from __future__ import annotations

import re
from pathlib import Path

import jsonschema
import pytest
import yaml

from bot.quiz.loader import parse_pack
from bot.quiz.problems import PackError
from bot.quiz.schema import pack_schema
from bot.quiz.template import SCHEMA_FILE
from tests.quiz.packs import VALID_PACK, replace_line

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
SECTION = README.split("## Writing a pack\n", 1)[1].split("\n## ", 1)[0]
VALIDATOR = jsonschema.Draft202012Validator(pack_schema())


def block_after(marker: str, language: str = "yaml") -> str:
    found = re.search(re.escape(marker) + r"\n```" + language + r"\n(.*?)```", SECTION, re.DOTALL)
    assert found, f"no {language} block after {marker!r} in README's 'Writing a pack'"
    return found.group(1)


def assert_a_valid_pack(text: str) -> None:
    parse_pack(text.encode(), "README.md")
    assert [error.message for error in VALIDATOR.iter_errors(yaml.safe_load(text))] == []


def test_the_format_at_a_glance_is_itself_a_valid_pack() -> None:
    first = re.search(r"```yaml\n(.*?)```", SECTION, re.DOTALL)
    assert first, "the section opens with the format as a yaml block"
    assert_a_valid_pack(first.group(1))


def test_the_editor_example_is_a_valid_pack_that_names_the_schema_file() -> None:
    example = block_after("<!-- pack-example -->")
    assert example.startswith(f"# yaml-language-server: $schema={SCHEMA_FILE}\n")
    assert f"quizbot schema > quizzes/{SCHEMA_FILE}\n" in SECTION
    assert_a_valid_pack(example)


def test_the_hint_example_is_what_the_loader_says() -> None:
    slip = block_after("<!-- pack-hint -->").rstrip("\n")
    shown = re.search(r"\ngives\n\n```\n(.*?)\n```", SECTION, re.DOTALL)
    assert shown, "the hint example's output block"
    source, line = shown.group(1).split(":")[:2]
    with pytest.raises(PackError) as caught:
        parse_pack(replace_line(VALID_PACK, int(line), slip).encode(), source)
    assert [str(problem) for problem in caught.value.problems] == [shown.group(1)]
