"""A question's id, made from its prompt: the prompt's first words in plain ASCII (Greek and
other scripts transliterated), lowercase, joined by hyphens, within the 40 characters of an id,
and numbered (``-2``, ``-3``) when the pack has that id already. An id once given stays: an edit
that rewords the prompt keeps it, since review history is keyed on it."""

from __future__ import annotations

import re
from collections.abc import Iterable

from anyascii import anyascii

from bot.quiz.reader.loader import SLUG

MAX_ID = 40
_NOT_SLUG = re.compile(r"[^a-z0-9]+")
FALLBACK = "question"  # a prompt of no letters or digits at all (only emoji, say)


def question_id(prompt: str, taken: Iterable[str]) -> str:
    """A fresh id for a question of ``prompt`` in a pack whose ids are ``taken``."""
    words = [w for w in _NOT_SLUG.split(anyascii(prompt).lower()) if w]
    base = _within(words, MAX_ID) or FALLBACK
    used = set(taken)
    if base not in used:
        return base
    for number in range(2, len(used) + 3):
        suffix = f"-{number}"
        numbered = f"{_within(base.split('-'), MAX_ID - len(suffix)) or base[:1]}{suffix}"
        if numbered not in used:
            return numbered
    raise AssertionError("unreachable: one of len(taken) + 1 numbers is free")


def _within(words: list[str], limit: int) -> str:
    """The first words that fit in ``limit`` characters (a first word alone is cut)."""
    kept = ""
    for word in words:
        longer = f"{kept}-{word}" if kept else word
        if len(longer) > limit:
            return kept or word[:limit]
        kept = longer
    assert not kept or SLUG.fullmatch(kept)  # noqa: S101  # a-z, 0-9 and - only, by the split
    return kept
