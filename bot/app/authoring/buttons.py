"""The question form's buttons, and its modals' submissions, routed like every persistent
button (bot/app/kit/buttons.py), so a form goes on across a restart.

Each carries only the form's token; the form is found by the token together with the member and the
server the interaction comes from (bot/storage/authoring/question_forms.py), and the member must
still be a moderator there. A button acts only from the form's own reply message (Discord's copy of
it carries that button), a submission only as a modal's submission."""

from __future__ import annotations

import re
from typing import Any, Self

import discord

from bot.app.authoring import desk
from bot.app.authoring.messages import Act, Action, Reply, progress_reply, saved_text
from bot.app.authoring.modals import StepModal
from bot.app.authoring.submissions import attached_picture, submitted_values
from bot.app.authoring.suggestion_buttons import save_suggestion_form
from bot.app.kit.button_origin import refuse, refused_here
from bot.app.kit.buttons import PersistentButton
from bot.app.kit.catalogue import tr
from bot.app.kit.context import ctx_of
from bot.app.kit.custom_ids import FORM_CANCEL, FORM_MODAL, FORM_SAVE, FORM_STEP
from bot.app.kit.limits import fit_content
from bot.app.kit.permissions import is_moderator
from bot.app.kit.posted_messages import custom_ids
from bot.app.kit.replies import say
from bot.quiz.authoring.question_form import Step, StepKind, step_fields
from bot.quiz.reader.pictures import MAX_PICTURE_BYTES
from bot.storage.authoring.question_forms import QuestionFormRecord

_TOKEN = r"(?P<token>[A-Za-z0-9_-]{16})"  # noqa: S105  # a pattern, no secret
FORM_PREFIXES = tuple(f"{prefix}:" for prefix in (FORM_STEP, FORM_SAVE, FORM_CANCEL))
_STEP = r"(?P<step>[a-z]{4,7}(?:\.[A-Za-z-]{2,6})?)"


def view_of(reply: Reply, token: str) -> discord.ui.View:
    """The reply's buttons, each carrying the form's token."""
    view = discord.ui.View(timeout=None)
    for action in reply.actions:
        view.add_item(_button(action, token))
    return view


def _button(action: Action, token: str) -> PersistentButton:
    if action.act is Act.STEP and action.step is not None:
        return StepButton(token, action.step, action.label, action.style)
    if action.act is Act.SAVE:
        return SaveButton(token, action.label, action.style)
    return CancelButton(token, action.label, action.style)


async def own_form(
    interaction: discord.Interaction[Any], token: str, kind: discord.InteractionType
) -> QuestionFormRecord | None:
    """The member's form of ``token`` here, once the interaction is of ``kind``, from a
    moderator, and (a click) from the form's own reply; else None, once the member is told."""
    ctx = ctx_of(interaction)
    if await refused_here(interaction, kind) or interaction.guild_id is None:
        return None
    form = await desk.find_form(ctx, token, interaction.guild_id, interaction.user.id)
    if form is None:
        await say(interaction, "forms.gone")
        return None
    # A member's own suggestion needs no moderator; every other form changes a pack.
    if form.purpose != desk.Purpose.SUGGEST and not await is_moderator(ctx.db, interaction):
        await say(interaction, "errors.not_moderator")
        return None
    return form


def from_form_reply(interaction: discord.Interaction[Any]) -> bool:
    """Whether the interaction came from the form's own reply (a button of it, or a modal it
    opened), which is then updated; else (a command, a suggestion's card) a new one is sent."""
    message = interaction.message
    return message is not None and any(
        custom_id.startswith(FORM_PREFIXES) for custom_id in custom_ids(message)
    )


async def show(interaction: discord.Interaction[Any], reply: Reply, token: str) -> None:
    """The form's reply: a new private message, or the one whose button led here, updated."""
    content, view = fit_content(reply.content), view_of(reply, token)
    if from_form_reply(interaction):
        await interaction.response.edit_message(content=content, embed=reply.embed, view=view)
    elif reply.embed is not None:
        await interaction.response.send_message(
            content=content, embed=reply.embed, view=view, ephemeral=True
        )
    else:
        await interaction.response.send_message(content=content, view=view, ephemeral=True)


