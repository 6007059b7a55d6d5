"""What every format's reader gives: draft questions, each text with the place it was read from,
and what the reader could not take.

A reader turns its input into ``Draft``s; ``draft_problems`` checks them with the pack's own
rules (the loader's limits and clean texts) at the input's lines, so an author reads
``quiz.gift:12:3: option: is 240 characters; the limit is 200`` and not a place in a YAML file
they never wrote; ``question_documents`` makes them the pack format's mappings.

Rounds show options in the order the pack gives them, so a reader that is given the right
answer apart (``placed``) puts it at a place that depends on the question's text: the same
input always gives the same pack, and the answer is not always A.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.quiz.model import language_of
from bot.quiz.reader.cleantext import first_refused, refusal
from bot.quiz.reader.loader import LIMITS, MAX_OPTIONS, MAX_QUESTIONS, MIN_OPTIONS, SLUG
from bot.quiz.reader.problems import MAX_PROBLEMS, Problem

Document = dict[str, Any]
_SPACES = re.compile(r"\s+")
_SENTENCE_ENDS = (".", "!", "?", "…", ";")
MAX_NOTES = 1000  # left out of one file: past that, reading it on would only cost time
_NOT_SLUG = re.compile(r"[^a-z0-9]+")

# The texts an import writes itself, in the languages the bot speaks; English for the rest.
PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "answer": "The answer is: {answer}",
        "meaning": "What does “{term}” mean?",
        "summary": "Questions imported from {origin}.",
        "true": "True",
        "false": "False",
    },
    "el": {
        "answer": "Η σωστή απάντηση είναι: {answer}",
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


def answer_phrase(locale: str, right: str) -> str:
    """ "The answer is: …", ended by a full stop unless the answer ends a sentence itself."""
    said = phrase(locale, "answer", answer=right)
    return said if right.endswith(_SENTENCE_ENDS) else f"{said}."


@dataclass(frozen=True, slots=True)
class Piece:
    """A text as a reader made it, and where its input writes it (1-based) under which name."""

    text: str
    line: int
    column: int
    field: str


@dataclass(frozen=True, slots=True)
class Draft:
    """A question read from an input, before it is a pack's: ``correct`` indexes ``options``;
    ``explanation`` None is "The answer is: …"; ``name`` an id the input gave it."""

    line: int
    prompt: Piece
    options: tuple[Piece, ...]
    correct: int
    explanation: Piece | None = None
    whys: tuple[Piece | None, ...] = ()
    name: str | None = None


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
    placed those itself: ``characters`` False), and repeated options."""
    problems = []
    if not MIN_OPTIONS <= len(draft.options) <= MAX_OPTIONS:
        where = draft.options[0] if draft.options else draft.prompt
        count = f"{len(draft.options)} options; a question has {MIN_OPTIONS} to {MAX_OPTIONS}"
        problems.append(at(source, where, count))
    texts = [(draft.prompt, "prompt"), *((option, "option") for option in draft.options)]
    texts += [(why, "why") for why in draft.whys if why is not None]
    if draft.explanation is not None:
        texts.append((draft.explanation, "explanation"))
    problems += [
        found for piece, kind in texts if (found := _text_problem(source, piece, kind, characters))
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


def _text_problem(source: str, piece: Piece, kind: str, characters: bool) -> Problem | None:  # noqa: FBT001
    text, limit = piece.text, LIMITS[kind]
    if not text.strip():
        return at(source, piece, "is empty")
    if len(text) > limit:
        return at(source, piece, f"is {len(text)} characters; the limit is {limit}")
    refused = first_refused(text, long=kind != "option") if characters else None
    if refused is not None:
        return at(source, piece, refusal(text[refused]))
    return None


def question_documents(drafts: Iterable[Draft], locale: str) -> list[Document]:
    """The drafts as the pack format's questions, in order: ids from their names where those
    make one (a-z, 0-9, -), else ``q1``, ``q2``, … by place; never the same id twice."""
    documents: list[Document] = []
    used: set[str] = set()
    for number, draft in enumerate(drafts, start=1):
        question_id = _unused(_slug(draft.name) or f"q{number}", used)
        right = draft.options[draft.correct].text
        explanation = draft.explanation.text if draft.explanation else None
        options: list[Document] = []
        for index, option in enumerate(draft.options):
            entry: Document = {"text": option.text}
            if index == draft.correct:
                entry["correct"] = True
            why = draft.whys[index] if index < len(draft.whys) else None
            if why is not None:
                entry["why"] = why.text
            options.append(entry)
        documents.append(
            {
                "id": question_id,
                "prompt": draft.prompt.text,
                "options": options,
                "explanation": explanation or answer_phrase(locale, right),
            }
        )
    return documents


def _slug(name: str | None) -> str | None:
    if name is None:
        return None
    slug = _NOT_SLUG.sub("-", name.lower()).strip("-")[:40].strip("-")
    return slug if SLUG.fullmatch(slug) else None


def _unused(wanted: str, used: set[str]) -> str:
    candidate, number = wanted, 2
    while candidate in used:
        suffix = f"-{number}"
        candidate, number = wanted[: 40 - len(suffix)] + suffix, number + 1
    used.add(candidate)
    return candidate


def pack_document(
    *,
    pack_id: str,
    title: str,
    summary: str,
    difficulty: str,
    locale: str,
    questions: list[Document],
) -> Document:
    """A one-locale pack around imported questions, keys in the order docs/packs.md shows them."""
    return {
        "id": pack_id,
        "locales": [locale],
        "title": title,
        "summary": summary,
        "difficulty": difficulty,
        "questions": questions,
    }
