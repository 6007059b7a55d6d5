"""The packs shipped in quizzes/: answer keys that stay put, options that do not give them away."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.quiz.model import OPTION_LETTERS, Kind, Pack, Question
from bot.quiz.packs.library import load_library
from tests.shipped import SHIPPED_PACK_FILES

PACKS = load_library(SHIPPED_PACK_FILES).packs

# Answers are stored by option index, so moving a correct option would re-grade past answers.
ANSWER_KEYS = {  # a letter per question, (letters) for all that apply, t typed, n a number
    "collectives-recall": "ttt(AB)nn",
    "moe-expert-parallelism": "CADBADBC",
    "ring-attention": "BDACDBCA",
}

# A length tell: a reader who always picks the longest (or shortest) option should gain little.
MAX_LENGTH_TELLS = 2


def answer_key(pack: Pack) -> str:
    return "".join(_key(question) for question in pack.questions)


def _key(question: Question) -> str:
    if question.kind is not Kind.CHOICE:
        return question.kind.value[0]
    letters = "".join(OPTION_LETTERS[index] for index in question.correct_indices)
    return letters if len(letters) == 1 else f"({letters})"


def correct_is_extreme(question: Question, locale: str, pick: Callable[..., int]) -> bool:
    """Whether the correct option is the longest (``max``) or shortest (``min``), ties included."""
    lengths = [len(option.text.get(locale)) for option in question.options]
    correct = lengths.pop(question.correct_index)
    return pick(correct, *lengths) == correct


def test_the_shipped_answer_keys_do_not_move() -> None:
    assert {pack_id: answer_key(pack) for pack_id, pack in PACKS.items()} == ANSWER_KEYS


@pytest.mark.parametrize("pack_id", sorted(ANSWER_KEYS))
@pytest.mark.parametrize("pick", [max, min], ids=["longest", "shortest"])
def test_option_length_rarely_points_at_the_answer(pack_id: str, pick: Callable[..., int]) -> None:
    pack = PACKS[pack_id]
    tells = {
        locale: [
            q.id for q in pack.questions if q.single_choice and correct_is_extreme(q, locale, pick)
        ]
        for locale in pack.locales
    }
    assert {locale: ids for locale, ids in tells.items() if len(ids) > MAX_LENGTH_TELLS} == {}


@pytest.mark.parametrize("pack_id", sorted(ANSWER_KEYS))
def test_every_wrong_option_says_why_in_every_locale(pack_id: str) -> None:
    pack = PACKS[pack_id]
    unexplained = [
        f"{question.id}[{OPTION_LETTERS[index]}]"
        for question in pack.questions
        for index, option in enumerate(question.options)
        if not option.correct
        and (option.why is None or set(option.why.by_locale) != set(pack.locales))
    ]
    assert unexplained == []
