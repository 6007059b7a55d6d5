"""A question form's step as a Discord modal, in the moderator's language, filled in with what
they typed before: each field a Label around a text input (a radio group for the right option,
a checkbox group for all that apply, a radio group for a typed answer's match, a file upload for
the picture), within Discord's limits (5 components, labels of 45
characters, descriptions of 100), each input bounded by the loader's limit for its text, so no
submission can hold more."""

from __future__ import annotations

from collections.abc import Mapping

import discord
from babel import Locale, UnknownLocaleError

from bot.app.kit.catalogue import tr
from bot.app.kit.custom_ids import FORM_MODAL
from bot.app.kit.limits import (
    DESCRIPTION,
    LABEL,
    MODAL_TITLE,
    OPTION_LABEL,
    PLACEHOLDER,
    TEXT_INPUT_MAX,
    fit_text,
)
from bot.quiz.authoring.form_values import right_options
from bot.quiz.authoring.question_form import (
    CORRECT,
    IMAGE,
    MIN_ALL_RIGHT,
    FormKind,
    Step,
    StepKind,
    form_kind,
    option_lines,
    step_fields,
)
from bot.quiz.authoring.recall_fields import ANSWER, MATCH, TOLERANCE
from bot.quiz.model import OPTION_LETTERS, Match
from bot.quiz.reader.accepted import MAX_ANSWER, MAX_ANSWERS, MAX_NUMBER
from bot.quiz.reader.loader import LIMITS, MAX_OPTIONS
from bot.quiz.reader.pictures import MAX_PICTURE_BYTES

# The options field takes MAX_OPTIONS lines of the option limit each, and their line breaks.
OPTIONS_MAX = MAX_OPTIONS * LIMITS["option"] + MAX_OPTIONS - 1
_LIMITS = {"options": OPTIONS_MAX} | {kind: LIMITS[kind] for kind in ("title", "summary")}
_LIMITS |= {kind: LIMITS[kind] for kind in ("prompt", "explanation", "why", "image_alt", "unit")}
# The answers field takes MAX_ANSWERS lines of the answer limit each, and their line breaks.
_LIMITS |= {"answers": MAX_ANSWERS * MAX_ANSWER + MAX_ANSWERS - 1}
_LIMITS |= {ANSWER: MAX_NUMBER, TOLERANCE: MAX_NUMBER, MATCH: max(len(m.value) for m in Match)}
_PARAGRAPHS = frozenset({"prompt", "options", "explanation", "why", "summary", "image_alt"})
_PARAGRAPHS |= {"answers"}
# The picture step is optional as a whole; a number's tolerance and unit may be left out.
_OPTIONAL = frozenset({"why", "image_alt", TOLERANCE, "unit"})
# Each field's label and hint in the catalogue.
FIELD_TEXTS = {
    "title": ("forms.field_title", "forms.field_title_hint"),
    "summary": ("forms.field_summary", "forms.field_summary_hint"),
    "prompt": ("forms.field_prompt", "forms.field_prompt_hint"),
    "options": ("forms.field_options", "forms.field_options_hint"),
    "explanation": ("forms.field_explanation", "forms.field_explanation_hint"),
    "image_alt": ("forms.field_picture_alt", "forms.field_picture_alt_hint"),
    "answers": ("forms.field_answers", "forms.field_answers_hint"),
    ANSWER: ("forms.field_answer", "forms.field_answer_hint"),
    TOLERANCE: ("forms.field_tolerance", "forms.field_tolerance_hint"),
    "unit": ("forms.field_unit", "forms.field_unit_hint"),
    MATCH: ("forms.field_match", "forms.field_match_hint"),
    CORRECT: ("forms.field_correct", "forms.field_correct_hint"),
}
# How a typed answer is compared: each way's label and hint.
MATCH_TEXTS = {
    Match.EXACT: ("forms.match_exact", "forms.match_exact_hint"),
    Match.NORMAL: ("forms.match_normal", "forms.match_normal_hint"),
    Match.TYPO: ("forms.match_typo", "forms.match_typo_hint"),
}
# The right options' label and hint when several are right.
ALL_RIGHT_TEXTS = ("forms.field_all_right", "forms.field_all_right_hint")


