"""Plain-words hints for the YAML slips pack authors make, placed where the author must edit.

PyYAML reports where its parser gave up, often a line or more after the slip and in the
parser's own terms (`expected <block end>, but found '?'`). These guesses run only on text that
failed to parse, so each may assume something is wrong; one that finds nothing it recognises
returns None and the parser's words stand alone.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass

import yaml

from bot.quiz.reader.yamllines import Lines, entry_value, indentation_levels, key_of
from bot.quiz.reader.yamlslips import LIBYAML_SLIPS

_FLOW_SPECIALS = frozenset("?:#[]{}")
_QUOTES = frozenset("'\"")
_AFTER_COLON = re.compile(r"^[ \t]*(?:-[ \t]+)*([\w.-]+):(?=[^\s/:])")
_DASH_WITHOUT_SPACE = re.compile(r"^[ \t]*-(?=[^\s-])")
_CLOSER = {"{": "}", "[": "]"}


@dataclass(frozen=True, slots=True)
class Hint:
    """What the author should change, at 0-based ``line`` and ``column`` like PyYAML's marks."""

    line: int
    column: int
    message: str


@dataclass(frozen=True, slots=True)
class _Failure:
    lines: Lines
    problem: str
    problem_mark: yaml.Mark
    context: str
    context_mark: yaml.Mark | None


def explain(text: str, error: yaml.MarkedYAMLError) -> Hint | None:
    """The first hint that recognises the slip behind ``error``, or None."""
    if error.problem_mark is None:
        return None
    failure = _Failure(
        Lines(text),
        error.problem or "",
        error.problem_mark,
        error.context or "",
        error.context_mark,
    )
    for guess in _GUESSES:
        hint = guess(failure)
        if hint is not None:
            return hint
    return None


def _tab(failure: _Failure) -> Hint | None:
    if failure.problem != "found character '\\t' that cannot start any token":
        return None
    mark = failure.problem_mark
    return Hint(mark.line, mark.column, "a tab: YAML indents with spaces only; use spaces here")


def _reserved_start(failure: _Failure) -> Hint | None:
    """A text starting with a character YAML reserves: `@`, `*`, `&`, `|`, `>`, `- `, …"""
    problem, context = failure.problem, failure.context
    mark: yaml.Mark | None = None
    if problem.startswith(("found character", "found undefined alias", "expected the node")):
        mark = failure.problem_mark
    elif context.startswith(("while scanning an anchor", "while scanning an alias")) or (
        context == "while scanning a block scalar"
    ):
        mark = failure.context_mark
    character = "" if mark is None else failure.lines.at(mark.line, mark.column)
    if mark is None or not character or character.isspace():
        return None
    message = f"a text cannot start with '{character}' in YAML; put the text in quotes"
    return Hint(mark.line, mark.column, message)


def _bad_escape(failure: _Failure) -> Hint | None:
    if not failure.problem.startswith("found unknown escape character"):
        return None
    mark = failure.problem_mark
    message = (
        'inside "…" a backslash starts an escape; write \\\\ for a backslash, '
        "or put the text in '…' instead"
    )
    return Hint(mark.line, max(mark.column - 1, 0), message)


def _unclosed_quote(failure: _Failure) -> Hint | None:
    """A quote left open: the text runs on to the next quote, maybe many lines below."""
    lines, mark = failure.lines, failure.problem_mark
    if failure.context == "while scanning a quoted scalar" and failure.context_mark:
        opening = failure.context_mark
        quote = lines.at(opening.line, opening.column)
        message = f"this quoted text is never closed; end it with {quote}"
        return Hint(opening.line, opening.column, message)
    before = lines.last_non_space_before(mark.line, mark.column)
    if before is None or lines.at(mark.line, before) not in _QUOTES:
        return None
    for line in range(mark.line):
        column = lines.unclosed_quote(line)
        if column is not None and lines.closing_quote(line, column) == (mark.line, before):
            quote = lines.at(line, column)
            message = (
                f"this quote is not closed on its line, so the text runs on to line "
                f"{mark.line + 1}; end it with {quote}"
            )
            return Hint(line, column, message)
    return None


