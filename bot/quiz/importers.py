"""Questions from elsewhere as a pack document: Open Trivia DB's JSON and a simple CSV.

Each importer reads text and returns the questions as the pack format's mappings (README.md,
"Importing questions"), or raises ImportError listing every problem with its line. The caller
wraps them in a pack (``pack_document``), writes YAML and checks it with the pack loader.

Rounds show options in the order the pack gives them, so the right option is put at a place
that depends on the question's text: the same input always gives the same pack, and the answer
is not always A.
"""

from __future__ import annotations

import csv
import hashlib
import html
import io
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from bot.quiz.cleantext import first_refused, refusal
from bot.quiz.importplaces import CsvText, JsonPath, JsonText
from bot.quiz.loader import MAX_OPTIONS, MIN_OPTIONS

Document = dict[str, Any]
OPTION_SEPARATOR = "|"
CSV_COLUMNS = ("question", "options", "correct", "explanation")
BOOLEAN_OPTIONS = ("True", "False")
_OPTIONS = re.compile(r"[^|]+")
_WHOLE = re.compile(r".*", re.DOTALL)


class PackImportError(Exception):
    """Every problem found in the input, one ``line: what`` or ``line:column: field: what``
    each."""

    def __init__(self, source: str, problems: Sequence[str]) -> None:
        self.problems = tuple(f"{source}:{problem}" for problem in problems)
        super().__init__("\n".join(self.problems))


def pack_document(
    *,
    pack_id: str,
    title: str,
    summary: str,
    difficulty: str,
    locale: str,
    questions: list[Document],
) -> Document:
    """A one-locale pack around imported questions, keys in the order the README shows them."""
    return {
        "id": pack_id,
        "locales": [locale],
        "title": title,
        "summary": summary,
        "difficulty": difficulty,
        "questions": questions,
    }


def from_opentdb(text: str, source: str) -> tuple[list[Document], str | None]:
    """Open Trivia DB's API response (``results`` of ``multiple`` and ``boolean`` questions,
    HTML entities unescaped); also the most common difficulty in it, if any."""
    try:
        body = json.loads(text)
    except json.JSONDecodeError as error:
        raise PackImportError(source, [f"{error.lineno}: not JSON: {error.msg}"]) from None
    if not isinstance(body, Mapping) or not isinstance(body.get("results"), list):
        raise PackImportError(source, ["1: not an Open Trivia DB response (no results list)"])
    if body.get("response_code", 0) != 0:
        code = body["response_code"]
        raise PackImportError(source, [f"1: the API answered response_code {code}, not 0"])
    questions: list[Document] = []
    problems: list[str] = []
    for index, item in enumerate(body["results"]):
        try:
            questions.append(_opentdb_question(item, len(questions) + 1))
        except ValueError as error:
            problems.append(f"1: results[{index}]: {error}")
    problems += _opentdb_text_problems(JsonText(text, body))
    if problems:
        raise PackImportError(source, problems)
    levels = [str(item.get("difficulty")) for item in body["results"] if isinstance(item, Mapping)]
    common = max(set(levels), key=levels.count) if levels else None
    return questions, common if common in {"easy", "medium", "hard"} else None


def _opentdb_question(item: object, number: int) -> Document:
    if not isinstance(item, Mapping):
        raise ValueError("is not an object")  # noqa: TRY004  # reported as a line, not raised
    missing = [k for k in ("question", "correct_answer", "incorrect_answers") if k not in item]
    if missing:
        raise ValueError(f"lacks {', '.join(missing)}")
    prompt = html.unescape(str(item["question"])).strip()
    right = html.unescape(str(item["correct_answer"])).strip()
    wrong = [html.unescape(str(answer)).strip() for answer in item["incorrect_answers"]]
    if item.get("type") == "boolean":
        options = list(BOOLEAN_OPTIONS)
        right = next((o for o in options if o.casefold() == right.casefold()), right)
        if right not in options:
            raise ValueError(f"a true/false question answered {right!r}")
        correct = options.index(right)
    else:
        options, correct = _placed(prompt, right, wrong)
    category = html.unescape(str(item.get("category") or "")).strip()
    explanation = f"The answer is: {right}." + (f" ({category})" if category else "")
    return _question(f"q{number}", prompt, options, correct, explanation)


def from_csv(text: str, source: str) -> list[Document]:
    """A CSV with a header row naming ``question``, ``options`` (separated by ``|``),
    ``correct`` (the right option's number, from 1) and ``explanation``; an ``id`` column, if
    present, gives the question ids (else q1, q2, …)."""
    reader = csv.DictReader(io.StringIO(text))
    header = reader.fieldnames or []
    missing = [column for column in CSV_COLUMNS if column not in header]
    if missing:
        raise PackImportError(source, [f"1: the header lacks the column(s) {', '.join(missing)}"])
    questions: list[Document] = []
    problems: list[str] = []
    places = CsvText(text)
    first_line = reader.line_num + 1
    for row in reader:
        try:
            questions.append(_csv_question(row, len(questions) + 1))
        except ValueError as error:
            problems.append(f"{reader.line_num}: {error}")
        problems += _csv_text_problems(row, places, first_line, list(header))
        first_line = reader.line_num + 1
    if problems:
        raise PackImportError(source, problems)
    if not questions:
        raise PackImportError(source, ["2: no questions under the header"])
    return questions


