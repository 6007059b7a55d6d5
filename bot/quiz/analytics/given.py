"""What a question's answers gave beyond right or wrong, for item analytics: how often each
option was picked (all that apply), the wrong texts several members typed alike (typed and
number questions), and how many right answers a forgiven typo let through.

A member's text is hostile: only texts at least ``COMMON_AT_LEAST`` *members* typed alike are
ever kept (a member counts once per text, however many rounds they typed it in, so no one
member can put words in a moderator's report), each cut as the reveal cuts it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Protocol

from bot.quiz.answers.common import COMMON_AT_LEAST, CommonAnswer, common_wrong_answers
from bot.quiz.answers.typed import normalized

# A wrong text is compared on its first characters only, so what travels to the worker and is
# normalised stays small whatever members type; a shown text is cut to 40 anyway, so texts
# alike this far would read the same in the report.
COMPARED_LENGTH = 64
# The bits of the `picked` column (a SmallInteger) an option can have; a pack has at most 5.
OPTION_BITS = 15


class Answer(Protocol):
    """What these figures read of an answer (bot.quiz.analytics.items.AnswerRecord's fields)."""

    @property
    def member_id(self) -> int: ...
    @property
    def option_index(self) -> int | None: ...
    @property
    def picked(self) -> int | None: ...
    @property
    def given(self) -> str | None: ...
    @property
    def correct(self) -> bool: ...
    @property
    def typo(self) -> bool: ...


def compared(given: str | None) -> str | None:
    """A wrong answer's text as the analysis reads it."""
    return None if given is None else given[:COMPARED_LENGTH]


def option_picks(answered: Iterable[Answer]) -> tuple[int, ...]:
    """Per option of the pack, from 0: how many answers picked it, as their one option or as
    one of all that apply (a question may have changed between the two)."""
    counts: Counter[int] = Counter()
    for record in answered:
        counts.update(picked_options(record.option_index, record.picked))
    return tuple(counts[option] for option in range(max(counts) + 1)) if counts else ()


def picked_options(option_index: int | None, picked: int | None) -> Sequence[int]:
    """The options an answer picked: its one option, or each bit of an all-that-apply's."""
    if option_index is not None:
        return (option_index,) if 0 <= option_index < OPTION_BITS else ()
    mask = picked or 0
    return [option for option in range(OPTION_BITS) if mask >> option & 1]


def common_wrong(
    answered: Iterable[Answer], *, at_least: int = COMMON_AT_LEAST
) -> tuple[CommonAnswer, ...]:
    """The wrong texts (or numbers as typed) at least ``at_least`` members typed alike, most
    members first; each ``count`` is members, not answers."""
    spelling: dict[tuple[int, str], str] = {}
    for record in answered:
        text = compared(record.given)
        if text is not None and not record.correct:
            spelling.setdefault((record.member_id, normalized(text)), text)
    return common_wrong_answers(((text, 1) for text in spelling.values()), at_least=at_least)


def typo_right(answered: Iterable[Answer]) -> int:
    """The right answers that were right only because a typo was forgiven."""
    return sum(record.correct and record.typo for record in answered)
