"""A server pack changed one question at a time, as a moderator does from Discord: a question
added or replaced (by its id, which stays), one removed, or a new pack begun with its first.
The results are packs the loader would build from their YAML (bot/quiz/reader/pack_yaml.py)."""

from __future__ import annotations

from dataclasses import replace

from bot.quiz.model import Difficulty, Pack, Question, Text
from bot.quiz.reader.loader import MAX_QUESTIONS


class EditRefusedError(Exception):
    """The change would leave no pack the loader takes; ``key`` names the message."""

    def __init__(self, key: str, limit: int = 0) -> None:
        super().__init__(key)
        self.key = key
        self.limit = limit


def with_question(pack: Pack, question: Question) -> Pack:
    """``pack`` with ``question`` in place of the one of its id, else added at the end."""
    if pack.question(question.id) is not None:
        kept = tuple(question if q.id == question.id else q for q in pack.questions)
        return replace(pack, questions=kept)
    if len(pack.questions) >= MAX_QUESTIONS:
        raise EditRefusedError("forms.too_many_questions", MAX_QUESTIONS)
    return replace(pack, questions=(*pack.questions, question))


def without_question(pack: Pack, question_id: str) -> Pack:
    """``pack`` without that question; a pack keeps at least one."""
    kept = tuple(q for q in pack.questions if q.id != question_id)
    if not kept:
        raise EditRefusedError("forms.last_question")
    return replace(pack, questions=kept)


def new_pack(
    pack_id: str,
    locales: tuple[str, ...],
    details: tuple[Text, Text],
    difficulty: Difficulty,
    first: Question,
) -> Pack:
    """A pack of one question, with its ``details``: title and summary."""
    title, summary = details
    return Pack(
        id=pack_id,
        locales=locales,
        title=title,
        summary=summary,
        difficulty=difficulty,
        questions=(first,),
    )
