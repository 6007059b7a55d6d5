"""A question as a moderator types it into Discord's forms, read with the loader's own rules.

A form's values are texts by field: ``prompt.<locale>``, ``options.<locale>`` (one option a line, 2
to 5), ``explanation.<locale>``, ``why.<locale>.<option index>`` (optional, for wrong options),
``correct`` (the right option's index), ``image`` (the picture's file name) with
``image_alt.<locale>`` (what it shows), and for a new pack ``title.<locale>`` and
``summary.<locale>``. It is filled in steps (``Step``), each one modal: a new pack's details, then
each locale's texts (the first also says which option is right), then, if the moderator wants them,
a picture with its descriptions and each locale's "why" texts. Every text is held to the loader's
limits and clean-text rules (bot/quiz/reader/loader.py, bot/quiz/reader/cleantext.py); a problem
names its field and a message key (``forms.problem.<key>``) so the bot can say it in the moderator's
language."""

from __future__ import annotations

import dataclasses
import enum
import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from bot.quiz.model import OPTION_LETTERS, Image, Option, Question, Text
from bot.quiz.reader.cleantext import LONG_TEXTS, first_refused
from bot.quiz.reader.loader import LIMITS, MAX_OPTIONS, MIN_OPTIONS
from bot.quiz.reader.pictures import FORMATS, format_of

Values = Mapping[str, str]
CORRECT = "correct"
IMAGE = "image"  # the picture's file name: its file upload in the picture step's modal
_KINDS = {"prompt": "prompt", "explanation": "explanation", "why": "why", "image_alt": "image_alt"}
_KINDS |= {"options": "option", "title": "title", "summary": "summary"}
_REQUIRED = ("prompt", "options", "explanation")


class StepKind(enum.StrEnum):
    PACK = "pack"
    TEXTS = "texts"
    PICTURE = "picture"
    WHYS = "whys"


@dataclass(frozen=True, slots=True)
class Step:
    kind: StepKind
    locale: str = ""

    @property
    def name(self) -> str:
        return f"{self.kind.value}.{self.locale}" if self.locale else self.kind.value

    @classmethod
    def named(cls, name: str) -> Step:
        """The step of ``name``; ValueError for a name no step has."""
        kind, _, locale = name.partition(".")
        return cls(StepKind(kind), locale)


@dataclass(frozen=True, slots=True)
class FormProblem:
    """What is wrong in one field: ``forms.problem.<key>`` with ``params``."""

    field: str
    key: str
    params: Mapping[str, str | int] = dataclasses.field(default_factory=dict)


def steps(locales: tuple[str, ...], *, new_pack: bool) -> tuple[Step, ...]:
    """The steps a form must have been through, in order (the picture and "why" steps are
    optional)."""
    details = (Step(StepKind.PACK),) if new_pack else ()
    return (*details, *(Step(StepKind.TEXTS, locale) for locale in locales))


def step_fields(step: Step, locales: tuple[str, ...], values: Values) -> tuple[str, ...]:
    """The fields of one step's modal, in the order it shows them."""
    if step.kind is StepKind.PACK:
        return (*(f"title.{loc}" for loc in locales), *(f"summary.{loc}" for loc in locales))
    if step.kind is StepKind.TEXTS:
        chosen = (CORRECT,) if step.locale == locales[0] else ()
        loc = step.locale
        return (f"prompt.{loc}", f"options.{loc}", *chosen, f"explanation.{loc}")
    if step.kind is StepKind.PICTURE:
        return (IMAGE, *(f"image_alt.{loc}" for loc in locales))
    return tuple(f"why.{step.locale}.{index}" for index in wrong_options(values, locales))


