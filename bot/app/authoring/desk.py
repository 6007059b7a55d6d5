"""The question forms' service: a form opened, a step of it taken, the form saved or dropped.

A form's purpose says what saving does: ``add`` a question, ``edit`` one (its id stays),
``new`` a pack with its first question, ``remove`` one; a member's ``suggest`` form and a
moderator's ``approve`` form (editing a suggestion) are saved by suggestion_desk.py. Saving
changes the pack as it is at that moment (bot/app/shelf/shelf.py, ``PackShelf.change``),
so two moderators' forms on one pack both land; the result is checked by the loader like an
uploaded file, and a picture uploaded in the form is checked with it in the pack checker's
workers, as an upload's is."""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from bot.app.kit.context import AppContext
from bot.app.shelf.outcomes import Uploaded
from bot.quiz.authoring.pack_edits import (
    EditRefusedError,
    new_pack,
    with_question,
    without_question,
)
from bot.quiz.authoring.question_form import (
    IMAGE,
    FormProblem,
    Step,
    StepKind,
    form_kind,
    picture_file,
    picture_values,
    problems,
    question_of,
    question_problems,
    step_fields,
    steps,
    text_of,
)
from bot.quiz.model import Difficulty, Pack
from bot.quiz.packs.question_ids import question_id
from bot.quiz.reader.pictures import MAX_PICTURE_BYTES
from bot.storage.authoring import question_forms
from bot.storage.authoring.question_forms import QuestionFormRecord


class Purpose(enum.StrEnum):
    ADD = "add"
    EDIT = "edit"
    NEW = "new"
    REMOVE = "remove"
    SUGGEST = "suggest"  # a member's question, sent to the moderators' queue (suggestion_desk.py)
    APPROVE = "approve"  # a moderator's edit of a suggestion: saving it approves it


@dataclass(frozen=True, slots=True)
class Progress:
    """Where a form stands after a step: that step's problems, else the next step to take,
    else (``step`` None) every problem of the whole question, or none: ready to save."""

    form: QuestionFormRecord
    problems: tuple[FormProblem, ...] = ()
    step: Step | None = None
    taken: Step | None = None


@dataclass(frozen=True, slots=True)
class Saved:
    """What saving a form did: ``uploaded`` (stored, or the loader's problems, or a limit), or
    ``refused`` (the change the pack could not take), or the form was gone."""

    form: QuestionFormRecord
    uploaded: Uploaded | None = None
    refused: EditRefusedError | None = None


async def open_form(ctx: AppContext, form: QuestionFormRecord) -> QuestionFormRecord:
    return await question_forms.open_form(ctx.db, form, ctx.clock.now())


async def find_form(
    ctx: AppContext, token: str, guild_id: int, member_id: int
) -> QuestionFormRecord | None:
    return await question_forms.member_form(ctx.db, token, guild_id, member_id, ctx.clock.now())


def form_steps(form: QuestionFormRecord) -> tuple[Step, ...]:
    return steps(form.locales, new_pack=form.purpose == Purpose.NEW)


def why_steps(form: QuestionFormRecord) -> tuple[Step, ...]:
    return tuple(Step(StepKind.WHYS, locale) for locale in form.locales)


def optional_steps(form: QuestionFormRecord) -> tuple[Step, ...]:
    """The steps a form may take besides its own: its picture, then the "why" texts (of a
    question with options)."""
    whys = why_steps(form) if form_kind(form.fields).chooses else ()
    return (Step(StepKind.PICTURE), *whys)


def first_step(form: QuestionFormRecord) -> Step:
    return form_steps(form)[0]


@dataclass(frozen=True, slots=True)
class UploadedPicture:
    """A picture uploaded in the picture step: its bytes, fetched only when its ``size`` (as
    Discord gives it) is within the limit."""

    size: int
    data: bytes = b""


async def take_step(
    ctx: AppContext,
    form: QuestionFormRecord,
    step: Step,
    values: dict[str, str],
    picture: UploadedPicture | None = None,
) -> Progress | None:
    """Keeps what the step's modal held (and the picture uploaded in it); None if the form is
    gone (expired or replaced)."""
    refused, named = _picture_refused(picture), None
    if step.kind is StepKind.PICTURE and refused is None:
        named = picture_file(picture.data) if picture is not None else None
        values = picture_values(form.fields, values, named)
    elif step.kind is StepKind.PICTURE:
        values = {**values, IMAGE: form.fields.get(IMAGE, "")}  # the descriptions are kept
    fields = {name: text for name, text in {**form.fields, **values}.items() if text.strip()}
    upload = None if named is None or picture is None else picture.data
    dropped = step.kind is StepKind.PICTURE and IMAGE not in fields
    saved = await question_forms.save_fields(
        ctx.db, form, fields, ctx.clock.now(), picture=upload, drop_picture=dropped
    )
    if not saved:
        return None
    form = replace(form, fields=fields)
    if refused is not None:
        return Progress(form, (refused,), step, taken=step)
    found = problems(fields, form.locales, step_fields(step, form.locales, fields))
    if found:
        return Progress(form, tuple(found), step, taken=step)
    return progress(form, taken=step)


