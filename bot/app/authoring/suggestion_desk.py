"""The suggestions' service: a member's form sent as a suggestion, the server's queue, and a
moderator's decision (approve as written, approve as edited in a form, or reject).

An approval claims the suggestion, changes the pack as a form does (bot/app/authoring/desk.py,
the same loader checks, the picture checked in a worker), then records it approved with the
question's id; an approval the pack cannot take gives the claim back, so the suggestion waits
again and the moderator is told why. Approving twice adds the question once
(bot/quiz/authoring/suggestions.py, ``same_question``)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.app.authoring.desk import Purpose, Saved
from bot.app.kit.context import AppContext
from bot.quiz.authoring.pack_edits import EditRefusedError, with_question
from bot.quiz.authoring.question_form import IMAGE, picture_file, question_of
from bot.quiz.authoring.suggestions import same_question
from bot.quiz.model import Pack
from bot.quiz.packs.question_ids import question_id
from bot.storage.authoring import question_forms, suggestions
from bot.storage.authoring.question_forms import QuestionFormRecord
from bot.storage.authoring.suggestions import Sent, Suggestion
from bot.storage.settings import settings


class _AlreadyThereError(Exception):
    """The pack has the suggested question already: the approval changes nothing."""

    def __init__(self, found: str) -> None:
        super().__init__(found)
        self.found = found


@dataclass(frozen=True, slots=True)
class Approval:
    """What an approval did: ``saved`` (the pack changed, or why not), or nothing, the
    suggestion being ``decided`` already (``suggestion`` as it is now)."""

    suggestion: Suggestion
    saved: Saved | None = None
    question_id: str | None = None

    @property
    def approved(self) -> bool:
        return self.question_id is not None


async def refusal(ctx: AppContext, guild_id: int, member_id: int) -> str | None:
    """Why the member may not suggest a question now; None if they may."""
    taking = (await settings.guild_settings(ctx.db, guild_id)).suggestions_open
    return await suggestions.suggest_refusal(
        ctx.db, guild_id, member_id, ctx.clock.now(), taking=taking
    )


async def send_form(ctx: AppContext, form: QuestionFormRecord, author_locale: str) -> Sent:
    """The member's finished form, stored as a suggestion (once the rate allows) and forgotten."""
    taking = (await settings.guild_settings(ctx.db, form.guild_id)).suggestions_open
    picture = await question_forms.form_picture(ctx.db, form) if IMAGE in form.fields else None
    suggestion = Suggestion(
        guild_id=form.guild_id,
        pack_id=form.pack_id,
        author_id=form.member_id,
        author_locale=author_locale,
        locales=form.locales,
        fields=form.fields,
    )
    sent = await suggestions.add_suggestion(
        ctx.db, suggestion, picture, ctx.clock.now(), taking=taking
    )
    if sent.suggestion is not None:
        await question_forms.close_form(ctx.db, form)
    return sent


async def find(ctx: AppContext, guild_id: int, suggestion_id: int) -> Suggestion | None:
    return await suggestions.suggestion(ctx.db, guild_id, suggestion_id)


async def waiting(ctx: AppContext, guild_id: int, after: int = 0) -> tuple[Suggestion | None, int]:
    return await suggestions.waiting(ctx.db, guild_id, ctx.clock.now(), after=after)


async def open_edit(ctx: AppContext, found: Suggestion, moderator_id: int) -> QuestionFormRecord:
    """A form for the moderator holding the suggestion as written (its picture too): saving it
    approves the suggestion as edited."""
    record = QuestionFormRecord(
        guild_id=found.guild_id,
        member_id=moderator_id,
        purpose=Purpose.APPROVE.value,
        pack_id=found.pack_id,
        locales=found.locales,
        fields=found.fields,
        suggestion_id=found.id,
    )
    picture = await suggestions.suggestion_picture(ctx.db, found)
    return await question_forms.open_form(ctx.db, record, ctx.clock.now(), picture)


async def approve(ctx: AppContext, found: Suggestion, by: int) -> Approval:
    """Approves the suggestion as its author wrote it."""
    picture = await suggestions.suggestion_picture(ctx.db, found)
    return await _approve(ctx, found, by, found.fields, picture)


