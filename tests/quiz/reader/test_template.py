"""The pack `quizbot new-pack` writes: valid as it stands, and so are the commented examples
of questions answered from memory, once uncommented."""

from __future__ import annotations

from bot.quiz.model import Kind
from bot.quiz.reader.loader import parse_pack
from bot.quiz.reader.template import pack_template


def uncommented(text: str) -> str:
    """The template with its commented question examples (``  # - id:`` on) made YAML."""
    lines = text.splitlines()
    start = next(n for n, line in enumerate(lines) if line.startswith("  # - id:"))
    shown = [line.replace("  # ", "  ", 1) for line in lines[start:]]
    return "\n".join([*lines[:start], *shown]) + "\n"


def test_the_template_and_its_examples_of_each_kind_load() -> None:
    text = pack_template("mine")
    assert [q.kind for q in parse_pack(text.encode(), "mine.yaml").questions] == [Kind.CHOICE] * 2
    examples = parse_pack(uncommented(text).encode(), "mine.yaml").questions
    assert [q.kind for q in examples] == [Kind.CHOICE, Kind.CHOICE, Kind.TYPED, Kind.NUMBER]
