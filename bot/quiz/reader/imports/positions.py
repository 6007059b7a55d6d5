"""Where a character of an imported text is written in the input, for the readers' problems:
in a CSV field, or in a JSON string (as itself, a `\\u` escape or an HTML entity).

Only asked for once a text holds a character it may not: nothing here runs on clean input
(``line_and_column`` aside, which places every draft's texts).
"""

from __future__ import annotations

import bisect
import html
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from bot.quiz.reader.cleantext import first_refused

JsonPath = tuple[str | int, ...]
Place = tuple[int, int]  # 1-based line and column

_OPTIONS = re.compile(r"[^|]+")
_WHOLE = re.compile(r".*", re.DOTALL)
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
# One written character or run of them inside a JSON string: an escape, an entity, plain text.
_JSON_UNIT = re.compile(
    r"\\u[0-9A-Fa-f]{4}|\\.|&(?:#[xX][0-9A-Fa-f]+|#[0-9]+|[A-Za-z][A-Za-z0-9]*);?|[^\\&]+|&",
    re.DOTALL,
)


def line_and_column(text: str, index: int) -> Place:
    """1-based, counting lines as the readers read them (after universal newlines)."""
    line_start = text.rfind("\n", 0, index) + 1
    return text.count("\n", 0, index) + 1, index - line_start + 1


@dataclass
class CsvText:
    """A CSV input, to find where its fields start (quoted with '"', split by ``delimiter``)."""

    text: str
    delimiter: str = ","
    _line_starts: list[int] = field(default_factory=list)

    def place(self, index: int) -> Place:
        """The 1-based line and column of ``text[index]``, found without counting lines again
        (a reader asks this for every field)."""
        starts = self._starts()
        line = bisect.bisect_right(starts, index)
        return line, index - starts[line - 1] + 1

    def _starts(self) -> list[int]:
        if not self._line_starts:
            self._line_starts = [0, *(found.end() for found in re.finditer("\n", self.text))]
        return self._line_starts

    def field_start(self, first_line: int, field_index: int) -> int | None:
        """Where field ``field_index`` (from 0) of the record starting on ``first_line``
        (1-based; blank lines before it skipped, as the csv module does) begins."""
        self._starts()
        text = self.text
        index = self._line_starts[min(first_line, len(self._line_starts)) - 1]
        while index < len(text) and text[index] == "\n":
            index += 1
        count, quoted, field_start = 0, False, index
        while index < len(text):
            character = text[index]
            if quoted:
                quoted = character != '"' or text[index + 1 : index + 2] == '"'
                index += 2 if character == '"' and quoted else 1
                continue
            if character == '"' and index == field_start:
                quoted = True
            elif character in (self.delimiter, "\n"):
                if count == field_index or character == "\n":
                    break
                count, field_start = count + 1, index + 1
            index += 1
        return field_start if count == field_index else None

    def place_of(self, first_line: int, field_index: int, value: str, index: int) -> Place:
        """The line and column where ``value[index]`` is written in that field: its n-th
        such character, as CSV writes every character but '"' as itself."""
        start = self.field_start(first_line, field_index)
        nth = value.count(value[index], 0, index)
        at = None if start is None else nth_written(self.text, start, value[index], nth)
        return (first_line, 1) if at is None else line_and_column(self.text, at)


@dataclass
class JsonText:
    """A JSON input and its parsed ``body``, to find where a string value writes a character."""

    text: str
    body: object
    _spans: dict[JsonPath, tuple[int, int]] | None = None

    def place_of(self, path: JsonPath, character: str) -> Place:
        """Where the string at ``path`` first writes ``character``; 1:1 if that is unclear."""
        if self._spans is None:
            self._spans = json_string_spans(self.text, self.body) or {}
        span = self._spans.get(path)
        at = None if span is None else json_writing(self.text, span, character)
        return (1, 1) if at is None else line_and_column(self.text, at)


def nth_written(text: str, start: int, character: str, nth: int) -> int | None:
    """The index of the ``nth`` (from 0) ``character`` at or after ``start``."""
    found = text.find(character, start)
    for _ in range(nth):
        if found < 0:
            break
        found = text.find(character, found + 1)
    return None if found < 0 else found


def json_string_spans(text: str, body: object) -> dict[JsonPath, tuple[int, int]] | None:
    """Where each string value of ``body`` (the text's JSON, as json.loads read it) is written,
    by its path; None if the text's strings do not line up with it (a key given twice)."""
    tokens = _JSON_STRING.finditer(text)
    spans: dict[JsonPath, tuple[int, int]] = {}
    for path, value in _strings(body, ()):
        token = next(tokens, None)
        if token is None or json.loads(token.group()) != value:
            return None
        if path[-1] != "<key>":
            spans[path] = token.span()
    return spans


def json_writing(text: str, span: tuple[int, int], character: str) -> int | None:
    """The index where a JSON string (at ``span``, quotes included) first writes ``character``,
    HTML entities read as the Open Trivia DB importer reads them."""
    start, end = span
    for unit in _JSON_UNIT.finditer(text, start + 1, end - 1):
        written = unit.group()
        if written.startswith("\\"):
            decoded = str(json.loads(f'"{written}"'))
        elif written.startswith("&"):
            decoded = html.unescape(written)
        else:
            decoded = written
        found = decoded.find(character)
        if found >= 0:
            return unit.start() + (found if decoded is written else 0)
    return None


def _strings(value: object, path: JsonPath) -> Iterator[tuple[JsonPath, str]]:
    """Every string in ``value`` in the order JSON writes it: keys before their values."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield (*path, key, "<key>"), str(key)
            yield from _strings(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, (*path, index))


def refused_in(value: str, *, long: bool, split: bool) -> int | None:
    """The index in ``value`` of the first character its text, stripped as the readers strip
    it (each option of a ``|`` list on its own), may not hold."""
    pieces = _OPTIONS.finditer(value) if split else [_WHOLE.match(value)]
    for piece in pieces:
        text = "" if piece is None else piece.group()
        found = first_refused(text.strip(), long=long)
        if piece is not None and found is not None:
            return piece.start() + len(text) - len(text.lstrip()) + found
    return None
