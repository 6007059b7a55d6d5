"""What every format's reader gives: draft questions, each text with the place it was read from,
and what the reader could not take.

A reader turns its input into ``Draft``s; ``draft_problems`` checks them with the pack's own
rules (the loader's limits and clean texts) at the input's lines, so an author reads
``quiz.gift:12:3: option: is 240 characters; the limit is 200`` and not a place in a YAML file
they never wrote; ``question_documents`` (documents.py) makes them the pack format's mappings.

Rounds show options in the order the pack gives them, so a reader that is given the right
answer apart (``placed``) puts it at a place that depends on the question's text: the same
input always gives the same pack, and the answer is not always A.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from bot.quiz.answers.typed import normalized
from bot.quiz.model import Match, language_of
from bot.quiz.reader.accepted import MAX_ANSWER, MAX_ANSWERS, MAX_NUMBER
from bot.quiz.reader.cleantext import first_refused, refusal
from bot.quiz.reader.loader import LIMITS, MAX_OPTIONS, MAX_QUESTIONS, MIN_OPTIONS
from bot.quiz.reader.pack_yaml import number_text
from bot.quiz.reader.problems import MAX_PROBLEMS, Problem

_SPACES = re.compile(r"\s+")
_SENTENCE_ENDS = (".", "!", "?", "…", ";")
MAX_NOTES = 1000  # left out of one file: past that, reading it on would only cost time

# The texts an import writes itself, in the languages the bot speaks; English for the rest.
PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "answer": "The answer is: {answer}",
        "answers": "The answers are: {answers}",
        "meaning": "What does “{term}” mean?",
        "summary": "Questions imported from {origin}.",
        "true": "True",
        "false": "False",
    },
    "el": {
        "answer": "Η σωστή απάντηση είναι: {answer}",
        "answers": "Οι σωστές απαντήσεις είναι: {answers}",
        "meaning": "Τι σημαίνει «{term}»;",
        "summary": "Ερωτήσεις από το αρχείο {origin}.",
        "true": "Σωστό",
        "false": "Λάθος",
    },
}


def phrase(locale: str, key: str, **values: str) -> str:
    """One of the texts an import writes, in the pack's language (English if not one of ours)."""
    table = PHRASES.get(language_of(locale), PHRASES["en"])
    return table[key].format(**values)


def answer_phrase(locale: str, right: str, *more: str) -> str:
    """ "The answer is: …" (or "The answers are: …, …" with ``more``), ended by a full stop
    unless the last answer ends a sentence itself."""
    said = (
        phrase(locale, "answers", answers=", ".join((right, *more)))
        if more
        else phrase(locale, "answer", answer=right)
    )
    last = more[-1] if more else right
    return said if last.endswith(_SENTENCE_ENDS) else f"{said}."


@dataclass(frozen=True, slots=True)
class Piece:
    """A text as a reader made it, and where its input writes it (1-based) under which name."""

    text: str
    line: int
    column: int
    field: str


@dataclass(frozen=True, slots=True)
class TypedDraft:
    """What a typed question accepts, each answer where the input writes it."""

    answers: tuple[Piece, ...]
    match: Match = Match.NORMAL


@dataclass(frozen=True, slots=True)
class NumberDraft:
    """A number question's answer and tolerance; ``place`` is where the input writes them."""

    value: Decimal
    tolerance: Decimal
    place: Piece


@dataclass(frozen=True, slots=True)
class Draft:
    """A question read from an input, before it is a pack's: ``correct`` indexes the right
    ``options`` (one, or several: all that apply), or ``accepts`` says what a typed or number
    question (which has no options) takes; ``explanation`` None is "The answer is: …";
    ``name`` an id the input gave it."""

    line: int
    prompt: Piece
    options: tuple[Piece, ...]
    correct: tuple[int, ...]
    explanation: Piece | None = None
    whys: tuple[Piece | None, ...] = ()
    name: str | None = None
    accepts: TypedDraft | NumberDraft | None = None

    def right_texts(self) -> tuple[str, ...]:
        """What "The answer is: …" names: the right options, the first accepted answer, or
        the number (with its tolerance)."""
        if isinstance(self.accepts, TypedDraft):
            return (self.accepts.answers[0].text,)
        if isinstance(self.accepts, NumberDraft):
            value, tolerance = self.accepts.value, self.accepts.tolerance
            written = number_text(value)
            return (f"{written} ± {number_text(tolerance)}" if tolerance else written,)
        return tuple(self.options[index].text for index in self.correct)


