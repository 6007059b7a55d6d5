"""The wrong answers a reveal may show: those typed by at least ``COMMON_AT_LEAST`` members,
counted as one when they read the same once normalised (``All-Reduce`` and ``all-reduce``),
and shown in the spelling typed most often.

A member's text is hostile: only answers several members typed alike are ever shown, so no
one member can put words in the bot's public message, and each is cut to ``SHOWN_LENGTH``.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from bot.quiz.answers.typed import normalized

COMMON_AT_LEAST = 3
MOST_SHOWN = 3
SHOWN_LENGTH = 40


@dataclass(frozen=True, slots=True)
class CommonAnswer:
    text: str  # as most of its members typed it, cut to SHOWN_LENGTH
    count: int


def common_wrong_answers(
    wrong_given: Iterable[tuple[str, int]], *, at_least: int = COMMON_AT_LEAST
) -> tuple[CommonAnswer, ...]:
    """The most common wrong answers (at most MOST_SHOWN), most typed first."""
    spellings: defaultdict[str, Counter[str]] = defaultdict(Counter)
    for text, count in wrong_given:
        form = normalized(text)
        if form:
            spellings[form][" ".join(text.split())] += count
    found = [
        CommonAnswer(_cut(typed.most_common(1)[0][0]), typed.total())
        for typed in spellings.values()
        if typed.total() >= at_least
    ]
    found.sort(key=lambda answer: (-answer.count, answer.text))
    return tuple(found[:MOST_SHOWN])


def _cut(text: str) -> str:
    return text if len(text) <= SHOWN_LENGTH else text[: SHOWN_LENGTH - 1] + "…"
