"""Moodle's Aiken: a question's text, its options each on a line of its own (``A.`` or ``A)``
and a space, capital letters), then ``ANSWER: A``. Blank lines between questions are allowed,
not needed; the question's text may take more than one line."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bot.quiz.reader.imports.drafts import Draft, Piece, Reading, draft_problems, left_out
from bot.quiz.reader.loader import MAX_OPTIONS
from bot.quiz.reader.problems import Problem

_OPTION = re.compile(r"(\s*)([A-Z])[.)][ \t]+(\S.*)")
_ANSWER = re.compile(r"(\s*)ANSWER:\s*(\S*)\s*$", re.IGNORECASE)


def looks_like_aiken(text: str) -> bool:
    lines = text.split("\n")
    return any(_ANSWER.match(line) for line in lines) and any(map(_OPTION.match, lines))


@dataclass
class _Open:
    """The question being read: its text's lines and the options so far, by letter."""

    prompt: list[tuple[int, str]] = field(default_factory=list)
    options: dict[str, Piece] = field(default_factory=dict)


def read_aiken(text: str, source: str) -> Reading:
    reading = Reading()
    current = _Open()
    for number, line in enumerate(text.split("\n"), start=1):
        if reading.full():
            return reading
        option, answer = _OPTION.fullmatch(line), _ANSWER.match(line)
        if answer:
            _close(current, answer, number, source, reading)
            current = _Open()
        elif option and current.prompt:
            _add_option(current, option, number, source, reading)
        elif option:
            message = "an option with no question above it"
            reading.problems.append(Problem(source, number, 1, "option", message))
        elif line.strip() and current.options:
            message = (
                f"the question has no ANSWER: line after its options (line {number} is not one)"
            )
            reading.problems.append(Problem(source, _first(current), 1, "question", message))
            current = _Open([(number, line)])
        elif line.strip():
            current.prompt.append((number, line))
    if current.prompt:
        message = "this question has no ANSWER: line after its options"
        reading.problems.append(Problem(source, current.prompt[0][0], 1, "question", message))
    return reading


def _first(current: _Open) -> int:
    return current.prompt[0][0]


def _add_option(
    current: _Open, option: re.Match[str], number: int, source: str, reading: Reading
) -> None:
    letter = option.group(2)
    piece = Piece(option.group(3).strip(), number, option.start(3) + 1, f"option {letter}")
    if letter in current.options:
        first = current.options[letter].line
        message = f"option {letter} again (first on line {first})"
        reading.problems.append(Problem(source, number, option.start(2) + 1, "option", message))
        return
    current.options[letter] = piece


def _close(
    current: _Open, answer: re.Match[str], number: int, source: str, reading: Reading
) -> None:
    column = answer.start(2) + 1
    if not current.prompt:
        message = "an ANSWER: line with no question above it"
        reading.problems.append(Problem(source, number, column, "ANSWER", message))
        return
    letter = answer.group(2).upper()
    letters = list(current.options)
    if letter not in current.options:
        given = ", ".join(letters) or "none"
        message = f"'{answer.group(2)}' is not one of the question's options ({given})"
        reading.problems.append(Problem(source, number, column, "ANSWER", message))
        return
    first_line, first_text = current.prompt[0]
    if len(letters) > MAX_OPTIONS:
        message = f"{len(letters)} options; a quizbot question shows at most {MAX_OPTIONS}"
        reading.notes.append(left_out(Problem(source, first_line, 1, "question", message)))
        return
    lead = len(first_text) - len(first_text.lstrip())
    prompt = "\n".join(text.strip() for _, text in current.prompt)
    draft = Draft(
        line=first_line,
        prompt=Piece(prompt, first_line, lead + 1, "question"),
        options=tuple(current.options.values()),
        correct=(letters.index(letter),),
    )
    reading.drafts.append(draft)
    reading.problems += draft_problems(source, draft)