def _text_after_quote(failure: _Failure) -> Hint | None:
    """More text after a closing quote or bracket: an apostrophe inside '…', say."""
    lines, mark = failure.lines, failure.problem_mark
    before = lines.last_non_space_before(mark.line, mark.column)
    if before is None or not failure.problem.endswith("'<scalar>'"):
        return None
    quote = lines.at(mark.line, before)
    if quote in ("}", "]") and not failure.context.startswith("while parsing a flow"):
        return _needs_quotes(lines, mark.line, before, "{" if quote == "}" else "[")
    if quote not in _QUOTES:
        return None
    if before == mark.column - 1 and quote == "'":
        message = "this ' ends the '…' text; write an apostrophe inside '…' as '' or use \"…\""
        return Hint(mark.line, before, message)
    if before == mark.column - 1:
        message = 'this " ends the "…" text; write a quote inside "…" as \\" or use \'…\''
        return Hint(mark.line, before, message)
    message = "text after the closing quote; put all of the text inside the quotes"
    return Hint(mark.line, mark.column, message)


def _flow(failure: _Failure) -> Hint | None:
    """`{en: …, el: …}` whose text holds a character that means something inside braces."""
    opening = failure.context_mark
    if not failure.context.startswith("while parsing a flow") or opening is None:
        return None
    lines, mark = failure.lines, failure.problem_mark
    comment = lines.comment_start(opening.line, opening.column)
    bracket = lines.at(opening.line, opening.column)
    if comment is not None and mark.line > opening.line:
        return _needs_quotes(lines, opening.line, comment, bracket)
    character = lines.at(mark.line, mark.column)
    if character in _FLOW_SPECIALS or failure.problem.endswith("<scalar>'"):
        hint = _needs_quotes(lines, mark.line, mark.column, bracket)
        if hint is not None:
            return hint
    if mark.line > opening.line and lines.depth_at_end(opening.line, opening.column) > 0:
        message = f"this {bracket} is not closed on its line; close it with {_CLOSER[bracket]}"
        return Hint(opening.line, opening.column, message)
    return None


def _needs_quotes(lines: Lines, line: int, column: int, bracket: str) -> Hint | None:
    found = entry_value(lines.text_of(line), column)
    specials = [c for c in found[2] if c in _FLOW_SPECIALS] if found else []
    if found is None or not specials:
        return None
    key, start, value = found
    inside = f"{bracket}…{_CLOSER.get(bracket, '')}"
    suggestion = f"{key}: {json.dumps(value, ensure_ascii=False)}"
    message = f"inside {inside} a text containing '{specials[0]}' needs quotes: {suggestion}"
    return Hint(line, start, message)


def _missing_space(failure: _Failure) -> Hint | None:
    """`key:value` without the space YAML needs after the colon."""
    if failure.problem == "could not find expected ':'" and failure.context_mark:
        line = failure.context_mark.line
    elif failure.problem == "mapping values are not allowed here":
        line = failure.problem_mark.line
    else:
        return None
    found = _AFTER_COLON.match(failure.lines.text_of(line))
    if found is None:
        if failure.context_mark and line == failure.context_mark.line:
            message = "expected 'key: value' on this line (a ':' and a space after the key)"
            return Hint(line, failure.context_mark.column, message)
        return None
    rest = failure.lines.text_of(line)[found.end() :].rstrip()
    message = f"missing space after '{found.group(1)}:'; write '{found.group(1)}: {rest[:30]}'"
    return Hint(line, found.end(), message)


def _libyaml_only(failure: _Failure) -> Hint | None:
    """What libyaml refuses and PyYAML's own parser read (see yamlslips)."""
    slip = LIBYAML_SLIPS.get(failure.problem)
    mark = failure.problem_mark
    found = None if slip is None else slip(failure.lines.text_of(mark.line), mark.column)
    return None if found is None else Hint(mark.line, found[0], found[1])


