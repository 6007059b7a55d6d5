"""A CSV of questions: a header row naming ``question``, ``options`` (separated by ``|``),
``correct`` (the right option's number, from 1) and ``explanation``; an ``id`` column, if
present, names the questions (docs/importing.md)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Mapping
from typing import Protocol, TypeVar

from bot.quiz.reader.cleantext import refusal
from bot.quiz.reader.imports.drafts import Draft, Piece, Reading, draft_problems
from bot.quiz.reader.imports.positions import CsvText, refused_in
from bot.quiz.reader.loader import MAX_OPTIONS, MIN_OPTIONS
from bot.quiz.reader.problems import Problem

OPTION_SEPARATOR = "|"
CSV_COLUMNS = ("question", "options", "correct", "explanation")
# Whether each input text becomes a long text of the pack (bot/quiz/reader/cleantext.py).
CSV_TEXTS = {"question": True, "options": False, "explanation": True, "id": False}


Row_co = TypeVar("Row_co", covariant=True)


class _CsvReader(Protocol[Row_co]):
    @property
    def line_num(self) -> int: ...

    def __next__(self) -> Row_co: ...


def readable_rows(
    reader: _CsvReader[Row_co], source: str, reading: Reading, first_line: int = 1
) -> Iterator[Row_co]:
    """The reader's rows, until one the csv module cannot read (a field over its limit of
    128 KiB, say): that one is a problem at its line, and reading stops."""
    while True:
        try:
            yield next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            line = first_line + reader.line_num - 1
            reading.problems.append(Problem(source, line, 1, "file", f"is not readable: {error}"))
            return


def has_question_header(text: str) -> bool:
    """Whether the first row names the columns a CSV of questions needs."""
    first = next(csv.reader(io.StringIO(text[:4096])), [])
    return set(CSV_COLUMNS) <= {cell.strip() for cell in first}


def read_csv(text: str, source: str) -> Reading:
    reader = csv.DictReader(io.StringIO(text))
    header = list(reader.fieldnames or [])
    missing = [column for column in CSV_COLUMNS if column not in header]
    reading = Reading()
    if missing:
        message = f"the header lacks the column(s) {', '.join(missing)}"
        reading.problems.append(Problem(source, 1, 1, "header", message))
        return reading
    row_places = _RowPlaces(CsvText(text), header)
    first_line = reader.line_num + 1
    for row in readable_rows(reader, source, reading):
        if reading.full():
            break
        row_places.first_line = first_line
        try:
            draft = _csv_question(row, row_places)
        except _RowError as error:
            reading.problems.append(Problem(source, *error.place, error.column, error.message))
        else:
            reading.drafts.append(draft)
            reading.problems += draft_problems(source, draft, characters=False)
        reading.problems += _csv_text_problems(source, row, row_places)
        first_line = reader.line_num + 1
    if not reading.drafts and not reading.problems:
        reading.problems.append(Problem(source, 2, 1, "file", "no questions under the header"))
    return reading


class _RowError(Exception):
    def __init__(self, place: tuple[int, int], column: str, message: str) -> None:
        super().__init__(message)
        self.place, self.column, self.message = place, column, message


class _RowPlaces:
    """Where each column of the current row starts in the text."""

    def __init__(self, places: CsvText, header: list[str]) -> None:
        self.places, self.header, self.first_line = places, header, 1

    def of(self, column: str) -> tuple[int, int]:
        start = self.places.field_start(self.first_line, self.header.index(column))
        if start is None:
            return (self.first_line, 1)
        return self.places.place(start)

    def piece(self, text: str, column: str) -> Piece:
        return Piece(text, *self.of(column), column)


def _csv_question(row: Mapping[str, str | None], places: _RowPlaces) -> Draft:
    prompt = (row.get("question") or "").strip()
    options = [o.strip() for o in (row.get("options") or "").split(OPTION_SEPARATOR) if o.strip()]
    wanted = (row.get("correct") or "").strip()
    if not prompt:
        raise _RowError(places.of("question"), "question", "is empty")
    if not MIN_OPTIONS <= len(options) <= MAX_OPTIONS:
        message = f"{len(options)} options; give {MIN_OPTIONS} to {MAX_OPTIONS}, split by |"
        raise _RowError(places.of("options"), "options", message)
    if not wanted.isdigit() or not 1 <= int(wanted) <= len(options):
        message = f"is {wanted!r}; give the right option's number, 1 to {len(options)}"
        raise _RowError(places.of("correct"), "correct", message)
    explanation = (row.get("explanation") or "").strip()
    return Draft(
        line=places.first_line,
        prompt=places.piece(prompt, "question"),
        options=tuple(places.piece(option, "options") for option in options),
        correct=(int(wanted) - 1,),
        explanation=places.piece(explanation, "explanation") if explanation else None,
        name=(row.get("id") or "").strip() or None,
    )


def _csv_text_problems(
    source: str, row: Mapping[str, str | None], places: _RowPlaces
) -> list[Problem]:
    """Each of the row's texts that holds a character a text may not, at that character."""
    problems = []
    for column, long in CSV_TEXTS.items():
        value = row.get(column) or ""
        refused = refused_in(value, long=long, split=column == "options")
        if refused is not None:
            line, place = places.places.place_of(
                places.first_line, places.header.index(column), value, refused
            )
            problems.append(Problem(source, line, place, column, refusal(value[refused])))
    return problems
