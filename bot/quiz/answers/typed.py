"""A typed answer against the answers a question accepts.

Three ways to match (a question's ``match:``):

- ``exact``: the text as accepted, but for the spaces around it;
- ``normal`` (the default): also ignoring case, the punctuation and spaces around the answer,
  runs of spaces inside it, Unicode compatibility forms (NFKC: ``ﬁ`` is ``fi``, a full-width
  ``Ａ`` is ``A``), Greek accents and diaeresis, and the final sigma;
- ``typo``: ``normal``, and a slip of the keys too: a Damerau-Levenshtein distance (an insertion,
  deletion, substitution or swap of neighbours each counts one) of at most 1 for an accepted
  answer of 5 to 8 characters and 2 beyond; under 5 characters, where one letter changes the
  word, none.

A member's text is hostile input: only its first ``MAX_TYPED`` characters are read, so no
answer costs more than a bounded comparison.
"""

from __future__ import annotations

import enum
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from rapidfuzz.distance import DamerauLevenshtein

from bot.quiz.model import Match

MAX_TYPED = 200  # a member's answer, as read; Discord's text input allows up to 4000
# Lengths (of the normalised accepted answer) from which a typo is tolerated, and how much.
TYPO_STEPS = ((9, 2), (5, 1))


class Verdict(enum.Enum):
    RIGHT = "right"
    RIGHT_WITH_TYPO = "right_with_typo"  # right only because a typo was tolerated
    WRONG = "wrong"


@dataclass(frozen=True, slots=True)
class TypedGrade:
    verdict: Verdict
    matched: str | None  # the accepted answer it matched, as the question writes it

    @property
    def right(self) -> bool:
        return self.verdict is not Verdict.WRONG


def grade_typed(given: str, accepted: Sequence[str], match: Match) -> TypedGrade:
    """``given`` against each of ``accepted``; the closest right match wins (as written before
    a typo)."""
    text = given[:MAX_TYPED]
    if match is Match.EXACT:
        found = next((a for a in accepted if a.strip() == text.strip()), None)
        return TypedGrade(Verdict.RIGHT if found else Verdict.WRONG, found)
    typed = normalized(text)
    forms = [(answer, normalized(answer)) for answer in accepted]
    found = next((answer for answer, form in forms if form == typed), None)
    if found is not None:
        return TypedGrade(Verdict.RIGHT, found)
    if match is Match.TYPO:
        for answer, form in forms:
            allowed = typo_tolerance(len(form))
            if (
                allowed
                and DamerauLevenshtein.distance(typed, form, score_cutoff=allowed) <= allowed
            ):
                return TypedGrade(Verdict.RIGHT_WITH_TYPO, answer)
    return TypedGrade(Verdict.WRONG, None)


def typo_tolerance(length: int) -> int:
    """How many slips an accepted answer of ``length`` characters forgives."""
    return next((allowed for shortest, allowed in TYPO_STEPS if length >= shortest), 0)


def normalized(text: str) -> str:
    """``text`` as ``normal`` compares it: compatibility forms folded, case and Greek accents
    and final sigma ignored, spaces collapsed, punctuation and spaces around it dropped."""
    folded = unicodedata.normalize("NFKC", text).casefold()  # casefold turns ς into σ
    unaccented = _without_greek_marks(folded)
    words = unaccented.split()
    return " ".join(words).strip(_PUNCTUATION_AROUND)


def _without_greek_marks(text: str) -> str:
    """``text`` with a Greek letter's accents and diaeresis left out (other scripts keep theirs:
    in French, ``é`` and ``e`` are different letters)."""
    kept: list[str] = []
    for char in unicodedata.normalize("NFD", text):
        is_mark = unicodedata.combining(char) != 0
        if is_mark and kept and _is_greek(kept[-1]):
            continue
        kept.append(char)
    return unicodedata.normalize("NFC", "".join(kept))


def _is_greek(char: str) -> bool:
    return unicodedata.name(char, "").startswith("GREEK")


# What may surround an answer without changing it: ASCII punctuation and the common others.
_PUNCTUATION_AROUND = " \t.,;:!?¡¿·;'\"`«»“”‘’()[]{}-–—…"