@dataclass(slots=True)
class Reading:
    """What a reader made of its input: the drafts in order, the problems that keep any pack
    from being made, and ``notes``, what it left out or changed (shown, not refused)."""

    drafts: list[Draft] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    notes: list[Problem] = field(default_factory=list)
    difficulty: str | None = None

    def full(self) -> bool:
        """Whether reading on could change nothing but the cost: a pack's worth of questions
        and one more, or as many problems or notes as are ever shown."""
        return (
            len(self.drafts) > MAX_QUESTIONS
            or len(self.problems) >= MAX_PROBLEMS
            or len(self.notes) >= MAX_NOTES
        )


def at(source: str, piece: Piece, message: str) -> Problem:
    """A problem or note at a piece."""
    return Problem(source, piece.line, piece.column, piece.field, message)


def left_out(problem: Problem) -> Problem:
    """A note that what is at the problem's place is not made a question."""
    return Problem(
        problem.source, problem.line, problem.column, problem.field, problem.message + "; left out"
    )


def one_line(text: str) -> str:
    """Runs of white space (line breaks too) as one space: how an option is read."""
    return _SPACES.sub(" ", text).strip()


def placed(prompt: str, right: str, wrong: Sequence[str]) -> tuple[list[str], int]:
    """The options with the right one at a place fixed by the prompt's hash."""
    digest = hashlib.blake2b(prompt.encode(), digest_size=4).digest()
    place = int.from_bytes(digest, "big") % (len(wrong) + 1)
    return [*wrong[:place], right, *wrong[place:]], place


def draft_problems(source: str, draft: Draft, *, characters: bool = True) -> list[Problem]:
    """What the pack's rules refuse in a draft, at its place in the input: options counted,
    texts empty, over their limits or holding characters no text may (unless the reader
    placed those itself: ``characters`` False), repeated options, and what a typed or number
    question accepts."""
    problems = _accepted_problems(source, draft.accepts, characters=characters)
    if draft.accepts is None and not MIN_OPTIONS <= len(draft.options) <= MAX_OPTIONS:
        where = draft.options[0] if draft.options else draft.prompt
        count = f"{len(draft.options)} options; a question has {MIN_OPTIONS} to {MAX_OPTIONS}"
        problems.append(at(source, where, count))
    texts = [(draft.prompt, "prompt"), *((option, "option") for option in draft.options)]
    texts += [(why, "why") for why in draft.whys if why is not None]
    if draft.explanation is not None:
        texts.append((draft.explanation, "explanation"))
    problems += [
        found
        for piece, kind in texts
        if (found := _text_problem(source, piece, kind, characters=characters))
    ]
    seen: dict[str, Piece] = {}
    for option in draft.options:
        key = option.text.casefold()
        if key in seen:
            first = seen[key]
            message = f"repeats the option at {first.line}:{first.column}; options must differ"
            problems.append(at(source, option, message))
        seen.setdefault(key, option)
    return problems


def _accepted_problems(
    source: str, accepts: TypedDraft | NumberDraft | None, *, characters: bool
) -> list[Problem]:
    """A typed question's answers as the loader takes them (counted, each at most MAX_ANSWER
    characters, not only punctuation), or a number question's as the pack writes them."""
    if isinstance(accepts, NumberDraft):
        written = [number_text(accepts.value), number_text(accepts.tolerance)]
        longest = max(written, key=len)
        if len(longest) <= MAX_NUMBER:
            return []
        message = f"{longest[:MAX_NUMBER]}… is {len(longest)} characters as a number"
        return [at(source, accepts.place, f"{message}; the limit is {MAX_NUMBER}")]
    if accepts is None:
        return []
    problems = []
    if len(accepts.answers) > MAX_ANSWERS:
        message = f"{len(accepts.answers)} accepted answers; a typed question takes at most"
        problems.append(at(source, accepts.answers[0], f"{message} {MAX_ANSWERS}"))
    for answer in accepts.answers:
        refused = _text_problem(source, answer, "option", characters=characters, limit=MAX_ANSWER)
        if refused is None and not normalized(answer.text):
            refused = at(source, answer, "is only punctuation, which no match compares")
        if refused is not None:
            problems.append(refused)
    return problems


def _text_problem(
    source: str, piece: Piece, kind: str, *, characters: bool, limit: int | None = None
) -> Problem | None:
    text, limit = piece.text, limit or LIMITS[kind]
    if not text.strip():
        return at(source, piece, "is empty")
    if len(text) > limit:
        return at(source, piece, f"is {len(text)} characters; the limit is {limit}")
    refused = first_refused(text, long=kind != "option") if characters else None
    if refused is not None:
        return at(source, piece, refusal(text[refused]))
    return None