class StepButton(PersistentButton, pattern=re.compile(f"{FORM_STEP}:{_TOKEN}:{_STEP}")):
    """Opens a step's modal, filled in with what the form holds: "Continue", "Fix and
    resubmit", or a step to go back to."""

    def __init__(
        self,
        token: str,
        step: Step,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        super().__init__(f"{FORM_STEP}:{token}:{step.name}", label, style)
        self.token, self.step = token, step

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(match["token"], Step.named(match["step"]), "?")

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        form = await own_form(interaction, self.token, discord.InteractionType.component)
        if form is None:
            return
        if self.step not in (*desk.form_steps(form), *desk.optional_steps(form)):
            await refuse(interaction)
            return
        modal = StepModal(
            form.token, self.step, form.locales, form.fields, interaction.locale.value
        )
        await interaction.response.send_modal(modal)


class SaveButton(PersistentButton, pattern=re.compile(f"{FORM_SAVE}:{_TOKEN}")):
    """Saves the form's change to its pack (or removes the question of a removal form)."""

    def __init__(
        self, token: str, label: str, style: discord.ButtonStyle = discord.ButtonStyle.success
    ) -> None:
        super().__init__(f"{FORM_SAVE}:{token}", label, style)
        self.token = token

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(match["token"], "?")

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        form = await own_form(interaction, self.token, discord.InteractionType.component)
        if form is None:
            return
        await interaction.response.defer()  # the loader checks the pack in a worker: seconds
        reader = interaction.locale.value
        if form.purpose in {desk.Purpose.SUGGEST, desk.Purpose.APPROVE}:
            why = await save_suggestion_form(interaction, form)
            if why is not None:
                await _show_again(interaction, form, why)
            return
        saved = await desk.save_form(ctx_of(interaction), form, interaction.user.id)
        text = saved_text(saved, reader)
        stored = saved.uploaded is not None and saved.uploaded.stored
        if stored or form.purpose == desk.Purpose.REMOVE:
            await interaction.edit_original_response(
                content=fit_content(text), embed=None, view=None
            )
            return
        await _show_again(interaction, form, text)


async def _show_again(
    interaction: discord.Interaction[Any], form: QuestionFormRecord, why: str
) -> None:
    """A form not saved: why not, above the form as it was, to be fixed and saved again."""
    again = progress_reply(desk.progress(form), interaction.locale.value)
    content = fit_content(f"{why}\n\n{again.content}")
    await interaction.edit_original_response(
        content=content, embed=again.embed, view=view_of(again, form.token)
    )


class CancelButton(PersistentButton, pattern=re.compile(f"{FORM_CANCEL}:{_TOKEN}")):
    def __init__(
        self, token: str, label: str, style: discord.ButtonStyle = discord.ButtonStyle.secondary
    ) -> None:
        super().__init__(f"{FORM_CANCEL}:{token}", label, style)
        self.token = token

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(match["token"], "?")

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        form = await own_form(interaction, self.token, discord.InteractionType.component)
        if form is None:
            return
        await desk.cancel_form(ctx_of(interaction), form)
        text = tr(interaction.locale.value, "forms.cancelled")
        await interaction.response.edit_message(content=text, embed=None, view=None)


class FormSubmitted(PersistentButton, pattern=re.compile(f"{FORM_MODAL}:{_TOKEN}:{_STEP}")):
    """A step's modal submitted: what it holds is kept, checked, and the reply says what next.
    Never shown as a button; the router finds it by the modal's custom_id."""

    def __init__(self, token: str, step: Step) -> None:
        super().__init__(f"{FORM_MODAL}:{token}:{step.name}", "?")
        self.token, self.step = token, step

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(match["token"], Step.named(match["step"]))

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        form = await own_form(interaction, self.token, discord.InteractionType.modal_submit)
        if form is None:
            return
        fields = step_fields(self.step, form.locales, form.fields)
        values = submitted_values(interaction.data or {}, fields)
        if self.step.kind is StepKind.PICTURE:
            await _take_picture_step(interaction, form, self.step, values)
            return
        progress = await desk.take_step(ctx_of(interaction), form, self.step, values)
        if progress is None:
            await say(interaction, "forms.gone")
            return
        await show(interaction, progress_reply(progress, interaction.locale.value), form.token)


async def _take_picture_step(
    interaction: discord.Interaction[Any],
    form: QuestionFormRecord,
    step: Step,
    values: dict[str, str],
) -> None:
    """The picture step: its file fetched (a picture over the limit is not), after a deferral,
    since fetching may outlast Discord's 3 s."""
    ephemeral = not from_form_reply(interaction)  # from a command or a card: a new reply
    await interaction.response.defer(ephemeral=ephemeral, thinking=ephemeral)
    attached = attached_picture(interaction.data or {})
    picture = None
    if attached is not None:
        data = b""
        if attached.size <= MAX_PICTURE_BYTES:  # as Discord gives it, before fetching
            data = await interaction.client.http.get_from_cdn(attached.url)
        picture = desk.UploadedPicture(max(attached.size, len(data)), data)
    progress = await desk.take_step(ctx_of(interaction), form, step, values, picture)
    if progress is None:
        await say(interaction, "forms.gone")
        return
    reply = progress_reply(progress, interaction.locale.value)
    await interaction.edit_original_response(
        content=fit_content(reply.content), embed=reply.embed, view=view_of(reply, form.token)
    )
