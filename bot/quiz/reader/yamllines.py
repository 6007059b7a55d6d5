"""A YAML text as lines, read roughly the way an author reads it: quotes, comments, indentation.

Only the hints for unreadable YAML use this; it never decides what a valid file means.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

# The line breaks PyYAML counts, so line numbers agree with its marks.
_LINE_BREAK = re.compile(r"\r\n|[\r\n\x85\u2028\u2029]")
_ENTRY = re.compile(r"(?:^[ \t]*(?:-[ \t]+)*|[{,\[][ \t]*)([\w.-]+):[ \t]+")
_NEXT_ENTRY = re.compile(r",[ \t]*[\w.-]+:(?:[ \t]|$)")
_KEY = re.compile(r"^[ \t]*(?:-[ \t]+)*([\w.-]+):(?:[ \t]|$)")
_DASHES = re.compile(r"( *)((?:-[ \t]+)*)")
_OPENS_TEXT = ":-{[,?"


class Lines:
    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0] + [match.end() for match in _LINE_BREAK.finditer(text)]
        self.lines = _LINE_BREAK.split(text)

    def text_of(self, line: int) -> str:
        return self.lines[line] if 0 <= line < len(self.lines) else ""

    def at(self, line: int, column: int) -> str:
        text = self.text_of(line)
        return text[column] if 0 <= column < len(text) else ""

    def indent(self, line: int) -> int:
        text = self.text_of(line)
        return len(text) - len(text.lstrip(" "))

    def last_non_space_before(self, line: int, column: int) -> int | None:
        before = self.text_of(line)[:column].rstrip(" \t")
        return len(before) - 1 if before else None

    def content_line_at_or_before(self, line: int) -> int | None:
        """The nearest line at or above ``line`` with more than blanks or a comment."""
        for number in range(min(line, len(self.lines) - 1), -1, -1):
            stripped = self.lines[number].strip()
            if stripped and not stripped.startswith("#"):
                return number
        return None

    def unclosed_quote(self, line: int) -> int | None:
        """The column of a quote that opens a text and is not closed on its own line."""
        return _scan(self.text_of(line), 0)[1]

    def closing_quote(self, line: int, column: int) -> tuple[int, int] | None:
        """Where the quoted text opening at ``line``/``column`` ends, maybe lines below."""
        start = self.starts[line] + column
        end = _quote_end(self.text, start)
        if end is None:
            return None
        end_line = bisect.bisect_right(self.starts, end) - 1
        return end_line, end - self.starts[end_line]

    def comment_start(self, line: int, column: int) -> int | None:
        """The column of a `#` comment on ``line`` after ``column``, outside quotes."""
        outside, _ = _scan(self.text_of(line), column)
        return next((at for at, character in outside if character == "#"), None)

    def depth_at_end(self, line: int, column: int) -> int:
        """How many brackets opened from ``column`` on are still open at the end of the line."""
        depth = 0
        for _, character in _scan(self.text_of(line), column)[0]:
            depth += (character in "{[") - (character in "}]")
        return depth


def _scan(text: str, start: int) -> tuple[list[tuple[int, str]], int | None]:
    """The characters outside quoted texts up to a comment, and where a quote is left open."""
    outside: list[tuple[int, str]] = []
    index = start
    while index < len(text):
        character = text[index]
        if character in "'\"" and _opens_text(text, index):
            end = _quote_end(text, index)
            if end is None:
                return outside, index
            index = end + 1
            continue
        outside.append((index, character))
        if character == "#" and (index == 0 or text[index - 1] in " \t"):
            break
        index += 1
    return outside, None


def _opens_text(text: str, index: int) -> bool:
    before = text[:index].rstrip(" \t")
    return not before or before[-1] in _OPENS_TEXT


def _quote_end(text: str, start: int) -> int | None:
    """The index of the quote closing the quoted text that opens at ``start``."""
    quote, index = text[start], start + 1
    while index < len(text):
        character = text[index]
        if quote == '"' and character == "\\":
            index += 2
            continue
        if character == quote:
            if quote == "'" and text[index + 1 : index + 2] == "'":  # '' is an apostrophe
                index += 2
                continue
            return index
        index += 1
    return None


def entry_value(text: str, column: int) -> tuple[str, int, str] | None:
    """The `key: value` entry of a line whose value holds ``column``: key, value start, value."""
    entries = [match for match in _ENTRY.finditer(text) if match.end() <= column]
    if not entries:
        return None
    entry = entries[-1]
    start = entry.end()
    in_brackets = any(bracket in text[:start] for bracket in "{[")
    following = _NEXT_ENTRY.search(text, start) if in_brackets else None
    if following is not None:
        end = following.start()
    elif in_brackets and text.rstrip()[-1:] in "}]":
        end = len(text.rstrip()) - 1
    else:
        end = len(text)
    return entry.group(1), start, text[start:end].strip()


def key_of(text: str) -> str | None:
    found = _KEY.match(text)
    return found.group(1) if found else None


@dataclass
class Levels:
    """The indentation levels open above a line, as a reader of the outline sees them."""

    columns: dict[int, int] = field(default_factory=dict)  # column -> the line last there
    dashes: dict[int, tuple[int, int]] = field(default_factory=dict)  # '-' column -> line, item
    last: tuple[int, int] | None = None  # the deepest column open, and its line


def indentation_levels(lines: Lines, before: int) -> Levels:
    """The levels open just above line ``before``: deeper ones close when a line sits left."""
    stack: list[tuple[int, int, int | None]] = []  # column, line, item column if a '-'
    for number in range(min(before, len(lines.lines))):
        text = lines.lines[number]
        stripped = text.strip()
        if not stripped or stripped.startswith("#"):
            continue
        found = _DASHES.match(text)
        indent = len(found.group(1)) if found else 0
        while stack and stack[-1][0] >= indent:
            stack.pop()
        dashes = found.group(2) if found else ""
        column = indent
        for dash in re.finditer(r"-[ \t]+", dashes):
            item = indent + dash.end()
            stack.append((indent + dash.start(), number, item))
            column = item
        stack.append((column, number, None))
    levels = Levels()
    for open_column, number, item_column in stack:
        levels.columns[open_column] = number
        if item_column is not None:
            levels.dashes[open_column] = (number, item_column)
    levels.last = (stack[-1][0], stack[-1][1]) if stack else None
    return levels
