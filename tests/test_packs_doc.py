"""docs/packs.md's pack examples are true: its packs load and fit the schema, its hint is
printed."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import jsonschema
import pytest
import yaml

from bot.cli import validate
from bot.quiz.answers.grading import Grade, Response, grade
from bot.quiz.model import Kind
from bot.quiz.reader.loader import parse_pack
from bot.quiz.reader.problems import PackError
from bot.quiz.reader.schema import pack_schema
from bot.quiz.reader.template import SCHEMA_FILE
from tests.quiz.reader.pack_texts import VALID_PACK, replace_line
from tests.shipped import SHIPPED_PICTURE_FILES

DOC = Path(__file__).resolve().parents[1] / "docs" / "packs.md"
# The page up to its server packs: the format, checking a pack, pictures and editors.
SECTION = DOC.read_text(encoding="utf-8").split("\n## Server packs\n", 1)[0]
VALIDATOR = jsonschema.Draft202012Validator(pack_schema())


def block_after(marker: str, language: str = "yaml") -> str:
    found = re.search(re.escape(marker) + r"\n```" + language + r"\n(.*?)```", SECTION, re.DOTALL)
    assert found, f"no {language} block after {marker!r} in docs/packs.md"
    return found.group(1)


def assert_a_valid_pack(text: str) -> None:
    parse_pack(text.encode(), "packs.md")
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


def test_the_kinds_example_is_a_valid_pack_of_each_kind() -> None:
    example = block_after("<!-- pack-kinds-example -->")
    assert_a_valid_pack(example)
    typed, number, several = parse_pack(example.encode(), "packs.md").questions
    assert (typed.kind, number.kind, several.kind) == (Kind.TYPED, Kind.NUMBER, Kind.CHOICE)
    assert several.several_right
    assert grade(typed, Response.text("ALL TO AL")) == Grade(correct=True, typo=True)
    assert grade(typed, Response.text("Όλοι προς όλους")) == Grade(correct=True)
    assert grade(number, Response.text("1,5 GB")) == Grade(correct=True)
    assert grade(several, Response(picked=(0,))) == Grade(correct=False)


def test_the_hint_example_is_what_the_loader_says() -> None:
    slip = block_after("<!-- pack-hint -->").rstrip("\n")
    shown = re.search(r"\ngives\n\n```\n(.*?)\n```", SECTION, re.DOTALL)
    assert shown, "the hint example's output block"
    source, line = shown.group(1).split(":")[:2]
    with pytest.raises(PackError) as caught:
        parse_pack(replace_line(VALID_PACK, int(line), slip).encode(), source)
    assert [str(problem) for problem in caught.value.problems] == [shown.group(1)]


def test_the_picture_example_validates_and_names_a_missing_picture_where_the_pack_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    folder = Path("quizzes")
    folder.mkdir()
    (folder / "ring.yaml").write_text(block_after("<!-- pack-picture-example -->"), "utf-8")
    assert_a_valid_pack((folder / "ring.yaml").read_text(encoding="utf-8"))
    ring = next(path for path in SHIPPED_PICTURE_FILES if path.name == "ring-of-devices.png")
    shutil.copyfile(ring, folder / ring.name)
    assert validate([folder]) == 0
    shown = re.search(r"`validate` prints `(ok  ring  [^`]+)`; without the file", SECTION)
    assert shown, "the picture example's ok line"
    assert capsys.readouterr().out.splitlines()[0] == shown.group(1)
    (folder / ring.name).unlink()
    assert validate([folder]) == 1
    problem = block_after("<!-- pack-picture-problem -->", language="").strip()
    assert capsys.readouterr().out.splitlines()[0] == problem
