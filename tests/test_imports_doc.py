"""docs/importing.md's import examples are true: each file makes the pack it says, with the
questions it counts (and where the page shows them, those very questions), and prints what it
says is left out."""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from bot.cli import main
from bot.quiz.reader.loader import parse_pack

DOC = (Path(__file__).resolve().parents[1] / "docs" / "importing.md").read_text(encoding="utf-8")
# An example, and the text below it up to the next heading or example (which may say what the
# import prints).
EXAMPLE = re.compile(
    r"<!-- import-example (?P<name>\S+) (?P<count>[0-9]+) -->\n```\n(?P<body>.*?)\n```\n"
    r"(?P<after>(?:\n|[^#<\n][^\n]*\n)*)",
    re.DOTALL,
)
PRINTS = re.compile(r"prints `([^`]*)`")
SHOWN = re.compile(r"```yaml\n(.*?)\n```", re.DOTALL)  # the questions it makes, as YAML


@dataclass(frozen=True)
class Example:
    name: str  # the file's
    count: int  # the questions it makes
    body: str
    after: str  # the text below it, which may say what is printed


def examples() -> list[pytest.param]:  # type: ignore[valid-type]
    found = [
        Example(m["name"], int(m["count"]), textwrap.dedent(m["body"]), m["after"])
        for m in EXAMPLE.finditer(DOC)
    ]
    assert len(found) >= 5, "the page shows GIFT (choices; numbers), Aiken, a term list and CSV"
    assert any(SHOWN.search(example.after) for example in found), "and some questions made"
    return [pytest.param(example, id=example.name) for example in found]


@pytest.mark.parametrize("example", examples())
def test_an_import_example_makes_what_it_says(
    example: Example, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / example.name
    source.write_text(example.body + "\n", encoding="utf-8")
    output = tmp_path / "pack.yaml"
    assert main(["import", str(source), "-o", str(output)]) == 0
    pack = parse_pack(output.read_bytes(), "pack.yaml")
    assert len(pack.questions) == example.count
    shown = SHOWN.search(example.after)
    if shown is not None:
        assert yaml.safe_load(output.read_text("utf-8"))["questions"] == yaml.safe_load(shown[1])
    said = [
        line.replace(f"{source}:", f"{example.name}:")
        for line in capsys.readouterr().err.splitlines()
        if not line.startswith(str(output))
    ]
    assert said == [" ".join(text.split()) for text in PRINTS.findall(example.after)]
