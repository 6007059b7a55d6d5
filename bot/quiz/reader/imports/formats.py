"""Which format a file is in: by its extension where that says (``.yaml``, ``.json``, ``.gift``,
``.tsv``; ``.csv`` is questions or a term list by its header), else by what it holds."""

from __future__ import annotations

import enum
import json
import re
from collections.abc import Callable
from pathlib import PurePosixPath

from bot.quiz.reader.imports.aiken import looks_like_aiken
from bot.quiz.reader.imports.csv_questions import has_question_header
from bot.quiz.reader.imports.gift import looks_like_gift
from bot.quiz.reader.imports.opentdb import looks_like_opentdb
from bot.quiz.reader.imports.terms import separator_of


class Format(enum.StrEnum):
    YAML = "yaml"
    CSV = "csv"
    OPENTDB = "opentdb"
    GIFT = "gift"
    AIKEN = "aiken"
    TERMS = "terms"


# How the command line names each (the bot's replies name them in the member's language).
NAMES = {
    Format.YAML: "a YAML pack",
    Format.CSV: "a CSV of questions",
    Format.OPENTDB: "Open Trivia DB JSON",
    Format.GIFT: "GIFT",
    Format.AIKEN: "Aiken",
    Format.TERMS: "a term list",
}
_BY_EXTENSION = {
    ".yaml": Format.YAML,
    ".yml": Format.YAML,
    ".json": Format.OPENTDB,
    ".gift": Format.GIFT,
    ".tsv": Format.TERMS,
}
_PACK_KEY = re.compile(r"^(questions|locales):", re.MULTILINE)


def detected(file_name: str, text: str) -> Format | None:
    """The file's format; None if it is none quizbot reads."""
    extension = PurePosixPath(file_name.replace("\\", "/")).suffix.lower()
    if extension in _BY_EXTENSION:
        return _BY_EXTENSION[extension]
    if extension == ".csv":
        return Format.CSV if has_question_header(text) else Format.TERMS
    return by_content(text)


def by_content(text: str) -> Format | None:
    """The first format whose look the text has, in an order where no earlier look is found
    in a later format's files (a term list's lines may hold anything)."""
    looks: tuple[tuple[Callable[[str], bool], Format], ...] = (
        (_is_json, Format.OPENTDB),
        (has_question_header, Format.CSV),
        (looks_like_aiken, Format.AIKEN),
        (looks_like_gift, Format.GIFT),
        (lambda text: _PACK_KEY.search(text) is not None, Format.YAML),
        (lambda text: separator_of(text) is not None, Format.TERMS),
    )
    return next((kind for look, kind in looks if look(text)), None)


def _is_json(text: str) -> bool:
    if not text.lstrip().startswith("{"):
        return False
    try:
        return looks_like_opentdb(json.loads(text))
    except ValueError:
        return False
