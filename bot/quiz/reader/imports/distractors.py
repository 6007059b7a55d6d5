"""The wrong options of a term list's question: other definitions from the same list.

They should be plausible, so they are of a length close to the right definition's (a one-word
answer among three sentences gives itself away), and never the right answer in other words:
no definition equal to the right one (a synonym's) or to another of the term's own (a term
listed twice), and no two alike. Among those of about the same length the choice is fixed by a
hash of the question's own term and definition: the same list always gives the same pack, and
neighbouring terms do not all share one set of wrong answers. Nothing here draws at random.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from bot.quiz.reader.imports.drafts import one_line

LENGTH_STEPS = 10  # how finely "about the same length" is told apart


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of a term list."""

    term: str
    definition: str


def key(text: str) -> str:
    """What two texts that say the same thing have in common: case and spacing aside."""
    return one_line(text).casefold()


def wrong_definitions(entries: Sequence[Entry], index: int, count: int) -> list[str]:
    """Up to ``count`` definitions of other entries, to be the wrong options of the question
    about ``entries[index]``; the closest in length first."""
    asked = entries[index]
    ruled_out = {key(e.definition) for e in entries if key(e.term) == key(asked.term)}
    ruled_out.add(key(asked.definition))
    seed = hashlib.blake2b(f"{asked.term}\x1f{asked.definition}".encode()).digest()
    candidates: dict[str, str] = {}
    for entry in entries:
        found = key(entry.definition)
        if found not in ruled_out:
            candidates.setdefault(found, entry.definition)
    ranked = sorted(
        candidates.values(),
        key=lambda wrong: (_length_step(asked.definition, wrong), _mixed(seed, wrong)),
    )
    return ranked[:count]


def _length_step(right: str, wrong: str) -> int:
    """0 for texts of one length, up to LENGTH_STEPS for the most unlike."""
    shorter, longer = sorted((len(right), len(wrong)))
    return round((1 - shorter / max(longer, 1)) * LENGTH_STEPS)


def _mixed(seed: bytes, text: str) -> bytes:
    return hashlib.blake2b(text.encode(), digest_size=8, key=seed).digest()
