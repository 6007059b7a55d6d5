"""Short stable keys for packs and questions, to fit review buttons' custom_ids (100 characters).

A key is a hash of the stable ids, so it survives restarts and pack edits; the library maps
it back to the question.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from bot.quiz.library import Library
from bot.quiz.model import Pack, Question

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
