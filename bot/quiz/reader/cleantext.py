"""Which characters a pack's texts may hold: none that hide, reorder or break what members read.

Refused in every text: the C0 and C1 control characters (U+0000-U+001F, U+007F-U+009F) except
tab and line feed in long texts; lone surrogates (U+D800-U+DFFF), which no UTF-8 encoder, JSON
encoder or database takes; and the bidirectional embeddings, overrides and isolates (U+202A-
U+202E, U+2066-U+2069), which make a text show its characters in another order than they are
read in. The marks U+200E and U+200F stay allowed: a right-to-left text needs them to place a
number or a '?' beside it, and they cannot reorder anything else.

Long texts are the ones shown as a message of their own, where an author may break lines or
lay out code: a question's prompt and explanation, an option's `why`, a pack's summary
(``LONG_TEXTS``). Every other text is one line: titles, option texts (shown beside buttons),
ids, locales and the guide's address; they may hold no tab and no line break (U+000A, U+2028,
U+2029).
"""

from __future__ import annotations

import re

LONG_TEXTS = frozenset({"prompt", "explanation", "why", "summary"})

# Character-class ranges, shared with the JSON Schema (bot/quiz/reader/schema.py), which leaves out
# the surrogates: no JSON text can hold one alone.
CONTROLS = "\x00-\x08\x0b-\x1f\x7f-\x9f"
BIDI_CONTROLS = "\u202a-\u202e\u2066-\u2069"
SURROGATES = "\ud800-\udfff"
ONE_LINE_ONLY = "\t\n\u2028\u2029"  # refused in short texts only
_ANYWHERE = CONTROLS + SURROGATES + BIDI_CONTROLS
_IN_LONG = re.compile(f"[{_ANYWHERE}]")
_IN_SHORT = re.compile(f"[{ONE_LINE_ONLY}{_ANYWHERE}]")
_SURROGATE = re.compile(f"[{SURROGATES}]")
_BIDI = re.compile(f"[{BIDI_CONTROLS}]")
_IN_MESSAGE = _IN_SHORT  # a problem is one line, and shown on Discord and terminals alike
_KINDS = {
    "\t": "a tab",
    "\n": "a line break",
    "\r": "a carriage return",
    "\u2028": "a line separator",
    "\u2029": "a paragraph separator",
}


def first_refused(text: str, *, long: bool) -> int | None:
    """The index of the first character ``text`` may not hold, if any."""
    found = (_IN_LONG if long else _IN_SHORT).search(text)
    return None if found is None else found.start()


def described(character: str) -> str:
    """A character by its code point and kind: ``U+0000 (a control character)``."""
    if character in _KINDS:
        kind = _KINDS[character]
    elif _SURROGATE.match(character):
        kind = "a lone surrogate"
    elif _BIDI.match(character):
        kind = "a bidirectional control"
    else:
        kind = "a control character"
    return f"U+{ord(character):04X} ({kind})"


def refusal(character: str) -> str:
    """Why a text may not hold ``character``, for a problem message."""
    only_long = "which only prompts, explanations, whys and summaries may hold"
    if character == "\t":
        return f"holds {described(character)}, {only_long}; use spaces"
    if character in "\n\u2028\u2029":
        return f"holds {described(character)}, {only_long}; put the text on one line"
    return f"holds {described(character)}, which a text may not hold; remove it"


def visible(text: str) -> str:
    """``text`` with each character refused in a text written as ``<U+0000>``, so that a
    message quoting what an author wrote stays one printable line."""
    return _IN_MESSAGE.sub(lambda found: f"<U+{ord(found.group()):04X}>", text)
