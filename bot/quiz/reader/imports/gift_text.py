"""GIFT's text: its blocks (questions, split by blank lines, comments left out), the special
characters a backslash escapes, and where each character of a block is written in the file."""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass

from bot.quiz.reader.imports.html_text import html_text

SPECIAL = "~=#{}:"
_ESCAPE = re.compile(r"\\(.)", re.DOTALL)


@dataclass(frozen=True, slots=True)
class Block:
    """One question's lines, joined by line breaks, and where each of them starts."""

    text: str
    starts: tuple[int, ...]  # the index in ``text`` where each line begins
    lines: tuple[int, ...]  # its line number in the file

    def place(self, index: int) -> tuple[int, int]:
        """The 1-based line and column of ``text[index]`` in the file."""
        row = max(0, bisect.bisect_right(self.starts, index) - 1)
        return self.lines[row], index - self.starts[row] + 1


def blocks(text: str) -> Iterator[Block]:
    """The file's questions: runs of lines that are not blank, each without its comment lines
    (``//`` first on the line), which neither end a question nor belong to it."""
    rows: list[tuple[int, str]] = []
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            if rows:
                yield _block(rows)
            rows = []
        elif not line.lstrip().startswith("//"):
            rows.append((number, line))
    if rows:
        yield _block(rows)


def _block(rows: list[tuple[int, str]]) -> Block:
    starts, at = [], 0
    for _, line in rows:
        starts.append(at)
        at += len(line) + 1
    return Block("\n".join(line for _, line in rows), tuple(starts), tuple(n for n, _ in rows))


def find(text: str, wanted: str, start: int = 0, end: int | None = None) -> int:
    """The index of the first of ``wanted``'s characters at or after ``start`` that no
    backslash escapes; -1 if there is none before ``end``."""
    stop = len(text) if end is None else end
    index = start
    while index < stop:
        character = text[index]
        if character == "\\":
            index += 2
            continue
        if character in wanted:
            return index
        index += 1
    return -1


def find_text(text: str, wanted: str, start: int = 0, end: int | None = None) -> int:
    """The index of the first ``wanted`` (a few characters) that no backslash escapes."""
    index = find(text, wanted[0], start, end)
    while index >= 0 and not text.startswith(wanted, index):
        index = find(text, wanted[0], index + 1, end)
    return index


def unescaped(written: str) -> str:
    r"""The text a GIFT writing means: ``\n`` a line break, ``\~`` and the other special
    characters (and ``\\``) themselves; any other backslash stays, as Moodle keeps it (TeX)."""

    def one(found: re.Match[str]) -> str:
        character = found.group(1)
        if character == "n":
            return "\n"
        return character if character in SPECIAL + "\\" else found.group()

    return _ESCAPE.sub(one, written)


def shown(written: str, markup: str) -> str:
    """A written text as members read it: unescaped, and as plain text if it is HTML."""
    text = unescaped(written)
    return html_text(text) if markup == "html" else text.strip()