def field_limit(name: str) -> int:
    """The most a field may hold (what its text input allows)."""
    if name == IMAGE:  # a file name, as the question names its picture
        return 64
    if name == CORRECT:  # an index, or several comma-separated: "0,2,4"
        return 2 * MAX_OPTIONS - 1
    return _LIMITS[name.split(".", 1)[0]]


def language_name(locale: str, reader: str) -> str:
    """A pack locale's name in the reader's language: "Ελληνικά", "Greek"."""
    try:
        name = Locale.parse(locale, sep="-").get_display_name(Locale.parse(reader, sep="-"))
    except (UnknownLocaleError, ValueError):
        return locale
    return (name or locale)[:1].upper() + (name or locale)[1:]


class StepModal(discord.ui.Modal):
    """One step's modal; its submission reaches the bot's router, not this object (a restart
    keeps a form going), so it is never kept in discord.py's view store."""

    def __init__(
        self,
        token: str,
        step: Step,
        locales: tuple[str, ...],
        values: Mapping[str, str],
        reader: str,
    ) -> None:
        title = fit_text(_title(step, locales, reader), MODAL_TITLE)
        super().__init__(title=title, custom_id=f"{FORM_MODAL}:{token}:{step.name}", timeout=None)
        for name in step_fields(step, locales, values):
            self.add_item(_field(name, locales, values, reader))
        self.stop()  # see the class docstring


def _title(step: Step, locales: tuple[str, ...], reader: str) -> str:
    if step.kind is StepKind.PACK:
        return tr(reader, "forms.title_pack")
    if step.kind is StepKind.PICTURE:
        return tr(reader, "forms.title_picture")
    language = language_name(step.locale, reader)
    if step.kind is StepKind.WHYS:
        return tr(reader, "forms.title_whys", language=language)
    number = locales.index(step.locale) + 1
    return tr(reader, "forms.title_texts", language=language, step=number, steps=len(locales))


def _field(
    name: str, locales: tuple[str, ...], values: Mapping[str, str], reader: str
) -> discord.ui.Label[StepModal]:
    if name == CORRECT:
        if form_kind(values) is FormKind.ALL:
            return _all_right(values, locales, reader)
        return _correct(values, locales, reader)
    if name == MATCH:
        return _match(values, reader)
    if name == IMAGE:
        return _picture(values, reader)
    kind, _, rest = name.partition(".")
    locale = rest.split(".", 1)[0]
    language = language_name(locale, reader)
    if kind == "why":
        index = int(rest.rsplit(".", 1)[1])
        shown = option_lines(values.get(f"options.{locale}") or values[f"options.{locales[0]}"])
        option = shown[index] if index < len(shown) else OPTION_LETTERS[index]
        label = tr(reader, "forms.field_why", letter=OPTION_LETTERS[index], option=option)
        description = tr(reader, "forms.field_why_hint")
    else:
        label_key, hint_key = FIELD_TEXTS[kind]
        label = tr(reader, label_key, language=language)
        description = tr(reader, hint_key, max=MAX_ANSWERS)
    first = values.get(f"{kind}.{locales[0]}{name[len(kind) + 1 + len(locale) :]}", "")
    text_input: discord.ui.TextInput[StepModal] = discord.ui.TextInput(
        custom_id=name,
        style=discord.TextStyle.paragraph if kind in _PARAGRAPHS else discord.TextStyle.short,
        default=values.get(name) or None,
        placeholder=fit_text(first, PLACEHOLDER) if locale != locales[0] and first else None,
        required=kind not in _OPTIONAL,
        max_length=min(field_limit(name), TEXT_INPUT_MAX),
    )
    return discord.ui.Label(
        text=fit_text(label, LABEL),
        description=fit_text(description, DESCRIPTION),
        component=text_input,
    )


