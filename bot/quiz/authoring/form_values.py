"""What the question forms share: the values a form holds, the kind of question it makes, the
options and right options as typed, and a problem at a field with the loader's limits and
clean-text rules (bot/quiz/reader/cleantext.py) for one text."""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from dataclasses import dataclass

from bot.quiz.reader.cleantext import first_refused

Values = Mapping[str, str]
KIND = "kind"  # the form's kind of question (``FormKind``); none: a choice, as forms began
CORRECT = "correct"  # the right option's index; several, comma-separated, for all that apply


class FormKind(enum.StrEnum):
    """The question a form makes: pick the one right option, pick all that apply, type an
    answer, or type a number."""

    CHOICE = "choice"
    ALL = "all"
    TYPED = "typed"
    NUMBER = "number"

    @property
    def chooses(self) -> bool:
        """Whether members pick options (and the form has options, and "why" texts)."""
        return self in (FormKind.CHOICE, FormKind.ALL)


def form_kind(values: Values) -> FormKind:
    try:
        return FormKind(values.get(KIND) or FormKind.CHOICE.value)
    except ValueError:
        return FormKind.CHOICE


@dataclass(frozen=True, slots=True)
class FormProblem:
    """What is wrong in one field: ``forms.problem_<key>`` with ``params``."""

    field: str
    key: str
    params: Mapping[str, str | int] = dataclasses.field(default_factory=dict)


def option_lines(text: str) -> list[str]:
    """The lines typed (options, accepted answers): each trimmed, blank lines left out."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return [line.strip() for line in lines if line.strip()]


def right_options(values: Values) -> tuple[int, ...]:
    """The indexes of the options marked right, in order, each once; none when unreadable."""
    parts = values.get(CORRECT, "").split(",")
    if not all(part.strip().isdigit() for part in parts):
        return ()
    return tuple(sorted({int(part) for part in parts}))


def text_problems(name: str, text: str, limit: int, *, long: bool) -> list[FormProblem]:
    """A text over ``limit`` characters, or holding a character no text of a pack may hold."""
    if len(text) > limit:
        return [FormProblem(name, "too_long", {"length": len(text), "limit": limit})]
    refused = first_refused(text, long=long)
    if refused is not None:
        character = f"U+{ord(text[refused]):04X}"
        return [FormProblem(name, "refused_character", {"character": character})]
    return []
