"""A question as a moderator types it into Discord's forms, read with the loader's own rules.

A form's values are texts by field: ``prompt.<locale>``, ``options.<locale>`` (one option a line, 2
to 5), ``explanation.<locale>``, ``why.<locale>.<option index>`` (optional, for wrong options),
``correct`` (the right option's index), ``image`` (the picture's file name) with
``image_alt.<locale>`` (what it shows), and for a new pack ``title.<locale>`` and
``summary.<locale>``. It is filled in steps (``Step``), each one modal: a new pack's details, then
each locale's texts (the first also says which option is right), then, if the moderator wants them,
a picture with its descriptions and each locale's "why" texts. Every text is held to the loader's
limits and clean-text rules (bot/quiz/reader/loader.py, bot/quiz/reader/cleantext.py); a problem
names its field and a message key (``forms.problem_<key>``) so the bot can say it in the moderator's
language.

The form's ``kind`` (form_values.py, ``FormKind``) says what question it makes: a choice (one
right option), all that apply (``correct`` lists the right options, ``0,2``), or a question
answered from memory, whose own fields recall_fields.py reads: typed answers, or a number. Only
the choice kinds have "why" texts."""

from __future__ import annotations

import enum
import hashlib
from collections.abc import Iterable
from dataclasses import dataclass

from bot.quiz.authoring.form_values import (
    CORRECT,
    KIND,
    FormKind,
    FormProblem,
    Values,
    form_kind,
    option_lines,
    right_options,
    text_problems,
)
from bot.quiz.authoring.recall_fields import (
    accepts_of,
    recall_fields,
    recall_problems,
    recall_values,
    unit_gaps,
)
from bot.quiz.model import OPTION_LETTERS, Image, Kind, Option, Question, Text
from bot.quiz.reader.cleantext import LONG_TEXTS
from bot.quiz.reader.loader import LIMITS, MAX_OPTIONS, MIN_OPTIONS
from bot.quiz.reader.pictures import FORMATS, format_of

__all__ = ["CORRECT", "KIND", "FormKind", "FormProblem", "Values", "form_kind", "option_lines"]
MIN_ALL_RIGHT = 2  # all that apply: at least two right options (one right is a choice)
IMAGE = "image"  # the picture's file name: its file upload in the picture step's modal
_KINDS = {"prompt": "prompt", "explanation": "explanation", "why": "why", "image_alt": "image_alt"}
_KINDS |= {"options": "option", "title": "title", "summary": "summary"}


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
        return texts_fields(step.locale, locales, values)
    if step.kind is StepKind.PICTURE:
        return (IMAGE, *(f"image_alt.{loc}" for loc in locales))
    return tuple(f"why.{step.locale}.{index}" for index in wrong_options(values, locales))


def texts_fields(locale: str, locales: tuple[str, ...], values: Values) -> tuple[str, ...]:
    """A locale's texts step: what the form's kind of question needs there (the first locale's
    also says what is right)."""
    kind, first = form_kind(values), locale == locales[0]
    if not kind.chooses:
        return recall_fields(kind, locale, first=first)
    chosen = (CORRECT,) if first else ()
    return (f"prompt.{locale}", f"options.{locale}", *chosen, f"explanation.{locale}")


def wrong_options(values: Values, locales: tuple[str, ...]) -> list[int]:
    """The indexes of the wrong options, as the first locale lists them (none but a choice
    question's)."""
    if not form_kind(values).chooses:
        return []
    count = len(option_lines(values.get(f"options.{locales[0]}", "")))
    return [index for index in range(count) if index not in right_options(values)]


def problems(values: Values, locales: tuple[str, ...], fields: Iterable[str]) -> list[FormProblem]:
    """What is wrong in ``fields``; with every field of a question, across locales too."""
    found: list[FormProblem] = []
    for name in fields:
        found.extend(_field_problems(name, values.get(name, ""), values, locales))
    return found


def question_problems(values: Values, locales: tuple[str, ...]) -> list[FormProblem]:
    """Everything wrong with the question the values make, "why" texts included."""
    names = [name for locale in locales for name in texts_fields(locale, locales, values)]
    names += [IMAGE, *(f"image_alt.{locale}" for locale in locales)]
    if not form_kind(values).chooses:
        found = problems(values, locales, names)
        return found + [FormProblem(name, "unit_missing") for name in unit_gaps(values, locales)]
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
    recalled = recall_problems(name, value)
    return _text_field_problems(name, value, values) if recalled is None else recalled


def _text_field_problems(name: str, value: str, values: Values) -> list[FormProblem]:
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
    return text_problems(name, text, LIMITS[kind], long=kind in LONG_TEXTS)


def _correct_problems(values: Values, locales: tuple[str, ...]) -> list[FormProblem]:
    right = right_options(values)
    several = form_kind(values) is FormKind.ALL
    count = len(option_lines(values.get(f"options.{locales[0]}", "")))
    if not right or (not several and len(right) > 1):
        return [FormProblem(CORRECT, "required")]
    if count and right[-1] >= count:
        letter = OPTION_LETTERS[min(right[-1], len(OPTION_LETTERS) - 1)]
        return [FormProblem(CORRECT, "correct_beyond", {"letter": letter, "count": count})]
    if several and len(right) < MIN_ALL_RIGHT:
        return [FormProblem(CORRECT, "too_few_right")]
    if several and count and len(right) == count:
        return [FormProblem(CORRECT, "all_right")]
    return []


def text_of(values: Values, kind: str, locales: tuple[str, ...]) -> Text:
    """The ``kind`` texts (``prompt``, ``title`` …) in every locale, as the pack holds them."""
    return Text.of({loc: values[f"{kind}.{loc}"].strip() for loc in locales}, locales[0])


def question_of(values: Values, locales: tuple[str, ...], question_id: str) -> Question:
    """The question the values make; they must have no ``question_problems``."""
    kind = form_kind(values)
    accepts = None if kind.chooses else accepts_of(values, kind, locales)
    options = _options(values, locales) if kind.chooses else ()
    image = None
    if values.get(IMAGE):
        image = Image(file=values[IMAGE], alt=text_of(values, "image_alt", locales))
    return Question(
        id=question_id,
        prompt=text_of(values, "prompt", locales),
        options=options,
        explanation=text_of(values, "explanation", locales),
        image=image,
        accepts=accepts,
    )


def _options(values: Values, locales: tuple[str, ...]) -> tuple[Option, ...]:
    lines = {loc: option_lines(values[f"options.{loc}"]) for loc in locales}
    right = right_options(values)
    options = []
    for index in range(len(lines[locales[0]])):
        text = Text.of({loc: lines[loc][index] for loc in locales}, locales[0])
        whys = {loc: values.get(f"why.{loc}.{index}", "").strip() for loc in locales}
        why = Text.of(whys, locales[0]) if all(whys.values()) else None
        options.append(Option(text=text, correct=index in right, why=why))
    return tuple(options)


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
    """A stored question as a form's values, to edit it (its kind kept)."""
    values = {KIND: kind_of(question).value, **recall_values(question, locales)}
    if question.kind is Kind.CHOICE:
        values[CORRECT] = ",".join(str(index) for index in question.correct_indices)
    for loc in locales:
        values[f"prompt.{loc}"] = question.prompt.get(loc)
        if question.options:
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


def kind_of(question: Question) -> FormKind:
    """The form kind that makes a question like ``question``."""
    if question.kind is Kind.CHOICE:
        return FormKind.ALL if question.several_right else FormKind.CHOICE
    return FormKind.TYPED if question.kind is Kind.TYPED else FormKind.NUMBER


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
