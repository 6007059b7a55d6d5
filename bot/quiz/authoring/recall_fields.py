"""The fields of a question answered from memory, as a form holds them: a typed question's
``answers.<locale>`` (accepted answers, one a line) and ``match`` (``exact``, ``normal`` or
``typo``; none is ``normal``), a number question's ``answer`` and ``tolerance`` (written as a
member writes a number: ``3,5`` is three and a half) and ``unit.<locale>`` (optional, in every
locale or none). Each is held to the loader's rules (bot/quiz/reader/accepted.py)."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from bot.quiz.answers.numbers import parse_number
from bot.quiz.answers.typed import normalized
from bot.quiz.authoring.form_values import (
    FormKind,
    FormProblem,
    Values,
    option_lines,
    text_problems,
)
from bot.quiz.model import Match, NumberAnswer, Question, Text, TypedAnswers
from bot.quiz.reader.accepted import MAX_ANSWER, MAX_ANSWERS, MAX_NUMBER
from bot.quiz.reader.loader import LIMITS

MATCH = "match"
ANSWER = "answer"
TOLERANCE = "tolerance"
_SCIENTIFIC = re.compile(r"[+-]?\d+(?:\.\d+)?[eE][+-]?\d+")  # as a pack may write one: 1e-3


def recall_fields(kind: FormKind, locale: str, *, first: bool) -> tuple[str, ...]:
    """A typed or number question's texts step in ``locale`` (the first also has the fields
    all locales share)."""
    if kind is FormKind.TYPED:
        match = (MATCH,) if first else ()
        return (f"prompt.{locale}", f"answers.{locale}", *match, f"explanation.{locale}")
    shared = (ANSWER, TOLERANCE) if first else ()
    return (f"prompt.{locale}", *shared, f"unit.{locale}", f"explanation.{locale}")


def read_number(text: str) -> Decimal | None:
    """A number as a member would type it (bot/quiz/answers/numbers.py), or as a pack writes
    one in scientific notation; None for any other text."""
    text = text.strip()
    if len(text) > MAX_NUMBER:
        return None
    found = parse_number(text)
    if found is None and _SCIENTIFIC.fullmatch(text):
        try:
            found = Decimal(text)
        except InvalidOperation:  # pragma: no cover - the pattern is a Decimal's
            return None
    return found if found is not None and found.is_finite() else None


def recall_problems(name: str, value: str) -> list[FormProblem] | None:
    """What is wrong in a field of a typed or number question; None for a field of another."""
    kind = name.split(".", 1)[0]
    if name == MATCH:
        known = value in {"", *(match.value for match in Match)}
        return [] if known else [FormProblem(MATCH, "required")]
    if name in (ANSWER, TOLERANCE):
        return _number_problems(name, value)
    if kind == "unit":
        return text_problems(name, value.strip(), LIMITS["unit"], long=False)
    if kind == "answers":
        return _answers_problems(name, value)
    return None


def _number_problems(name: str, value: str) -> list[FormProblem]:
    if not value.strip():
        return [FormProblem(name, "required")] if name == ANSWER else []
    number = read_number(value)
    if number is None:
        return [FormProblem(name, "not_a_number", {"text": value.strip()[:MAX_NUMBER]})]
    return [FormProblem(name, "negative")] if name == TOLERANCE and number < 0 else []


def _answers_problems(name: str, value: str) -> list[FormProblem]:
    lines = option_lines(value)
    if not lines:
        return [FormProblem(name, "required")]
    if len(lines) > MAX_ANSWERS:
        return [FormProblem(name, "answer_count", {"count": len(lines), "max": MAX_ANSWERS})]
    found = []
    for line in lines:
        problems = text_problems(name, line, MAX_ANSWER, long=False)
        if not problems and not normalized(line):
            problems = [FormProblem(name, "only_punctuation", {"answer": line})]
        found += problems
    return found


def unit_gaps(values: Values, locales: tuple[str, ...]) -> list[str]:
    """The unit fields left empty while another locale gives one: a unit is in every locale or
    none (the loader's rule)."""
    given = [values.get(f"unit.{loc}", "").strip() for loc in locales]
    if not any(given):
        return []
    return [f"unit.{loc}" for loc, text in zip(locales, given, strict=True) if not text]


def accepts_of(
    values: Values, kind: FormKind, locales: tuple[str, ...]
) -> TypedAnswers | NumberAnswer:
    """What the question accepts; the values must have no problems."""
    if kind is FormKind.TYPED:
        answers = {loc: tuple(option_lines(values[f"answers.{loc}"])) for loc in locales}
        return TypedAnswers(answers, locales[0], Match(values.get(MATCH) or Match.NORMAL.value))
    value = _known_number(values[ANSWER])
    tolerance = _known_number(values[TOLERANCE]) if values.get(TOLERANCE) else Decimal(0)
    units = {loc: values.get(f"unit.{loc}", "").strip() for loc in locales}
    unit = Text.of(units, locales[0]) if all(units.values()) else None
    return NumberAnswer(value, tolerance, unit)


def _known_number(text: str) -> Decimal:
    number = read_number(text)
    if number is None:
        raise ValueError(f"not a number: {text!r:.40}")  # the form's problems said so first
    return number


def number_written(value: Decimal) -> str:
    """A number as the form shows it for editing: plainly (``1000``, not ``1E+3``) when that
    fits the field, so it reads back as the same number."""
    plain = format(value, "f")
    return plain if len(plain) <= MAX_NUMBER else str(value)


def recall_values(question: Question, locales: tuple[str, ...]) -> dict[str, str]:
    """A typed or number question's own fields, to edit it."""
    accepts, values = question.accepts, {}
    if isinstance(accepts, TypedAnswers):
        values[MATCH] = accepts.match.value
        values |= {f"answers.{loc}": "\n".join(accepts.get(loc)) for loc in locales}
    elif isinstance(accepts, NumberAnswer):
        values[ANSWER] = number_written(accepts.value)
        if accepts.tolerance:
            values[TOLERANCE] = number_written(accepts.tolerance)
        if accepts.unit is not None:
            values |= {f"unit.{loc}": accepts.unit.get(loc) for loc in locales}
    return values