def _colon_in_value(failure: _Failure) -> Hint | None:
    if failure.problem != "mapping values are not allowed here":
        return None
    mark = failure.problem_mark
    found = entry_value(failure.lines.text_of(mark.line), mark.column)
    if found is None or found[1] >= mark.column:
        return None
    key, start, value = found
    suggestion = f"{key}: {json.dumps(value, ensure_ascii=False)}"
    message = f"': ' inside a text starts a mapping; put the text in quotes: {suggestion}"
    return Hint(mark.line, start, message)


def _dash_without_space(failure: _Failure) -> Hint | None:
    """`-text: …` for `- text: …`, seen on the line the parser stopped at or the one above."""
    if not _is_layout_problem(failure.problem):
        return None
    lines = failure.lines
    line = lines.content_line_at_or_before(failure.problem_mark.line)
    previous = None if line is None else lines.content_line_at_or_before(line - 1)
    for number in (line, previous):
        found = None if number is None else _DASH_WITHOUT_SPACE.match(lines.text_of(number))
        if number is not None and found is not None:
            return Hint(number, found.end(), "a list item needs a space after '-'")
    return None


def _is_layout_problem(problem: str) -> bool:
    return problem.startswith("expected <block end>") or problem == (
        "mapping values are not allowed here"
    )


def _indentation(failure: _Failure) -> Hint | None:
    """A line indented to no level above it, or to a list's dash, or one that ends a value early."""
    lines, mark = failure.lines, failure.problem_mark
    if not _is_layout_problem(failure.problem):
        return None
    line = lines.content_line_at_or_before(mark.line)
    if line is None:
        return None
    previous = lines.content_line_at_or_before(line - 1)
    if (
        previous is not None
        and lines.indent(previous) < lines.indent(line)
        and lines.indent(line) in indentation_levels(lines, previous).columns
    ):
        return _ends_value_early(lines, previous)
    return _misaligned(lines, line)


def _ends_value_early(lines: Lines, line: int) -> Hint | None:
    """`line` sits left of its neighbours, so the deeper lines after it read as its value."""
    levels = indentation_levels(lines, line)
    if levels.last is None:
        return None
    column, source = levels.last
    message = (
        f"indented {_spaces(lines.indent(line))}, left of the lines around it, so the next "
        f"lines read as part of its value; indent it {_spaces(column)} like {_named(lines, source)}"
    )
    return Hint(line, lines.indent(line), message)


def _misaligned(lines: Lines, line: int) -> Hint | None:
    levels = indentation_levels(lines, line)
    indent = lines.indent(line)
    is_item = lines.text_of(line).lstrip().startswith("- ")
    if indent in levels.dashes and not is_item:
        dash_line, content = levels.dashes[indent]
        message = (
            f"indented like the '-' on line {dash_line + 1}, where only list items go; "
            f"indent it {_spaces(content)} like {_named(lines, dash_line)}"
        )
        return Hint(line, indent, message)
    if indent in levels.columns or not levels.columns:
        return None
    candidates = levels.dashes if is_item and levels.dashes else levels.columns
    column = min(candidates, key=lambda level: (abs(level - indent), -level))
    like = (
        f"the '-' on line {levels.dashes[column][0] + 1}"
        if candidates is levels.dashes
        else _named(lines, levels.columns[column])
    )
    message = (
        f"indented {_spaces(indent)}, which lines up with nothing above; "
        f"did you mean {column}, like {like}?"
    )
    return Hint(line, indent, message)


def _spaces(count: int) -> str:
    return "1 space" if count == 1 else f"{count} spaces"


def _named(lines: Lines, line: int) -> str:
    key = key_of(lines.text_of(line))
    return f"'{key}' on line {line + 1}" if key else f"line {line + 1}"


_GUESSES: tuple[Callable[[_Failure], Hint | None], ...] = (
    _tab,  # before _reserved_start: a tab is "found character" too
    _reserved_start,
    _bad_escape,
    _libyaml_only,
    _unclosed_quote,
    _text_after_quote,
    _flow,
    _missing_space,
    _colon_in_value,
    _dash_without_space,
    _indentation,
)