def _csv_question(row: Mapping[str, str | None], number: int) -> Document:
    prompt = (row.get("question") or "").strip()
    options = [o.strip() for o in (row.get("options") or "").split(OPTION_SEPARATOR) if o.strip()]
    wanted = (row.get("correct") or "").strip()
    if not prompt:
        raise ValueError("the question is empty")
    if not MIN_OPTIONS <= len(options) <= MAX_OPTIONS:
        raise ValueError(f"{len(options)} options; give {MIN_OPTIONS} to {MAX_OPTIONS}, split by |")
    if not wanted.isdigit() or not 1 <= int(wanted) <= len(options):
        raise ValueError(
            f"correct is {wanted!r}; give the right option's number, 1 to {len(options)}"
        )
    explanation = (row.get("explanation") or "").strip()
    question_id = (row.get("id") or "").strip() or f"q{number}"
    right = options[int(wanted) - 1]
    return _question(
        question_id, prompt, options, int(wanted) - 1, explanation or f"The answer is: {right}."
    )


# Whether each input text becomes a long text of the pack (bot/quiz/cleantext.py).
CSV_TEXTS = {"question": True, "options": False, "explanation": True, "id": False}
OPENTDB_TEXTS = {"question": True, "correct_answer": False, "incorrect_answers": False}
OPENTDB_TEXTS_TOO = {"category": True}  # read into the explanation


def _csv_text_problems(
    row: Mapping[str, str | None], places: CsvText, first_line: int, header: list[str]
) -> list[str]:
    """Each of the row's texts that holds a character a text may not, at that character."""
    problems = []
    for column, long in CSV_TEXTS.items():
        value = row.get(column) or ""
        refused = _refused_in(value, long=long, split=column == "options")
        if refused is not None:
            line, place = places.place_of(first_line, header.index(column), value, refused)
            problems.append(f"{line}:{place}: {column}: {refusal(value[refused])}")
    return problems


def _opentdb_text_problems(places: JsonText) -> list[str]:
    """Each question text that holds a character a text may not, HTML entities read."""
    problems = []
    for path, written, long in _opentdb_texts(places.body):
        value = html.unescape(written)
        refused = _refused_in(value, long=long, split=False)
        if refused is not None:
            line, place = places.place_of(path, value[refused])
            name = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in path)
            problems.append(f"{line}:{place}: {name[1:]}: {refusal(value[refused])}")
    return problems


def _opentdb_texts(body: object) -> Iterator[tuple[JsonPath, str, bool]]:
    results = body.get("results") if isinstance(body, Mapping) else None
    for index, item in enumerate(results if isinstance(results, list) else []):
        if not isinstance(item, Mapping):
            continue
        for key, long in {**OPENTDB_TEXTS, **OPENTDB_TEXTS_TOO}.items():
            value = item.get(key)
            if isinstance(value, str):
                yield ("results", index, key), value, long
            elif isinstance(value, list):
                for place, each in enumerate(value):
                    if isinstance(each, str):
                        yield ("results", index, key, place), each, long


def _refused_in(value: str, *, long: bool, split: bool) -> int | None:
    """The index in ``value`` of the first character its text, stripped as the importer strips
    it (each option of a ``|`` list on its own), may not hold."""
    pieces = _OPTIONS.finditer(value) if split else [_WHOLE.match(value)]
    for piece in pieces:
        text = "" if piece is None else piece.group()
        found = first_refused(text.strip(), long=long)
        if piece is not None and found is not None:
            return piece.start() + len(text) - len(text.lstrip()) + found
    return None


def _placed(prompt: str, right: str, wrong: list[str]) -> tuple[list[str], int]:
    """The options with the right one at a place fixed by the prompt's hash."""
    if not 1 <= len(wrong) <= MAX_OPTIONS - 1:
        raise ValueError(f"{len(wrong)} incorrect answers; a question has 1 to {MAX_OPTIONS - 1}")
    digest = hashlib.blake2b(prompt.encode(), digest_size=4).digest()
    place = int.from_bytes(digest, "big") % (len(wrong) + 1)
    return [*wrong[:place], right, *wrong[place:]], place


def _question(
    question_id: str, prompt: str, options: list[str], correct: int, explanation: str
) -> Document:
    return {
        "id": question_id,
        "prompt": prompt,
        "options": [
            {"text": text, "correct": True} if index == correct else {"text": text}
            for index, text in enumerate(options)
        ],
        "explanation": explanation,
    }
