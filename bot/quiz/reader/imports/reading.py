"""A file of questions in, a checked pack and the YAML it is stored as out: what
`/quiz pack upload` runs in the pack checker's worker processes, and `quizbot import` in its
own.

Before any reader runs, the text is bounded: a line may be at most ``MAX_LINE`` characters
(what a YAML pack may have), and a character no text may hold is refused where it is written.
Readers are linear in the text and stop at ``MAX_PROBLEMS`` problems and at
``MAX_QUESTIONS`` questions, so no file costs more than its size. The pack they make is
written as YAML and loaded by the pack loader like any other, so an import is held to every
rule of a pack file; a problem the loader still finds is shown at its question's line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from bot.quiz.model import Difficulty, Pack, language_of
from bot.quiz.reader.cleantext import BIDI_CONTROLS, CONTROLS, first_refused, refusal
from bot.quiz.reader.imports.aiken import read_aiken
from bot.quiz.reader.imports.csv_questions import read_csv
from bot.quiz.reader.imports.documents import pack_document, question_documents
from bot.quiz.reader.imports.drafts import MAX_NOTES, Reading, phrase
from bot.quiz.reader.imports.formats import NAMES, Format, detected
from bot.quiz.reader.imports.gift import read_gift
from bot.quiz.reader.imports.opentdb import read_opentdb
from bot.quiz.reader.imports.positions import line_and_column
from bot.quiz.reader.imports.terms import read_terms
from bot.quiz.reader.loader import (
    MAX_FILE_BYTES,
    MAX_PACK_BYTES,
    MAX_QUESTIONS,
    parse_pack,
    slug_problem,
)
from bot.quiz.reader.pack_yaml import yaml_text
from bot.quiz.reader.problems import MAX_PROBLEMS, PackError, Problem
from bot.quiz.reader.yamlcompose import MAX_LINE

_REFUSED = re.compile(f"[{CONTROLS}{BIDI_CONTROLS}]")  # tabs and line breaks: the readers' own
_QUESTION_PATH = re.compile(r"questions\[([0-9]+)\]")
_NOT_SLUG = re.compile(r"[^a-z0-9-]+")
MAX_TITLE = 100
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


@dataclass(frozen=True, slots=True)
class UploadedFile:
    """A file to make a pack of, and the language its questions are in; ``format``, the one it
    is known to be in (a stored pack's YAML, whose file name may be an imported file's), else
    told by its name and text."""

    data: bytes
    file_name: str
    locale: str = "en"
    format: Format | None = None


@dataclass(frozen=True, slots=True)
class PackFields:
    """What a pack needs that a file of questions does not say (None: made up)."""

    pack_id: str | None = None
    title: str | None = None
    summary: str | None = None
    difficulty: str | None = None


@dataclass(frozen=True, slots=True)
class Imported:
    """A pack made from a file: ``source`` is its YAML (a YAML pack's own text, as sent);
    ``notes`` what was left out of the file, each at its place."""

    pack: Pack
    source: str
    format: Format
    notes: tuple[Problem, ...] = field(default=())


def read_upload(file: UploadedFile) -> Imported:
    """An uploaded file's pack, whatever format it is in, within the upload limit as YAML too
    (so that what `/quiz pack export` gives back can be uploaded again); raises PackError with
    every problem. A module-level function of one picklable argument: the pack checker's
    workers run it."""
    wanted = file.format
    if wanted is None and PurePosixPath(file.file_name).suffix.lower() in {".yaml", ".yml"}:
        wanted = Format.YAML
    if wanted is Format.YAML:
        return _yaml_pack(file.data, file.file_name)
    text = decoded(file.data, file.file_name)
    locale = language_of(file.locale)
    return import_text(text, file.file_name, locale=locale, wanted=wanted, max_bytes=MAX_PACK_BYTES)


def decoded(data: bytes, source: str) -> str:
    """UTF-8 (with or without a byte-order mark), or UTF-16 with one (a spreadsheet's "Unicode
    text"); every line break as a line feed."""
    try:
        text = data.decode("utf-16" if data.startswith(_UTF16_BOMS) else "utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        message = "is not UTF-8 text; save it as UTF-8 (CSV UTF-8, in a spreadsheet)"
        raise PackError([Problem(source, line, 1, "file", message)]) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def import_text(
    text: str,
    source: str,
    *,
    locale: str = "en",
    wanted: Format | None = None,
    fields: PackFields | None = None,
    max_bytes: int = MAX_FILE_BYTES,
) -> Imported:
    """The pack a text's questions make, in ``wanted`` format or the one it is in."""
    _refuse_long_lines(text, source)
    found = wanted or detected(source, text)
    if found is None:
        raise PackError([Problem(source, 1, 1, "file", _unknown_format())])
    if found is Format.YAML:
        return _yaml_pack(text.encode(), source)
    if found not in {Format.CSV, Format.OPENTDB}:  # those readers place them in their fields
        _refuse_characters(text, source)
    reading = _read(found, text, source, locale)
    if len(reading.notes) >= MAX_NOTES and not reading.problems:
        last = reading.notes[-1]
        message = f"more than {MAX_NOTES} questions or lines left out; reading stopped: split it"
        reading.problems.append(Problem(source, last.line, 1, "file", message))
    if len(reading.drafts) > MAX_QUESTIONS and not reading.problems:
        extra = reading.drafts[MAX_QUESTIONS]
        message = f"more than {MAX_QUESTIONS} questions; a pack holds at most {MAX_QUESTIONS}"
        reading.problems.append(Problem(source, extra.line, 1, "file", f"{message}: split it"))
    if reading.problems:
        raise PackError(reading.problems[:MAX_PROBLEMS])
    del reading.notes[MAX_PROBLEMS:]  # the first ones say what kinds were left out
    if not reading.drafts:
        message = "holds no question quizbot can ask (choice, true/false, typed or number)"
        left_out = reading.notes[: MAX_PROBLEMS - 1]
        raise PackError([Problem(source, 1, 1, "file", message), *left_out])
    document = pack_document(
        questions=question_documents(reading.drafts, locale),
        locale=locale,
        **_pack_fields(fields or PackFields(), source, found, locale, reading),
    )
    rendered = yaml_text(document)
    size = len(rendered.encode())
    if size > max_bytes:
        message = f"makes a pack of {size // 1024} KiB; the limit is {max_bytes // 1024} KiB"
        raise PackError([Problem(source, 1, 1, "file", f"{message}: split the file")])
    try:
        pack = parse_pack(rendered.encode(), source)
    except PackError as error:
        raise PackError(_at_questions(error.problems, reading, source)) from None
    return Imported(pack, rendered, found, tuple(reading.notes))


def _yaml_pack(data: bytes, source: str) -> Imported:
    pack = parse_pack(data, source)
    return Imported(pack, data.decode("utf-8-sig"), Format.YAML)


def _unknown_format() -> str:
    names = ", ".join(NAMES[kind] for kind in Format)
    return f"is in no format quizbot reads ({names}); see docs/importing.md"


def _read(found: Format, text: str, source: str, locale: str) -> Reading:
    if found is Format.CSV:
        return read_csv(text, source)
    if found is Format.OPENTDB:
        return read_opentdb(text, source, locale)
    if found is Format.GIFT:
        return read_gift(text, source, locale)
    if found is Format.AIKEN:
        return read_aiken(text, source)
    return read_terms(text, source, locale)


def _refuse_long_lines(text: str, source: str) -> None:
    """Lines over MAX_LINE, before anything else reads the text (telling its format too)."""
    problems: list[Problem] = []
    for number, line in enumerate(text.split("\n"), start=1):
        if len(line) > MAX_LINE:
            message = f"this line is {len(line)} characters; the limit is {MAX_LINE}"
            problems.append(Problem(source, number, MAX_LINE + 1, "file", message))
            if len(problems) >= MAX_PROBLEMS:
                break
    if problems:
        raise PackError(problems)


def _refuse_characters(text: str, source: str) -> None:
    """The characters no text may hold, each where it is written."""
    problems: list[Problem] = []
    for found in _REFUSED.finditer(text):
        if len(problems) >= MAX_PROBLEMS:
            break
        line, column = line_and_column(text, found.start())
        problems.append(Problem(source, line, column, "text", refusal(found.group())))
    if problems:
        raise PackError(problems)


def _pack_fields(
    fields: PackFields, source: str, found: Format, locale: str, reading: Reading
) -> dict[str, str]:
    name = PurePosixPath(source.replace("\\", "/"))
    origin = "Open Trivia DB" if found is Format.OPENTDB else name.name
    pack_id = fields.pack_id or _NOT_SLUG.sub("-", name.stem.lower()).strip("-")[:40]
    title = fields.title or " ".join(name.stem.replace("_", " ").split())[:MAX_TITLE]
    summary = fields.summary or phrase(locale, "summary", origin=origin)
    if slug_problem(pack_id) and fields.pack_id is None:
        pack_id = "imported"
    if first_refused(title, long=False) is not None and fields.title is None:
        title = pack_id
    return {
        "pack_id": pack_id,
        "title": title or pack_id,
        "summary": summary,
        "difficulty": fields.difficulty or reading.difficulty or Difficulty.MEDIUM.value,
    }


def _at_questions(problems: tuple[Problem, ...], reading: Reading, source: str) -> list[Problem]:
    """The loader's problems in the made YAML, each at its question's line in the input."""
    placed = []
    for problem in problems:
        found = _QUESTION_PATH.match(problem.field)
        index = int(found.group(1)) if found else -1
        line = reading.drafts[index].line if 0 <= index < len(reading.drafts) else 1
        placed.append(Problem(source, line, 1, problem.field, problem.message))
    return placed
