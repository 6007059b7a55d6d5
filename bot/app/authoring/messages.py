"""The question form's private reply, in the moderator's language: where the form stands (the
next step, or the problems to fix with what was typed kept), a preview before saving, and what
saving did. Its buttons carry the form's token only; the form itself stays in the database."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass

import discord

from bot.app.authoring.desk import Progress, Purpose, Saved, form_steps, optional_steps, step_of
from bot.app.authoring.modals import ALL_RIGHT_TEXTS, FIELD_TEXTS, language_name
from bot.app.kit.catalogue import tr
from bot.app.kit.limits import FIELD_VALUE, echo, fit_embed, fit_text
from bot.app.kit.message_parts import BRAND
from bot.quiz.authoring.form_values import right_options
from bot.quiz.authoring.question_form import (
    CORRECT,
    IMAGE,
    FormKind,
    FormProblem,
    Step,
    StepKind,
    form_kind,
    option_lines,
    wrong_options,
)
from bot.quiz.authoring.recall_fields import ANSWER, MATCH, TOLERANCE, number_written, read_number
from bot.quiz.model import OPTION_LETTERS, Match
from bot.quiz.packs.server_packs import shown_pack_id
from bot.storage.authoring.question_forms import QuestionFormRecord

MAX_STEP_BUTTONS = 6  # a new pack's details, two languages' texts, the picture, two "why"s
SHOWN_PROBLEMS = 10
PRIMARY = discord.ButtonStyle.primary
HEADINGS = {
    Purpose.ADD: "forms.heading_add",
    Purpose.EDIT: "forms.heading_edit",
    Purpose.NEW: "forms.heading_new",
    Purpose.REMOVE: "forms.heading_remove",
    Purpose.SUGGEST: "forms.heading_suggest",
    Purpose.APPROVE: "forms.heading_approve",
}
SAVED = {
    Purpose.ADD: "forms.saved_add",
    Purpose.EDIT: "forms.saved_edit",
    Purpose.NEW: "forms.saved_new",
    Purpose.REMOVE: "forms.saved_remove",
}
SAVE_LABELS = {Purpose.SUGGEST: "forms.send_suggestion", Purpose.APPROVE: "forms.approve"}
# The domain's problem keys (bot/quiz/authoring/question_form.py) and their messages.
PROBLEMS = {
    "required": "forms.problem_required",
    "too_long": "forms.problem_too_long",
    "refused_character": "forms.problem_refused_character",
    "option_count": "forms.problem_option_count",
    "options_differ": "forms.problem_options_differ",
    "correct_beyond": "forms.problem_correct_beyond",
    "why_missing": "forms.problem_why_missing",
    "picture_missing": "forms.problem_picture_missing",
    "picture_too_big": "forms.problem_picture_too_big",
    "not_a_picture": "forms.problem_not_a_picture",
    "too_few_right": "forms.problem_too_few_right",
    "all_right": "forms.problem_all_right",
    "answer_count": "forms.problem_answer_count",
    "only_punctuation": "forms.problem_only_punctuation",
    "not_a_number": "forms.problem_not_a_number",
    "negative": "forms.problem_negative",
    "unit_missing": "forms.problem_unit_missing",
}
# What the preview says of a question that is not a single choice.
KIND_LINES = {
    FormKind.ALL: "forms.preview_all",
    FormKind.TYPED: "forms.preview_typed",
    FormKind.NUMBER: "forms.preview_number",
}


class Act(enum.Enum):
    STEP = "step"
    SAVE = "save"
    CANCEL = "cancel"


@dataclass(frozen=True, slots=True)
class Action:
    """A button of the reply (bot/app/authoring/buttons.py makes it)."""

    act: Act
    label: str
    step: Step | None = None
    style: discord.ButtonStyle = discord.ButtonStyle.secondary


@dataclass(frozen=True, slots=True)
class Reply:
    content: str
    embed: discord.Embed | None = None
    actions: tuple[Action, ...] = ()


def _cancel(reader: str) -> Action:
    return Action(Act.CANCEL, tr(reader, "forms.cancel"))


def step_name(step: Step, reader: str) -> str:
    if step.kind is StepKind.PACK:
        return tr(reader, "forms.step_pack")
    if step.kind is StepKind.PICTURE:
        return tr(reader, "forms.step_picture")
    language = language_name(step.locale, reader)
    key = "forms.step_whys" if step.kind is StepKind.WHYS else "forms.step_texts"
    return tr(reader, key, language=language)


def progress_reply(progress: Progress, reader: str) -> Reply:
    form = progress.form
    cancel = _cancel(reader)
    if progress.problems:
        return _problems_reply(progress, reader, cancel)
    heading = _heading(form, reader)
    if progress.step is not None:
        done = "" if progress.taken is None else tr(reader, "forms.step_kept") + " "
        text = tr(reader, "forms.next", step=step_name(progress.step, reader))
        go = Action(Act.STEP, tr(reader, "forms.continue"), progress.step, PRIMARY)
        return Reply(f"{heading}\n{done}{text}", actions=(go, cancel))
    label = tr(reader, SAVE_LABELS.get(Purpose(form.purpose), "forms.save"))
    save = Action(Act.SAVE, label, style=discord.ButtonStyle.success)
    ready = "forms.ready" if form_kind(form.fields).chooses else "forms.ready_recall"
    return Reply(
        f"{heading}\n{tr(reader, ready)}",
        _preview(form, reader),
        (save, cancel, *_step_actions(form, reader)),
    )


def _heading(form: QuestionFormRecord, reader: str) -> str:
    return tr(reader, HEADINGS[Purpose(form.purpose)], pack=echo(form.pack_id))


def _problems_reply(progress: Progress, reader: str, cancel: Action) -> Reply:
    form = progress.form
    shown = [_problem_line(p, form, reader) for p in progress.problems[:SHOWN_PROBLEMS]]
    hidden = len(progress.problems) - len(shown)
    if hidden:
        shown.append(tr(reader, "serverpacks.more_problems", count=hidden))
    count = len(progress.problems)
    text = "\n".join([_heading(form, reader), tr(reader, "forms.problems", count=count), *shown])
    fix = Action(Act.STEP, tr(reader, "forms.fix"), step_of(progress.problems[0], form), PRIMARY)
    return Reply(text, actions=(fix, cancel))


def _problem_line(problem: FormProblem, form: QuestionFormRecord, reader: str) -> str:
    params = dict(problem.params)
    if "locale" in params:
        params["language"] = language_name(str(params["locale"]), reader)
    message = tr(reader, PROBLEMS[problem.key], **params)
    return f"- **{_field_name(problem.field, form, reader)}**: {message}"


def _field_name(name: str, form: QuestionFormRecord, reader: str) -> str:
    if name == CORRECT:
        several = form_kind(form.fields) is FormKind.ALL
        return tr(reader, ALL_RIGHT_TEXTS[0] if several else "forms.field_correct")
    if name == IMAGE:
        return tr(reader, "forms.field_picture")
    kind, _, rest = name.partition(".")
    locale, _, index = rest.partition(".")
    language = language_name(locale, reader)
    if kind == "why":
        lines = option_lines(form.fields.get(f"options.{form.locales[0]}", ""))
        option = lines[int(index)] if int(index) < len(lines) else ""
        return tr(reader, "forms.field_why", letter=OPTION_LETTERS[int(index)], option=option)
    return tr(reader, FIELD_TEXTS[kind][0], language=language)


def _preview(form: QuestionFormRecord, reader: str) -> discord.Embed:
    description = None
    if form.purpose == Purpose.NEW:
        title = form.fields.get(f"title.{form.locales[0]}", "")
        description = tr(reader, "forms.preview_pack", title=title, id=form.pack_id)
    title = tr(reader, "forms.preview_title")
    return question_preview(form.fields, form.locales, reader, title, description)


def question_preview(
    fields: Mapping[str, str],
    locales: tuple[str, ...],
    reader: str,
    title: str,
    description: str | None = None,
) -> discord.Embed:
    """A form's question as an embed: each locale's prompt, options (the right ones marked) or
    the answers it accepts, and explanation, and in the footer its kind (unless a single
    choice), how many "why" texts it has and its picture."""
    embed = discord.Embed(title=title, description=description, colour=BRAND)
    kind = form_kind(fields)
    for locale in locales:
        lines = [f"**{fields.get(f'prompt.{locale}', '')}**"]
        lines += _answer_lines(fields, kind, locale, reader)
        lines.append(f"> {fields.get(f'explanation.{locale}', '')}".replace("\n", "\n> "))
        value = fit_text("\n".join(lines), FIELD_VALUE)
        embed.add_field(name=language_name(locale, reader), value=value, inline=False)
    footer = [] if kind is FormKind.CHOICE else [_kind_line(fields, kind, reader)]
    if kind.chooses:
        wrong = wrong_options(fields, locales)
        given = [i for i in wrong if f"why.{locales[0]}.{i}" in fields]
        footer.append(tr(reader, "forms.preview_whys", given=len(given), wrong=len(wrong)))
    picture = fields.get(IMAGE)
    if picture is not None:
        alt = fields.get(f"image_alt.{locales[0]}", "")
        footer.append(tr(reader, "forms.preview_picture", file=picture, alt=alt))
    if footer:
        embed.set_footer(text="\n".join(footer))
    return fit_embed(embed)


def _answer_lines(fields: Mapping[str, str], kind: FormKind, locale: str, reader: str) -> list[str]:
    """The options with the right ones ticked, the accepted answers, or the number."""
    if kind is FormKind.TYPED:
        answers = " · ".join(option_lines(fields.get(f"answers.{locale}", "")))
        return [tr(reader, "forms.preview_accepted", answers=answers)]
    if kind is FormKind.NUMBER:
        number = _number(fields.get(ANSWER, ""))
        tolerance = _number(fields.get(TOLERANCE, ""))
        if tolerance and tolerance != "0":
            number += f" ± {tolerance}"
        unit = fields.get(f"unit.{locale}", "")
        return [f"✅ {number} {unit}".rstrip()]
    right = right_options(fields)
    options = option_lines(fields.get(f"options.{locale}", ""))
    return [
        f"{OPTION_LETTERS[i]}{' ✅' if i in right else ''} {text}" for i, text in enumerate(options)
    ]


def _number(text: str) -> str:
    """A number as the form reads it (``3,5`` is shown ``3.5``); as typed if it reads as none."""
    number = read_number(text)
    return text.strip() if number is None else number_written(number)


def _kind_line(fields: Mapping[str, str], kind: FormKind, reader: str) -> str:
    match = fields.get(MATCH) or Match.NORMAL.value
    return tr(reader, KIND_LINES[kind], match=match)


def _step_actions(form: QuestionFormRecord, reader: str) -> list[Action]:
    """A button for each step, to go back to it: texts first, then the picture and the "why"
    texts."""
    wanted = [*form_steps(form), *optional_steps(form)]
    return [Action(Act.STEP, step_name(step, reader), step) for step in wanted][:MAX_STEP_BUTTONS]


def saved_text(saved: Saved, reader: str) -> str:
    form = saved.form
    if saved.refused is not None:
        return tr(reader, saved.refused.key, limit=saved.refused.limit, pack=echo(form.pack_id))
    uploaded = saved.uploaded
    assert uploaded is not None  # noqa: S101  # a save either was refused or uploaded
    if uploaded.problems:  # the loader's, past the form's own checks: shown as it says them
        lines = [str(problem) for problem in uploaded.problems[:SHOWN_PROBLEMS]]
        heading = tr(reader, "forms.loader_problems", count=len(uploaded.problems))
        return heading + "\n```\n" + "\n".join(lines) + "\n```"
    if uploaded.refusal is not None or uploaded.pack is None:
        refusal = uploaded.refusal
        key, limit = ("forms.busy", 0) if refusal is None else (refusal.key, refusal.limit)
        return tr(reader, key, limit=limit, id=echo(form.pack_id), pack=echo(form.pack_id))
    pack = uploaded.pack
    return tr(
        reader,
        SAVED[Purpose(form.purpose)],
        pack=echo(shown_pack_id(pack.id)),
        title=pack.title.get(reader),
        questions=len(pack.questions),
    )


def removal_reply(form: QuestionFormRecord, prompt: str, reader: str) -> Reply:
    text = tr(reader, "forms.remove_confirm", prompt=fit_text(prompt, 300), pack=echo(form.pack_id))
    remove = Action(Act.SAVE, tr(reader, "forms.remove"), style=discord.ButtonStyle.danger)
    return Reply(text, actions=(remove, _cancel(reader)))
