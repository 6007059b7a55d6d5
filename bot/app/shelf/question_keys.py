"""Short stable keys for packs and questions, and a review card as shown, to fit review
buttons' custom_ids (100 characters).

A key is a hash of the stable ids, so it survives restarts and pack edits; the library maps
it back to the question.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from bot.quiz.model import Pack, Question
from bot.quiz.packs.library import Library
from bot.quiz.review.session import Shown

KEY_LENGTH = 10


def stable_key(*parts: str) -> str:
    digest = hashlib.blake2b("/".join(parts).encode(), digest_size=KEY_LENGTH // 2)
    return digest.hexdigest()


@dataclass(frozen=True, slots=True)
class QuestionKeys:
    packs: dict[str, Pack]
    questions: dict[str, tuple[Pack, Question]]

    @classmethod
    def of(cls, library: Library) -> QuestionKeys:
        packs = {stable_key(pack.id): pack for pack in library.packs.values()}
        questions = {
            stable_key(pack.id, question.id): (pack, question)
            for pack in library.packs.values()
            for question in pack.questions
        }
        count = sum(len(pack.questions) for pack in library.packs.values())
        if len(packs) != len(library.packs) or len(questions) != count:
            raise ValueError("two questions share a key; lengthen KEY_LENGTH")
        return cls(packs, questions)


# The card as shown: "n" (never reviewed) or its last review in microseconds since 1970, base 36.
SHOWN = r"(?P<shown>n|[0-9a-z]{1,14})"
NEVER = "n"
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def shown_code(shown: Shown) -> str:
    """The card as shown, for an answer button's custom_id (11 characters until the year 6000)."""
    if shown.last_review is None:
        return NEVER
    value, code = (shown.last_review - EPOCH) // timedelta(microseconds=1), ""
    while True:
        value, digit = divmod(value, 36)
        code = DIGITS[digit] + code
        if not value:
            return code


def shown_of(code: str) -> Shown:
    """The card as a custom_id says it was shown; ValueError for a moment no card can have
    been reviewed at (one past the year 9999)."""
    if code == NEVER:
        return Shown(None)
    try:
        return Shown(EPOCH + timedelta(microseconds=int(code, 36)))
    except OverflowError as error:
        raise ValueError(f"no card was shown at {code!r}") from error
