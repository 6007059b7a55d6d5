"""Drafts as the pack format's mappings (docs/packs.md), keys in the order it shows them, for
``yaml_text`` to write and the loader to check like any pack file."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from bot.quiz.model import Kind, Match
from bot.quiz.reader.imports.drafts import Draft, NumberDraft, TypedDraft, answer_phrase
from bot.quiz.reader.loader import SLUG

Document = dict[str, Any]
_NOT_SLUG = re.compile(r"[^a-z0-9]+")


def question_documents(drafts: Iterable[Draft], locale: str) -> list[Document]:
    """The drafts as the pack format's questions, in order: ids from their names where those
    make one (a-z, 0-9, -), else ``q1``, ``q2``, … by place; never the same id twice."""
    documents: list[Document] = []
    used: set[str] = set()
    for number, draft in enumerate(drafts, start=1):
        question_id = _unused(_slug(draft.name) or f"q{number}", used)
        document: Document = {"id": question_id}
        if draft.accepts is not None:
            document["kind"] = (
                Kind.TYPED if isinstance(draft.accepts, TypedDraft) else Kind.NUMBER
            ).value
        document["prompt"] = draft.prompt.text
        document.update(_answered(draft))
        explanation = draft.explanation.text if draft.explanation else None
        document["explanation"] = explanation or answer_phrase(locale, *draft.right_texts())
        documents.append(document)
    return documents


def _answered(draft: Draft) -> Document:
    """How the question is answered: its options, accepted answers, or number (Decimals, which
    ``yaml_text`` writes exactly)."""
    if isinstance(draft.accepts, TypedDraft):
        typed: Document = {"answers": [answer.text for answer in draft.accepts.answers]}
        if draft.accepts.match is not Match.NORMAL:
            typed["match"] = draft.accepts.match.value
        return typed
    if isinstance(draft.accepts, NumberDraft):
        number: Document = {"answer": draft.accepts.value}
        if draft.accepts.tolerance:
            number["tolerance"] = draft.accepts.tolerance
        return number
    options: list[Document] = []
    for index, option in enumerate(draft.options):
        entry: Document = {"text": option.text}
        if index in draft.correct:
            entry["correct"] = True
        why = draft.whys[index] if index < len(draft.whys) else None
        if why is not None:
            entry["why"] = why.text
        options.append(entry)
    return {"options": options}


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
