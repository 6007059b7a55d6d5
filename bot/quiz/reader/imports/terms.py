"""Term lists: a term and its definition on each line, as Quizlet exports a set (split by a
tab), as Anki exports "Notes in Plain Text" (its ``#separator:`` and ``#… column:`` header
lines read, HTML made plain text), and as a spreadsheet saves two columns (split by a tab, ";"
or ","; quoted as spreadsheets quote; a first row of column names skipped).

Each term becomes the question "What does “term” mean?" whose options are its definition and up
to three other definitions from the list (bot/quiz/reader/imports/distractors.py).
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field

from bot.quiz.reader.imports.csv_questions import readable_rows
from bot.quiz.reader.imports.distractors import Entry, key, wrong_definitions
from bot.quiz.reader.imports.drafts import (
    Draft,
    Piece,
    Reading,
    at,
    draft_problems,
    left_out,
    one_line,
    phrase,
    placed,
)
from bot.quiz.reader.imports.html_text import html_text, looks_like_html
from bot.quiz.reader.imports.positions import CsvText
from bot.quiz.reader.loader import LIMITS, MAX_OPTIONS, MAX_QUESTIONS
from bot.quiz.reader.problems import Problem

SEPARATORS = {"tab": "\t", "semicolon": ";", "comma": ",", "pipe": "|", "colon": ":", "space": " "}
SNIFFED = ("\t", ";", ",", "|")  # in this order when lines split as well by two of them
SNIFFED_ROWS = 100
HEADER_WORDS = frozenset(
    {"term", "terms", "word", "front", "question", "concept", "όρος", "λέξη"}
    | {"definition", "definitions", "meaning", "back", "answer", "translation", "ορισμός"}
)
_ANKI_HEADER = re.compile(r"#([a-z ]+):(.*)", re.IGNORECASE)
_ANKI_MEDIA = re.compile(r"\[sound:[^\]]*\]")
_ANKI_CLOZE = re.compile(r"\{\{c[0-9]+::")
WRONG_OPTIONS = MAX_OPTIONS - 2  # four options in all: the right one and three others


@dataclass
class _Layout:
    """How the list is written: Anki's header lines, or what its lines show."""

    separator: str | None = None
    html: bool | None = None
    skipped_columns: set[int] = field(default_factory=set)  # Anki's guid, deck, tags: 0-based
    first_line: int = 1  # where the list starts, below any header lines


def separator_of(text: str) -> str | None:
    """The separator most of the first lines split into two texts by, if any."""
    rows = [line for line in text.split("\n")[:SNIFFED_ROWS] if line.strip()]
    rows = [line for line in rows if not line.startswith("#")]
    counts = {sep: sum(_splits(line, sep) for line in rows) for sep in SNIFFED}
    best = max(SNIFFED, key=lambda sep: counts[sep])
    return best if counts[best] and counts[best] * 2 >= len(rows) else None


def _splits(line: str, separator: str) -> bool:
    cells = next(csv.reader([line], delimiter=separator), [])
    return sum(bool(cell.strip()) for cell in cells) >= 2  # noqa: PLR2004


def read_terms(text: str, source: str, locale: str) -> Reading:
    layout = _layout(text)
    lines = text.split("\n")
    body = "\n".join(lines[layout.first_line - 1 :])
    separator = layout.separator or separator_of(body) or "\t"
    if layout.html is None:
        layout.html = looks_like_html(body[:65536])
    rows = _Rows(source, body, separator, layout)
    reading = Reading()
    entries = rows.entries(reading)
    if reading.problems:
        return reading
    if len({key(entry.definition) for entry, _, _ in entries}) < 2:  # noqa: PLR2004
        message = "a term list needs at least two different definitions"
        reading.problems.append(Problem(source, layout.first_line, 1, "file", message))
        return reading
    listed = [entry for entry, _, _ in entries]
    for index, (entry, term, definition) in enumerate(entries):
        wrong = wrong_definitions(listed, index, WRONG_OPTIONS)
        prompt = phrase(locale, "meaning", term=entry.term)
        options, correct = placed(prompt, entry.definition, wrong)
        draft = Draft(
            line=term.line,
            prompt=Piece(prompt, term.line, term.column, "term"),
            options=tuple(
                definition if i == correct else Piece(text, *rows.place_of(text), "definition")
                for i, text in enumerate(options)
            ),
            correct=(correct,),
            explanation=Piece(f"{entry.term} — {entry.definition}", term.line, 1, "term"),
        )
        reading.drafts.append(draft)
        reading.problems += draft_problems(source, draft)
    return reading