def progress(form: QuestionFormRecord, taken: Step | None = None) -> Progress:
    """The next step the form has not been through, else the whole question's problems."""
    for step in form_steps(form):
        if step_fields(step, form.locales, form.fields)[0] not in form.fields:
            return Progress(form, step=step, taken=taken)
    found = question_problems(form.fields, form.locales)
    if form.purpose == Purpose.NEW:
        details = step_fields(Step(StepKind.PACK), form.locales, form.fields)
        found = problems(form.fields, form.locales, details) + found
    return Progress(form, tuple(found), taken=taken)


def _picture_refused(picture: UploadedPicture | None) -> FormProblem | None:
    """What is wrong with an uploaded picture before it goes to a worker: its size, or bytes
    that begin as no picture format does."""
    if picture is None:
        return None
    if picture.size > MAX_PICTURE_BYTES:
        limit = MAX_PICTURE_BYTES // 2**20
        return FormProblem(IMAGE, "picture_too_big", {"size": _mib(picture.size), "limit": limit})
    if picture_file(picture.data) is None:
        return FormProblem(IMAGE, "not_a_picture")
    return None


def _mib(size: int) -> str:
    return f"{size / 2**20:.1f}"


def step_of(problem: FormProblem, form: QuestionFormRecord) -> Step:
    """The step whose modal holds the problem's field."""
    kind, _, rest = problem.field.partition(".")
    locale = rest.split(".", 1)[0] or form.locales[0]
    if kind in {"title", "summary"}:
        return Step(StepKind.PACK)
    if kind in {IMAGE, "image_alt"}:
        return Step(StepKind.PICTURE)
    return Step(StepKind.WHYS if kind == "why" else StepKind.TEXTS, locale)


async def save_form(ctx: AppContext, form: QuestionFormRecord, by: int) -> Saved:
    """Applies the form to its pack and, once stored, forgets the form."""
    try:
        uploaded = await ctx.shelf.change(
            form.guild_id,
            form.pack_id,
            lambda pack: _changed(form, pack),
            by=by,
            now=ctx.clock.now(),
            attached=await _attached(ctx, form),
        )
    except EditRefusedError as refused:
        return Saved(form, refused=refused)
    if uploaded.stored:
        await question_forms.close_form(ctx.db, form)
    return Saved(form, uploaded=uploaded)


async def _attached(ctx: AppContext, form: QuestionFormRecord) -> dict[str, bytes]:
    """The picture uploaded in the form, by the file name the question gives it (a kept one,
    stored with the pack already, is not read)."""
    name = form.fields.get(IMAGE)
    if name is None or form.purpose == Purpose.REMOVE:
        return {}
    data = await question_forms.form_picture(ctx.db, form)
    return {name: data} if data is not None and picture_file(data) == name else {}


async def cancel_form(ctx: AppContext, form: QuestionFormRecord) -> None:
    await question_forms.close_form(ctx.db, form)


def _changed(form: QuestionFormRecord, pack: Pack | None) -> Pack:
    """The pack with the form's change, as the domain makes it."""
    if form.purpose == Purpose.NEW:
        if pack is not None:
            raise EditRefusedError("forms.pack_taken")
        question = question_of(form.fields, form.locales, _fresh_id(form, ()))
        title = text_of(form.fields, "title", form.locales)
        summary = text_of(form.fields, "summary", form.locales)
        difficulty = Difficulty(form.difficulty or Difficulty.MEDIUM.value)
        return new_pack(form.pack_id, form.locales, (title, summary), difficulty, question)
    if pack is None:
        raise EditRefusedError("forms.pack_gone")
    if pack.locales != form.locales:
        raise EditRefusedError("forms.locales_changed")
    if form.purpose == Purpose.ADD:
        taken = [q.id for q in pack.questions]
        return with_question(pack, question_of(form.fields, form.locales, _fresh_id(form, taken)))
    if form.question_id is None or pack.question(form.question_id) is None:
        raise EditRefusedError("forms.question_gone")
    if form.purpose == Purpose.REMOVE:
        return without_question(pack, form.question_id)
    return with_question(pack, question_of(form.fields, form.locales, form.question_id))


def _fresh_id(form: QuestionFormRecord, taken: list[str] | tuple[str, ...]) -> str:
    return question_id(form.fields[f"prompt.{form.locales[0]}"], taken)
