"""GIFT's answers in braces, ``{=right ~wrong}``: each ``=`` or ``~`` answer with its weight and
feedback, made a choice question (one right, or all that apply) or a typed one
(docs/importing.md). A GIFT number's answers are read by gift_numbers.py."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal

from bot.quiz.model import Match
from bot.quiz.reader.accepted import MAX_ANSWERS
from bot.quiz.reader.imports.drafts import (
    Draft,
    NumberDraft,
    Piece,
    TypedDraft,
    left_out,
    one_line,
)
from bot.quiz.reader.imports.gift_text import Block, find, find_text, shown
from bot.quiz.reader.loader import MAX_OPTIONS
from bot.quiz.reader.problems import Problem

WEIGHT = re.compile(r"\s*%(-?[0-9]+(?:\.[0-9]+)?)%")
FULL = Decimal(100)  # the weight of an answer that is right, in percent
_WILDCARD = re.compile(r"(?<!\\)\*")  # Moodle's short answer: * stands for any text


class NotAskedError(Exception):
    """A question of a kind quizbot does not ask."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


class UnreadableError(NotAskedError):
    """A question written so that it cannot be read."""


@dataclass
class Written:
    """One question's block as it is read: its texts and their places, how they are marked
    up, and ``notes``, what reading it left out or read otherwise than Moodle would."""

    block: Block
    source: str
    locale: str
    markup: str = "moodle"
    notes: list[Problem] = field(default_factory=list)

    def piece(self, index: int, written: str, field: str, *, line: bool = False) -> Piece:
        text = shown(written, self.markup)
        return Piece(one_line(text) if line else text, *self.block.place(index), field)

    def feedback(self, index: int, written: str) -> Piece | None:
        """A feedback text, if it says anything."""
        piece = self.piece(index, written, "feedback")
        return piece if piece.text else None

    def problem(self, index: int, field: str, message: str) -> Problem:
        return Problem(self.source, *self.block.place(index), field, message)

    def left_out(self, index: int, field: str, message: str) -> None:
        self.notes.append(left_out(self.problem(index, field, message)))


@dataclass(frozen=True, slots=True)
class Asked:
    """What every kind of question read from braces has: ``opening`` is where ``{`` is."""

    prompt: Piece
    explanation: Piece | None
    title: str | None
    opening: int

    def draft(
        self,
        options: tuple[Piece, ...] = (),
        correct: tuple[int, ...] = (),
        whys: tuple[Piece | None, ...] = (),
        *,
        explanation: Piece | None = None,
        accepts: TypedDraft | NumberDraft | None = None,
    ) -> Draft:
        """The draft; its explanation the general feedback (####) if there is one."""
        explained = self.explanation or explanation
        line = self.prompt.line
        return Draft(line, self.prompt, options, correct, explained, whys, self.title, accepts)


@dataclass(frozen=True, slots=True)
class Answer:
    mark: int  # where its = or ~ is in the block
    start: int  # where its text begins
    text: str
    right: bool  # written with =
    weight: Decimal | None  # its %…%, if it has one
    feedback: tuple[int, str] | None

    @property
    def credit(self) -> Decimal:
        """Its weight, or what its = or ~ means: 100 or 0."""
        if self.weight is not None:
            return self.weight
        return FULL if self.right else Decimal(0)


def split(written: Written, start: int, end: int) -> list[Answer]:
    """The ``=`` and ``~`` answers between ``start`` and ``end``."""
    text = written.block.text
    first = find(text, "=~", start, end)
    if first < 0 or text[start:first].strip():
        at_text = start + len(text[start:end]) - len(text[start:end].lstrip())
        message = "text before the first answer; start each answer with = or ~"
        raise UnreadableError(written.problem(at_text, "answers", message))
    answers, mark = [], first
    while mark >= 0:
        following = find(text, "=~", mark + 1, end)
        stop = end if following < 0 else following
        answers.append(_answer(written, mark, stop))
        mark = following
    return answers