def _layout(text: str) -> _Layout:
    """Anki's header lines (``#separator:tab``, ``#html:true``, ``#tags column:3``)."""
    layout = _Layout()
    for number, line in enumerate(text.split("\n"), start=1):
        found = _ANKI_HEADER.fullmatch(line.strip())
        if not found:
            break
        name, value = found.group(1).strip().lower(), found.group(2).strip()
        if name == "separator":
            layout.separator = SEPARATORS.get(value.lower(), value[:1] or None)
        elif name == "html":
            layout.html = value.lower() == "true"
        elif name.endswith(" column") and value.isdigit() and int(value) > 0:
            layout.skipped_columns.add(int(value) - 1)
        layout.first_line = number + 1
    return layout


def _is_header(cells: list[str]) -> bool:
    return len(cells) >= 2 and all(c.strip().casefold() in HEADER_WORDS for c in cells[:2])  # noqa: PLR2004


class _Rows:
    """The list's lines as entries, with where each text is written."""

    def __init__(self, source: str, body: str, separator: str, layout: _Layout) -> None:
        self.source, self.body, self.layout = source, body, layout
        self.places = CsvText(body, separator)
        self.separator = separator
        self._definitions: dict[str, Piece] = {}

    def place_of(self, definition: str) -> tuple[int, int]:
        """Where a definition (as an entry has it) is first written."""
        piece = self._definitions[key(definition)]
        return piece.line, piece.column

    def piece(self, record_line: int, column: int, written: str, name: str) -> Piece:
        start = self.places.field_start(record_line, column)
        line, place = (record_line, 1) if start is None else self.places.place(start)
        return Piece(self._plain(written), self.layout.first_line + line - 1, place, name)

    def _plain(self, written: str) -> str:
        text = _ANKI_MEDIA.sub("", written)
        return one_line(html_text(text) if self.layout.html else text)

    def entries(self, reading: Reading) -> list[tuple[Entry, Piece, Piece]]:
        rows = csv.reader(io.StringIO(self.body), delimiter=self.separator)
        found: list[tuple[Entry, Piece, Piece]] = []
        seen: dict[str, Piece] = {}  # by term and definition
        terms: dict[str, Piece] = {}
        record_line = 1
        for row in readable_rows(rows, self.source, reading, self.layout.first_line):
            if reading.full():
                break
            kept = [i for i in range(len(row)) if i not in self.layout.skipped_columns][:2]
            cells = [row[i] for i in kept]
            here, record_line = record_line, rows.line_num + 1
            if not any(cell.strip() for cell in cells) or (not found and _is_header(cells)):
                continue
            read = self._entry(reading, here, kept, cells)
            if read is None:
                continue
            entry, term, definition = read
            both = f"{key(entry.term)}\x1f{key(entry.definition)}"
            if both in seen:
                message = f"repeats line {seen[both].line}; it is asked once"
                reading.notes.append(at(self.source, term, message))
                continue
            if key(entry.term) in terms:
                first = terms[key(entry.term)].line
                message = (
                    f"“{entry.term}” is also on line {first} with another definition: both are "
                    "asked, and neither is offered as a wrong answer for the other"
                )
                reading.notes.append(at(self.source, term, message))
            if len(found) == MAX_QUESTIONS:
                message = f"more than {MAX_QUESTIONS} terms; a pack holds at most {MAX_QUESTIONS}"
                reading.problems.append(at(self.source, term, f"{message}: split the list"))
                break
            seen[both] = term
            terms.setdefault(key(entry.term), term)
            self._definitions.setdefault(key(entry.definition), definition)
            found.append(read)
        return found

    def _entry(
        self, reading: Reading, record_line: int, kept: list[int], cells: list[str]
    ) -> tuple[Entry, Piece, Piece] | None:
        if len(cells) < 2:  # noqa: PLR2004
            line = self.layout.first_line + record_line - 1
            message = "no definition: split the term from its definition with a tab"
            reading.notes.append(left_out(Problem(self.source, line, 1, "definition", message)))
            return None
        term = self.piece(record_line, kept[0], cells[0], "term")
        definition = self.piece(record_line, kept[1], cells[1], "definition")
        if _ANKI_CLOZE.search(cells[0] + cells[1]):
            reading.notes.append(left_out(at(self.source, term, "an Anki cloze note, not a term")))
            return None
        for piece, what in ((term, "no term"), (definition, "no definition")):
            if not piece.text:
                reading.notes.append(left_out(at(self.source, piece, what)))
                return None
        limit = LIMITS["option"]
        if len(definition.text) > limit:
            message = f"is {len(definition.text)} characters; as an option the limit is {limit}"
            reading.problems.append(at(self.source, definition, message))
            return None
        return Entry(term.text, definition.text), term, definition