def option_lines(text: str) -> list[str]:
    """The options typed one a line: each trimmed, blank lines left out."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return [line.strip() for line in lines if line.strip()]


def correct_index(values: Values) -> int | None:
    chosen = values.get(CORRECT, "")
    return int(chosen) if chosen.isdigit() else None


def wrong_options(values: Values, locales: tuple[str, ...]) -> list[int]:
    """The indexes of the wrong options, as the first locale lists them."""
    count = len(option_lines(values.get(f"options.{locales[0]}", "")))
    return [index for index in range(count) if index != correct_index(values)]


def problems(values: Values, locales: tuple[str, ...], fields: Iterable[str]) -> list[FormProblem]:
    """What is wrong in ``fields``; with every field of a question, across locales too."""
    found: list[FormProblem] = []
    for name in fields:
        found.extend(_field_problems(name, values.get(name, ""), values, locales))
    return found


def question_problems(values: Values, locales: tuple[str, ...]) -> list[FormProblem]:
    """Everything wrong with the question the values make, "why" texts included."""
    names = [f"{kind}.{locale}" for locale in locales for kind in _REQUIRED]
    names += [CORRECT, IMAGE, *(f"image_alt.{locale}" for locale in locales)]
    names += [name for name in values if name.startswith("why.")]
    found = problems(values, locales, names)
    first = len(option_lines(values.get(f"options.{locales[0]}", "")))
    for locale in locales[1:]:
        count = len(option_lines(values.get(f"options.{locale}", "")))
        if count and first and count != first:
            params: dict[str, str | int] = {"count": count, "first": first, "locale": locales[0]}
            found.append(FormProblem(f"options.{locale}", "options_differ", params))
    found += [FormProblem(name, "why_missing") for name in why_gaps(values, locales)]
    return found


def _field_problems(
    name: str, value: str, values: Values, locales: tuple[str, ...]
) -> list[FormProblem]:
    if name == CORRECT:
        return _correct_problems(values, locales)
    if name == IMAGE:
        described = any(values.get(f"image_alt.{loc}", "").strip() for loc in locales)
        return [FormProblem(IMAGE, "picture_missing")] if described and not value else []
    kind = _KINDS[name.split(".", 1)[0]]
    if not value.strip():
        optional = kind == "why" or (kind == "image_alt" and IMAGE not in values)
        return [] if optional else [FormProblem(name, "required")]
    if kind == "option":
        lines = option_lines(value)
        if not MIN_OPTIONS <= len(lines) <= MAX_OPTIONS:
            params = {"count": len(lines), "min": MIN_OPTIONS, "max": MAX_OPTIONS}
            return [FormProblem(name, "option_count", params)]
        return [p for line in lines for p in _text_problems(name, line, kind)]
    return _text_problems(name, value.strip(), kind)


def _text_problems(name: str, text: str, kind: str) -> list[FormProblem]:
    limit = LIMITS[kind]
    if len(text) > limit:
        return [FormProblem(name, "too_long", {"length": len(text), "limit": limit})]
    refused = first_refused(text, long=kind in LONG_TEXTS)
    if refused is not None:
        character = f"U+{ord(text[refused]):04X}"
        return [FormProblem(name, "refused_character", {"character": character})]
    return []


def _correct_problems(values: Values, locales: tuple[str, ...]) -> list[FormProblem]:
    index = correct_index(values)
    count = len(option_lines(values.get(f"options.{locales[0]}", "")))
    if index is None:
        return [FormProblem(CORRECT, "required")]
    if count and index >= count:
        letter = OPTION_LETTERS[min(index, len(OPTION_LETTERS) - 1)]
        return [FormProblem(CORRECT, "correct_beyond", {"letter": letter, "count": count})]
    return []


def text_of(values: Values, kind: str, locales: tuple[str, ...]) -> Text:
    """The ``kind`` texts (``prompt``, ``title`` …) in every locale, as the pack holds them."""
    return Text.of({loc: values[f"{kind}.{loc}"].strip() for loc in locales}, locales[0])


def question_of(values: Values, locales: tuple[str, ...], question_id: str) -> Question:
    """The question the values make; they must have no ``question_problems``."""
    lines = {loc: option_lines(values[f"options.{loc}"]) for loc in locales}
    right = correct_index(values)
    options = []
    for index in range(len(lines[locales[0]])):
        text = Text.of({loc: lines[loc][index] for loc in locales}, locales[0])
        whys = {loc: values.get(f"why.{loc}.{index}", "").strip() for loc in locales}
        why = Text.of(whys, locales[0]) if all(whys.values()) else None
        options.append(Option(text=text, correct=index == right, why=why))
    image = None
    if values.get(IMAGE):
        image = Image(file=values[IMAGE], alt=text_of(values, "image_alt", locales))
    return Question(
        id=question_id,
        prompt=text_of(values, "prompt", locales),
        options=tuple(options),
        explanation=text_of(values, "explanation", locales),
        image=image,
    )


def why_gaps(values: Values, locales: tuple[str, ...]) -> list[str]:
    """The "why" fields given in some locale but not in all: the pack needs each in every one
    (the loader's rule), so the form asks for the missing ones rather than dropping them."""
    indexes = {name.rsplit(".", 1)[1] for name in values if name.startswith("why.")}
    gaps = []
    for index in sorted(i for i in indexes if i.isdigit()):
        given = [values.get(f"why.{loc}.{index}", "").strip() for loc in locales]
        if any(given) and not all(given):
            pairs = zip(locales, given, strict=True)
            gaps += [f"why.{loc}.{index}" for loc, text in pairs if not text]
    return gaps


def question_values(question: Question, locales: tuple[str, ...]) -> dict[str, str]:
    """A stored question as a form's values, to edit it."""
    values = {CORRECT: str(question.correct_index)}
    for loc in locales:
        values[f"prompt.{loc}"] = question.prompt.get(loc)
        values[f"options.{loc}"] = "\n".join(o.text.get(loc) for o in question.options)
        values[f"explanation.{loc}"] = question.explanation.get(loc)
        for index, option in enumerate(question.options):
            if option.why is not None:
                values[f"why.{loc}.{index}"] = option.why.get(loc)
        if question.image is not None:
            values[f"image_alt.{loc}"] = question.image.alt.get(loc)
    if question.image is not None:
        values[IMAGE] = question.image.file
    return values


def picture_file(data: bytes) -> str | None:
    """The file name a picture uploaded in a form goes by in its pack: named by its bytes, so
    it names no other picture of the pack, with the ending its format has; None when its first
    bytes are no picture format's (the rest is checked with the pack, in a worker)."""
    kind = format_of(data)
    if kind is None:
        return None
    return f"picture-{hashlib.sha256(data).hexdigest()[:16]}.{FORMATS[kind][1][0]}"


def picture_values(values: Values, submitted: Values, uploaded: str | None) -> dict[str, str]:
    """What the picture step's submission makes of the form's picture: the ``uploaded`` file
    (its name) if any; else none, once every description is emptied; else the one it had."""
    described = any(text.strip() for name, text in submitted.items() if name != IMAGE)
    kept = values.get(IMAGE, "") if described else ""
    return {**submitted, IMAGE: uploaded or kept}
