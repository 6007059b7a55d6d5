"""Leeches: questions a member keeps failing, taken out of their reviews.

Anki calls a card that lapses again and again a leech and suspends it: reviewing it once more
costs an answer and teaches little, and a question that many members fail this way is often
ambiguous or keyed wrong (moderators see the counts in ``/quiz analytics``).
"""

from __future__ import annotations

from bot.quiz.review.scheduling import Card, State

# Lapses that make a card a leech (Anki's default leech threshold is 8 too).
LEECH_LAPSES = 8

__all__ = ["LEECH_LAPSES", "is_lapse", "is_leech", "lapses_after"]


def is_lapse(before: Card, *, correct: bool) -> bool:
    """Whether an answer to ``before`` (the card as it was before the answer) is a lapse.

    A lapse is a wrong answer (FSRS rating Again) to a card in FSRS's Review state: one the member
    has learnt, as FSRS and Anki count lapses. quizbot has no learning steps, so a card enters
    Review at its first answer, whose right option and explanation are shown at once: every wrong
    answer but a question's very first is a lapse. A first answer (no card yet, or a card that
    was never reviewed) is not, nor is a miss of a card still in (re)learning steps, as cards
    stored before steps were dropped may be: FSRS counts those as steps, not lapses.
    """
    return not correct and before.last_review is not None and before.state is State.Review


def lapses_after(lapses: int, before: Card, *, correct: bool) -> int:
    """The card's lapse count once the answer is applied: a count never goes down, since a
    right answer to a card failed eight times is as likely a guess as a recall."""
    return lapses + 1 if is_lapse(before, correct=correct) else lapses


def is_leech(lapses: int) -> bool:
    """A card with this many lapses has left the member's reviews."""
    return lapses >= LEECH_LAPSES