def _answer(written: Written, mark: int, stop: int) -> Answer:
    text = written.block.text
    begin = mark + 1
    weight = WEIGHT.match(text, begin, stop)
    if weight:
        begin = weight.end()
    hash_at = find(text, "#", begin, stop)
    written_end = stop if hash_at < 0 else hash_at
    if find_text(text, "->", begin, written_end) >= 0:
        raise NotAskedError(written.problem(mark, "answers", "a matching question"))
    feedback = None if hash_at < 0 else (hash_at + 1, text[hash_at + 1 : stop])
    return Answer(
        mark=mark,
        start=begin + len(text[begin:written_end]) - len(text[begin:written_end].lstrip()),
        text=text[begin:written_end],
        right=text[mark] == "=",
        weight=Decimal(weight.group(1)) if weight else None,
        feedback=feedback,
    )


def answered(written: Written, answers: list[Answer], asked: Asked) -> Draft:
    """Only ``=`` answers: a typed question. With partial credit and no ``=`` (Moodle's
    "multiple answers", ticked in boxes): all that apply. Otherwise one right option."""
    if all(answer.right for answer in answers):
        return _typed(written, answers, asked)
    partial = any(0 < answer.credit < FULL for answer in answers)
    if partial and not any(answer.right for answer in answers):
        return _all_that_apply(written, answers, asked)
    if partial:
        message = "answers with partial credit (%…%) beside an = answer; a quizbot question has"
        raise NotAskedError(written.problem(asked.opening, "answers", f"{message} one right"))
    right = tuple(i for i, answer in enumerate(answers) if answer.credit == FULL)
    if not right:
        message = "no right answer: mark it with ="
        raise UnreadableError(written.problem(asked.opening, "answers", message))
    if len(right) > 1:
        message = "more than one right answer; a quizbot question has one"
        raise NotAskedError(written.problem(asked.opening, "answers", message))
    options, given = _options(written, answers, asked)
    chosen = right[0]
    whys = tuple(None if index == chosen else why for index, why in enumerate(given))
    return asked.draft(options, right, whys, explanation=given[chosen])


def _options(
    written: Written, answers: list[Answer], asked: Asked
) -> tuple[tuple[Piece, ...], list[Piece | None]]:
    """The answers as options, and each one's feedback."""
    if len(answers) > MAX_OPTIONS:
        message = f"{len(answers)} answers; a quizbot question shows at most {MAX_OPTIONS}"
        raise NotAskedError(written.problem(asked.opening, "answers", message))
    options = tuple(written.piece(a.start, a.text, "answer", line=True) for a in answers)
    given = [None if a.feedback is None else written.feedback(*a.feedback) for a in answers]
    return options, given


def _all_that_apply(written: Written, answers: list[Answer], asked: Asked) -> Draft:
    """The answers of positive weight are the right options, each answer's feedback its why."""
    right = tuple(i for i, answer in enumerate(answers) if answer.credit > 0)
    if len(right) == len(answers):
        message = "answers with partial credit (%…%), all of positive weight: none is wrong"
        raise NotAskedError(written.problem(asked.opening, "answers", message))
    options, given = _options(written, answers, asked)
    message = "partial credit (%…%) is read as all that apply: the answers of positive weight"
    written.notes.append(written.problem(asked.opening, "answers", f"{message} are right"))
    return asked.draft(options, right, tuple(given))


def _typed(written: Written, answers: list[Answer], asked: Asked) -> Draft:
    """Moodle's short answer: each full-credit answer is accepted, matched as Moodle does by
    default (case aside), which is ``match: normal``."""
    kept: list[Answer] = []
    for answer in answers:
        if answer.credit != FULL:
            message = f"an accepted answer with partial credit (%{answer.weight}%)"
            written.left_out(answer.mark, "answer", message)
        elif _WILDCARD.search(answer.text):
            written.left_out(answer.mark, "answer", "an accepted answer with a * wildcard")
        else:
            kept.append(answer)
    if not kept:
        message = "a short-answer question with no full-credit answer"
        raise NotAskedError(written.problem(asked.opening, "answers", message))
    if len(kept) > MAX_ANSWERS:
        message = f"{len(kept)} accepted answers; a typed question takes at most {MAX_ANSWERS}"
        raise NotAskedError(written.problem(asked.opening, "answers", message))
    pieces = tuple(
        written.piece(a.start, a.text.replace("\\*", "*"), "answer", line=True) for a in kept
    )
    first = kept[0].feedback
    explanation = None if first is None else written.feedback(*first)
    return asked.draft(accepts=TypedDraft(pieces, Match.NORMAL), explanation=explanation)
