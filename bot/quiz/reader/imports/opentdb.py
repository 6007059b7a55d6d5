"""Open Trivia DB's API response: ``results`` of ``multiple`` and ``boolean`` questions, their
HTML entities unescaped; also the most common difficulty in it."""

from __future__ import annotations

import html
import json
from collections.abc import Iterator, Mapping

from bot.quiz.reader.cleantext import refusal
from bot.quiz.reader.imports.drafts import (
    Draft,
    Piece,
    Reading,
    answer_phrase,
    draft_problems,
    phrase,
    placed,
)
from bot.quiz.reader.imports.positions import JsonPath, JsonText, refused_in
from bot.quiz.reader.loader import MAX_OPTIONS
from bot.quiz.reader.problems import Problem

OPENTDB_TEXTS = {"question": True, "correct_answer": False, "incorrect_answers": False}
OPENTDB_TEXTS_TOO = {"category": True}  # read into the explanation
LEVELS = ("easy", "medium", "hard")


def looks_like_opentdb(body: object) -> bool:
    return isinstance(body, Mapping) and isinstance(body.get("results"), list)


def read_opentdb(text: str, source: str, locale: str) -> Reading:
    reading = Reading()
    try:
        body = json.loads(text)
    except json.JSONDecodeError as error:
        problem = Problem(source, error.lineno, error.colno, "file", f"not JSON: {error.msg}")
        reading.problems.append(problem)
        return reading
    if not looks_like_opentdb(body):
        message = "not an Open Trivia DB response (no results list)"
        reading.problems.append(Problem(source, 1, 1, "file", message))
        return reading
    if body.get("response_code", 0) != 0:
        message = f"the API answered response_code {body['response_code']}, not 0"
        reading.problems.append(Problem(source, 1, 1, "response_code", message))
        return reading
    for index, item in enumerate(body["results"]):
        if reading.full():
            break
        name = f"results[{index}]"
        try:
            draft = _opentdb_question(item, name, locale)
        except ValueError as error:
            reading.problems.append(Problem(source, 1, 1, name, str(error)))
        else:
            reading.drafts.append(draft)
            reading.problems += draft_problems(source, draft, characters=False)
    reading.problems += _opentdb_text_problems(source, JsonText(text, body))
    levels = [str(item.get("difficulty")) for item in body["results"] if isinstance(item, Mapping)]
    common = max(set(levels), key=levels.count) if levels else None
    reading.difficulty = common if common in LEVELS else None
    return reading


def _opentdb_question(item: object, name: str, locale: str) -> Draft:
    if not isinstance(item, Mapping):
        raise ValueError("is not an object")  # noqa: TRY004  # reported as a problem, not raised
    missing = [k for k in ("question", "correct_answer", "incorrect_answers") if k not in item]
    if missing:
        raise ValueError(f"lacks {', '.join(missing)}")
    prompt = html.unescape(str(item["question"])).strip()
    right = html.unescape(str(item["correct_answer"])).strip()
    wrong = [html.unescape(str(answer)).strip() for answer in item["incorrect_answers"]]
    if item.get("type") == "boolean":
        options = [phrase(locale, "true"), phrase(locale, "false")]
        truth = {"true": options[0], "false": options[1]}.get(right.casefold())
        if truth is None:
            raise ValueError(f"a true/false question answered {right!r}")
        right, correct = truth, options.index(truth)
    else:
        if not 1 <= len(wrong) <= MAX_OPTIONS - 1:
            count = len(wrong)
            raise ValueError(f"{count} incorrect answers; a question has 1 to {MAX_OPTIONS - 1}")
        options, correct = placed(prompt, right, wrong)
    category = html.unescape(str(item.get("category") or "")).strip()
    explanation = answer_phrase(locale, right) + (f" ({category})" if category else "")
    return Draft(
        line=1,
        prompt=Piece(prompt, 1, 1, f"{name}.question"),
        options=tuple(Piece(option, 1, 1, f"{name}.answers") for option in options),
        correct=(correct,),
        explanation=Piece(explanation, 1, 1, f"{name}.category"),
    )


def _opentdb_text_problems(source: str, places: JsonText) -> list[Problem]:
    """Each question text that holds a character a text may not, HTML entities read."""
    problems = []
    for path, written, long in _opentdb_texts(places.body):
        value = html.unescape(written)
        refused = refused_in(value, long=long, split=False)
        if refused is not None:
            line, place = places.place_of(path, value[refused])
            name = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in path)
            problems.append(Problem(source, line, place, name[1:], refusal(value[refused])))
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
