"""Plain words for what libyaml refuses and PyYAML's own parser read: the loader reads with
libyaml, and PyYAML has no words of its own for these (see yamlstrict)."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable

from bot.quiz.reader.cleantext import refusal

_UNICODE_ESCAPE = re.compile(r"\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8}))")
_HIGH_HALF, _LOW_HALF, _HALF_SPAN = 0xD800, 0xDC00, 0x400  # UTF-16's surrogates
_ABOVE_HALVES = 0x10000  # the first character a pair of surrogates writes
_KEY_ENDS = frozenset("{}[],:")


def colon_before_bracket(line: str, column: int) -> tuple[int, str] | None:
    """`{title:{…}}`: inside brackets libyaml refuses a ':' (at ``column``) followed by a
    bracket or a ','; PyYAML read `title: {…}`. The 0-based column to edit, and the words."""
    start = column
    while start > 0 and not (line[start - 1].isspace() or line[start - 1] in _KEY_ENDS):
        start -= 1
    name, rest = line[start:column], line[column + 1 :].rstrip()
    return column + 1, f"missing space after '{name}:'; write '{name}: {rest[:30]}'"


def unicode_escape_fix(line: str, column: int) -> tuple[int, str] | None:
    """What to write instead of the `\\u` or `\\U` escape whose digits start at ``column``,
    which libyaml refuses: half of a character (a surrogate), or past the last one. The
    0-based column where the escape starts, and the words for it."""
    start = column - 2
    escape = _UNICODE_ESCAPE.match(line, start)
    if escape is None:
        return None
    code = int(escape.group(1) or escape.group(2), 16)
    after = _UNICODE_ESCAPE.match(line, escape.end())
    low = int(after.group(1) or after.group(2), 16) if after else 0
    if _HIGH_HALF <= code < _LOW_HALF <= low < _LOW_HALF + _HALF_SPAN:
        joined = _ABOVE_HALVES + ((code - _HIGH_HALF) << 10) + (low - _LOW_HALF)
        pair = escape.group() + after.group() if after else ""
        return start, f"{pair} writes one character in two halves; write it as \\U{joined:08X}"
    if code > sys.maxunicode:
        return start, f"{escape.group()} is past U+10FFFF, the last character there is"
    return start, f"{escape.group()} is {refusal(chr(code))[len('holds ') :]}"


LIBYAML_SLIPS: dict[str, Callable[[str, int], tuple[int, str] | None]] = {
    "found unexpected ':'": colon_before_bracket,
    "found invalid Unicode character escape code": unicode_escape_fix,
}