async def approve_edited(ctx: AppContext, form: QuestionFormRecord, by: int) -> Approval | None:
    """Approves the suggestion the moderator's form edits, as the form holds it; None if that
    suggestion is gone. The form is forgotten once the question is in the pack."""
    suggestion_id = form.suggestion_id
    found = None if suggestion_id is None else await find(ctx, form.guild_id, suggestion_id)
    if found is None:
        return None
    picture = await question_forms.form_picture(ctx.db, form) if IMAGE in form.fields else None
    approval = await _approve(ctx, found, by, form.fields, picture, edited=True)
    if approval.approved:
        await question_forms.close_form(ctx.db, form)
    return approval


async def _approve(
    ctx: AppContext,
    found: Suggestion,
    by: int,
    fields: dict[str, str],
    picture: bytes | None,
    *,
    edited: bool = False,
) -> Approval:
    now = ctx.clock.now()
    if not await suggestions.claim(ctx.db, found, by, now):
        return Approval(await find(ctx, found.guild_id, found.id) or found)
    adding = _Adding(found.locales, fields)
    name = fields.get(IMAGE)
    attached = {name: picture} if name and picture and picture_file(picture) == name else {}
    form = _as_form(found, fields, by)
    try:
        uploaded = await ctx.shelf.change(
            found.guild_id, found.pack_id, adding.edit, by=by, now=now, attached=attached
        )
    except _AlreadyThereError as there:
        return await _recorded(ctx, found, by, there.found, Saved(form), edited=edited)
    except EditRefusedError as refused:
        await suggestions.release(ctx.db, found, by)
        return Approval(found, Saved(form, refused=refused))
    if not uploaded.stored or adding.named is None:
        await suggestions.release(ctx.db, found, by)
        return Approval(found, Saved(form, uploaded=uploaded))
    saved = Saved(form, uploaded=uploaded)
    return await _recorded(ctx, found, by, adding.named, saved, edited=edited)


class _Adding:
    """The pack edit an approval makes: the question added under an id made from its prompt
    (``named``: the id of the last try, a change being tried again on a newer version)."""

    def __init__(self, locales: tuple[str, ...], fields: dict[str, str]) -> None:
        self.locales, self.fields = locales, fields
        self.named: str | None = None

    def edit(self, pack: Pack | None) -> Pack:
        if pack is None:
            raise EditRefusedError("forms.pack_gone")
        if pack.locales != self.locales:
            raise EditRefusedError("forms.locales_changed")
        prompt = self.fields[f"prompt.{self.locales[0]}"]
        taken = [q.id for q in pack.questions]
        question = question_of(self.fields, self.locales, question_id(prompt, taken))
        there = same_question(pack, question)
        if there is not None:
            raise _AlreadyThereError(there)
        self.named = question.id
        return with_question(pack, question)


async def _recorded(
    ctx: AppContext, found: Suggestion, by: int, named: str, saved: Saved, *, edited: bool
) -> Approval:
    await suggestions.approved(ctx.db, found, by, named, ctx.clock.now(), edited=edited)
    decided = await find(ctx, found.guild_id, found.id) or found
    return Approval(decided, saved, named)


async def reject(
    ctx: AppContext, found: Suggestion, by: int, reason: str | None
) -> tuple[Suggestion, bool]:
    """Rejects the suggestion: it as it is now, and whether this rejected it (another moderator
    may have decided it first)."""
    rejected = await suggestions.reject(ctx.db, found, by, reason, ctx.clock.now())
    return await find(ctx, found.guild_id, found.id) or found, rejected


async def set_card(ctx: AppContext, found: Suggestion, channel_id: int, message_id: int) -> None:
    await suggestions.set_card(ctx.db, found, channel_id, message_id)


def _as_form(found: Suggestion, fields: dict[str, str], by: int) -> QuestionFormRecord:
    """The suggestion as a form, for the messages that say what saving a form did."""
    return QuestionFormRecord(
        guild_id=found.guild_id,
        member_id=by,
        purpose=Purpose.APPROVE.value,
        pack_id=found.pack_id,
        locales=found.locales,
        fields=fields,
        suggestion_id=found.id,
    )