def _correct(
    values: Mapping[str, str], locales: tuple[str, ...], reader: str
) -> discord.ui.Label[StepModal]:
    chosen = values.get(CORRECT)
    group: discord.ui.RadioGroup[StepModal] = discord.ui.RadioGroup(custom_id=CORRECT)
    for index, label in enumerate(_option_labels(values, locales, reader)):
        group.add_option(label=label, value=str(index), default=chosen == str(index))
    return discord.ui.Label(
        text=fit_text(tr(reader, "forms.field_correct"), LABEL),
        description=fit_text(tr(reader, "forms.field_correct_hint"), DESCRIPTION),
        component=group,
    )


def _option_labels(values: Mapping[str, str], locales: tuple[str, ...], reader: str) -> list[str]:
    """A label for each option the form may have: its letter and its line (so far)."""
    lines = option_lines(values.get(f"options.{locales[0]}", ""))
    return [
        fit_text(f"{letter} · {lines[index]}", OPTION_LABEL)
        if index < len(lines)
        else fit_text(f"{letter} · {tr(reader, 'forms.line', number=index + 1)}", OPTION_LABEL)
        for index, letter in enumerate(OPTION_LETTERS[:MAX_OPTIONS])
    ]


def _all_right(
    values: Mapping[str, str], locales: tuple[str, ...], reader: str
) -> discord.ui.Label[StepModal]:
    """All that apply: a checkbox for each option, at least two ticked."""
    chosen = right_options(values)
    group: discord.ui.CheckboxGroup[StepModal] = discord.ui.CheckboxGroup(
        custom_id=CORRECT, min_values=MIN_ALL_RIGHT, max_values=MAX_OPTIONS
    )
    for index, label in enumerate(_option_labels(values, locales, reader)):
        group.add_option(label=label, value=str(index), default=index in chosen)
    label, hint = ALL_RIGHT_TEXTS
    return discord.ui.Label(
        text=fit_text(tr(reader, label), LABEL),
        description=fit_text(tr(reader, hint), DESCRIPTION),
        component=group,
    )


def _match(values: Mapping[str, str], reader: str) -> discord.ui.Label[StepModal]:
    """How a typed answer is compared: exact, normal (the default) or with a typo allowed."""
    chosen = values.get(MATCH) or Match.NORMAL.value
    group: discord.ui.RadioGroup[StepModal] = discord.ui.RadioGroup(custom_id=MATCH)
    for match, (name, hint) in MATCH_TEXTS.items():
        group.add_option(
            label=fit_text(tr(reader, name), OPTION_LABEL),
            value=match.value,
            description=fit_text(tr(reader, hint), DESCRIPTION),
            default=chosen == match.value,
        )
    label, about = FIELD_TEXTS[MATCH]
    return discord.ui.Label(
        text=fit_text(tr(reader, label), LABEL),
        description=fit_text(tr(reader, about), DESCRIPTION),
        component=group,
    )


def _picture(values: Mapping[str, str], reader: str) -> discord.ui.Label[StepModal]:
    """One file upload: a picture replaces the question's (if it has one); none keeps it."""
    upload: discord.ui.FileUpload[StepModal] = discord.ui.FileUpload(
        custom_id=IMAGE, required=False, min_values=0, max_values=1
    )
    now = values.get(IMAGE)
    limit = MAX_PICTURE_BYTES // 2**20
    if now is None:
        description = tr(reader, "forms.field_picture_hint", limit=limit)
    else:
        description = tr(reader, "forms.field_picture_kept", file=now)
    return discord.ui.Label(
        text=fit_text(tr(reader, "forms.field_picture"), LABEL),
        description=fit_text(description, DESCRIPTION),
        component=upload,
    )
