"""Where a character of a scalar's value is written in the YAML text, to point a problem at it."""

from __future__ import annotations

import re

import yaml

# A double-quoted text's escapes, whole: `\\` is one, so the `0` in `\\0` is no escape.
_ESCAPE = re.compile(r"\\(?:x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|.)", re.DOTALL)
_BREAK = re.compile(r"\r\n|[\r\n\x85\u2028\u2029]")


def character_place(text: str, node: yaml.ScalarNode, index: int) -> tuple[int, int]:
    """The 1-based line and column where the character at ``index`` of the node's value is
    written: the same character, or an escape giving it, counted in order. A line break the
    text's layout makes rather than one written is placed at a line break of the text; the
    node's start if the text writes the character nowhere."""
    value = str(node.value)
    character = value[index]
    start, end = node.start_mark.index, node.end_mark.index
    if node.style in ("|", ">"):  # the header line holds indicators and maybe a comment
        header = _BREAK.search(text, start, end)
        start = end if header is None else header.end()
    nth = value.count(character, 0, index)
    offset = _written(text[start:end], character, nth, double_quoted=node.style == '"')
    mark = node.start_mark
    if offset is None:
        return mark.line + 1, mark.column + 1
    before = text[mark.index : start + offset]
    breaks = list(_BREAK.finditer(before))
    if not breaks:
        return mark.line + 1, mark.column + len(before) + 1
    return mark.line + len(breaks) + 1, len(before) - breaks[-1].end() + 1


def _written(source: str, character: str, nth: int, *, double_quoted: bool) -> int | None:
    """The offset of the ``nth`` (from 0) writing of ``character`` in a scalar's source."""
    seen = 0
    position = 0
    escapes = _ESCAPE.finditer(source) if double_quoted else iter(())
    for escape in [*escapes, None]:
        stop = len(source) if escape is None else escape.start()
        found = source.find(character, position, stop)
        while found >= 0:
            if seen == nth:
                return found
            seen += 1
            found = source.find(character, found + 1, stop)
        if escape is None:
            break
        if _unescaped(escape.group()) == character:
            if seen == nth:
                return escape.start()
            seen += 1
        position = escape.end()
    return None if seen == 0 else _written(source, character, 0, double_quoted=double_quoted)


def _unescaped(escape: str) -> str:
    letter = escape[1]
    if letter in yaml.scanner.Scanner.ESCAPE_CODES:
        return chr(int(escape[2:], 16))  # noqa: FURB166  # the digits of `\x41`, no 0x
    return str(yaml.scanner.Scanner.ESCAPE_REPLACEMENTS.get(letter, ""))
