"""A member's response to a question of any kind, graded: the one way rounds and reviews tell
right from wrong.

Typed answers are graded against the accepted answers of every locale of the pack, as a member
may answer in either language (a Greek member may well type the English term). A number is
read as bot/quiz/answers/numbers.py says; a text that says no number is not graded, so the
member can answer again rather than lose the question to a slip.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.quiz.answers.choices import all_that_apply
from bot.quiz.answers.numbers import parse_number, within
from bot.quiz.answers.typed import MAX_TYPED, Verdict, grade_typed
from bot.quiz.model import Kind, NumberAnswer, Question, TypedAnswers


@dataclass(frozen=True, slots=True)
class Response:
    """What a member gave: the options they picked (pack indices), or the text they typed."""

    picked: tuple[int, ...] = ()
    typed: str | None = None

    @classmethod
    def text(cls, typed: str) -> Response:
        """A typed response, bounded as it is read: a member's text is hostile input."""
        return cls(typed=typed[:MAX_TYPED])


@dataclass(frozen=True, slots=True)
class Grade:
    correct: bool
    typo: bool = False  # right only because a typo was tolerated (FSRS rates it Hard)


def grade(question: Question, response: Response) -> Grade | None:
    """Whether ``response`` answers ``question`` right; None if it is no answer to it at all
    (an option it does not have, a text for a choice question, a text that says no number)."""
    accepts = question.accepts
    if isinstance(accepts, TypedAnswers):
        if response.typed is None or not response.typed.strip():
            return None
        typed = grade_typed(response.typed, accepts.every(), accepts.match)
        return Grade(typed.right, typo=typed.verdict is Verdict.RIGHT_WITH_TYPO)
    if isinstance(accepts, NumberAnswer):
        return _graded_number(accepts, response)
    picked = set(response.picked)
    if response.typed is not None or not picked or not picked <= set(range(len(question.options))):
        return None
    if not question.several_right and len(picked) != 1:
        return None
    return Grade(all_that_apply(picked, question.correct_indices))


def _graded_number(accepts: NumberAnswer, response: Response) -> Grade | None:
    units = () if accepts.unit is None else accepts.unit.by_locale.values()
    given = None if response.typed is None else parse_number(response.typed, units)
    if given is None:
        return None
    return Grade(within(given, accepts.value, accepts.tolerance))


def guess_space(question: Question) -> int:
    """How many answers a guess picks among: one of the options, any non-empty set of them
    when several are right, none for a typed text or number (it cannot be guessed)."""
    if question.kind is not Kind.CHOICE:
        return 0
    count = len(question.options)
    return 2**count - 1 if question.several_right else count


@dataclass(frozen=True, slots=True)
class Marked:
    """A response as it is recorded: the options picked (a bit per option, for all that apply)
    or the text typed, and its grade."""

    picked: int | None
    typed: str | None
    correct: bool
    typo: bool = False

    @property
    def picked_options(self) -> tuple[int, ...]:
        """The options picked, by their index in the pack."""
        mask = self.picked or 0
        return tuple(index for index in range(mask.bit_length()) if mask >> index & 1)


def mark(question: Question, response: Response) -> Marked | None:
    """``response`` graded and ready to record; None if it is no answer to ``question``."""
    graded = grade(question, response)
    if graded is None:
        return None
    picked = sum(1 << index for index in set(response.picked)) if response.picked else None
    return Marked(picked, response.typed, graded.correct, graded.typo)
