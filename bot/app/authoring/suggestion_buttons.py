"""The suggestions' buttons: Approve, Edit and Reject on a suggestion's card (in a moderator's
private queue, and in the server's suggestions channel), Next in the queue, and the Reject
modal's submission; routed like every persistent button, so they work after a restart.

Each carries only the suggestion's id. A click counts only from a message Discord says carries
that button, from a moderator of the server, for a suggestion of that server: an id alone
reaches nothing. Whoever decides, the author is told once by DM, and the channel's card shows
the decision."""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from typing import Any, ClassVar, Self

import discord

from bot.app.authoring import desk, suggestion_desk
from bot.app.authoring.modals import StepModal
from bot.app.authoring.suggestion_messages import approval_text, card, queue_text, sent_text
from bot.app.authoring.suggestion_notices import show_decision_on_card, tell_author
from bot.app.kit.button_origin import refuse, refused_here
from bot.app.kit.buttons import PersistentButton
from bot.app.kit.catalogue import tr
from bot.app.kit.context import ctx_of
from bot.app.kit.custom_ids import (
    SUGGEST_APPROVE,
    SUGGEST_EDIT,
    SUGGEST_NEXT,
    SUGGEST_REJECT,
    SUGGEST_REJECTED,
)
from bot.app.kit.limits import CONTENT, LABEL, MODAL_TITLE, fit_text
from bot.app.kit.permissions import is_moderator
from bot.app.kit.public_locale import public_locale
from bot.app.kit.replies import say
from bot.app.kit.retry import describe
from bot.quiz.authoring.suggestions import REASON_LIMIT, Status, reason_problem
from bot.storage.authoring.question_forms import QuestionFormRecord
from bot.storage.authoring.suggestions import Suggestion
from bot.storage.settings import settings

log = logging.getLogger(__name__)

_ID = r"(?P<id>[0-9]{1,19})"
REASON = "reason"


async def moderated(
    interaction: discord.Interaction[Any],
    suggestion_id: int,
    kind: discord.InteractionType = discord.InteractionType.component,
) -> Suggestion | None:
    """The server's suggestion of that id, once the interaction is of ``kind``, from a
    moderator, and (a click) from a message carrying the button; else None, once told."""
    if await refused_here(interaction, kind) or interaction.guild_id is None:
        return None
    ctx = ctx_of(interaction)
    if not await is_moderator(ctx.db, interaction):
        await say(interaction, "errors.not_moderator")
        return None
    found = await suggestion_desk.find(ctx, interaction.guild_id, suggestion_id)
    if found is None:
        await refuse(interaction)
    return found


class _Carried:
    """A suggestion's button, whose custom_id is its prefix and the suggestion's id (a mixin, so
    that only the buttons themselves are persistent buttons)."""

    prefix: ClassVar[str] = ""

    def __init__(
        self,
        suggestion_id: int,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        super().__init__(f"{self.prefix}:{suggestion_id}", label, style)  # type: ignore[call-arg]
        self.suggestion_id = suggestion_id

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(int(match["id"]), "?")


class ApproveButton(_Carried, PersistentButton, pattern=re.compile(f"{SUGGEST_APPROVE}:{_ID}")):
    prefix = SUGGEST_APPROVE

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        found = await moderated(interaction, self.suggestion_id)
        if found is None:
            return
        await interaction.response.defer()  # the pack is checked in a worker: seconds
        approval = await suggestion_desk.approve(ctx_of(interaction), found, interaction.user.id)
        text = approval_text(approval, interaction.locale.value)
        await after_decision(interaction, approval.suggestion, text, decided=approval.approved)


class EditButton(_Carried, PersistentButton, pattern=re.compile(f"{SUGGEST_EDIT}:{_ID}")):
    """Opens the suggestion in the moderator's own form; saving it approves it as edited."""

    prefix = SUGGEST_EDIT

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        found = await moderated(interaction, self.suggestion_id)
        if found is None:
            return
        form = await suggestion_desk.open_edit(ctx_of(interaction), found, interaction.user.id)
        reader = interaction.locale.value
        step = desk.first_step(form)
        await interaction.response.send_modal(
            StepModal(form.token, step, form.locales, form.fields, reader)
        )


class RejectButton(_Carried, PersistentButton, pattern=re.compile(f"{SUGGEST_REJECT}:{_ID}")):
    """Asks for the reason (optional), which the author is told."""

    prefix = SUGGEST_REJECT

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        found = await moderated(interaction, self.suggestion_id)
        if found is not None:
            await interaction.response.send_modal(RejectModal(found.id, interaction.locale.value))


class NextButton(_Carried, PersistentButton, pattern=re.compile(f"{SUGGEST_NEXT}:{_ID}")):
    """The queue's next waiting suggestion after this one (the first again after the last)."""

    prefix = SUGGEST_NEXT

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        if await moderated(interaction, self.suggestion_id) is None:
            return
        content, embed, view = await queue_view(interaction, after=self.suggestion_id)
        await interaction.response.edit_message(content=content, embed=embed, view=view)


class RejectModal(discord.ui.Modal):
    """The reason for a rejection; its submission reaches the router (``RejectSubmitted``), so
    it is never kept in discord.py's view store."""

    def __init__(self, suggestion_id: int, reader: str) -> None:
        title = fit_text(tr(reader, "suggest.reject_title", number=suggestion_id), MODAL_TITLE)
        super().__init__(title=title, custom_id=f"{SUGGEST_REJECTED}:{suggestion_id}")
        reason: discord.ui.TextInput[RejectModal] = discord.ui.TextInput(
            custom_id=REASON,
            style=discord.TextStyle.paragraph,
            required=False,
            max_length=REASON_LIMIT,
        )
        label = fit_text(tr(reader, "suggest.reject_reason"), LABEL)
        self.add_item(discord.ui.Label(text=label, component=reason))
        self.stop()


class RejectSubmitted(_Carried, PersistentButton, pattern=re.compile(f"{SUGGEST_REJECTED}:{_ID}")):
    """The Reject modal submitted. Never shown as a button."""

    prefix = SUGGEST_REJECTED

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        kind = discord.InteractionType.modal_submit
        found = await moderated(interaction, self.suggestion_id, kind)
        if found is None:
            return
        reason = submitted_reason(interaction.data or {})
        refused = reason_problem(reason)
        if refused is not None:
            await say(interaction, "suggest.reason_refused", character=refused)
            return
        await interaction.response.defer()
        ctx, by = ctx_of(interaction), interaction.user.id
        decided, mine = await suggestion_desk.reject(ctx, found, by, reason.strip() or None)
        text = tr(interaction.locale.value, "suggest.done_rejected")
        await after_decision(interaction, decided, text, decided=mine)


def submitted_reason(data: Mapping[str, Any]) -> str:
    """The reason typed in the Reject modal, "" when missing or malformed, at most its limit."""
    for component in data.get("components") or []:
        inner = component.get("component") if isinstance(component, dict) else None
        if isinstance(inner, dict) and inner.get("custom_id") == REASON:
            value = inner.get("value")
            return value[:REASON_LIMIT] if isinstance(value, str) else ""
    return ""


def card_view(found: Suggestion, reader: str, *, queue: bool = False) -> discord.ui.View:
    """Approve, Edit and Reject (and in the queue, Next)."""
    view = discord.ui.View(timeout=None)
    view.add_item(ApproveButton(found.id, tr(reader, "forms.approve"), discord.ButtonStyle.success))
    view.add_item(EditButton(found.id, tr(reader, "suggest.edit")))
    view.add_item(RejectButton(found.id, tr(reader, "suggest.reject"), discord.ButtonStyle.danger))
    if queue:
        view.add_item(NextButton(found.id, tr(reader, "suggest.next")))
    return view


async def queue_view(
    interaction: discord.Interaction[Any], *, after: int = 0, done: str = ""
) -> tuple[str, discord.Embed | None, discord.ui.View | None]:
    """The moderator's queue: the next waiting suggestion after ``after``, with its buttons."""
    reader = interaction.locale.value
    found, count = await suggestion_desk.waiting(
        ctx_of(interaction), interaction.guild_id or 0, after
    )
    content = fit_text(queue_text(count, reader, done), CONTENT)
    if found is None:
        return content, None, None
    return content, card(found, reader), card_view(found, reader, queue=count > 1)


async def post_card(interaction: discord.Interaction[Any], found: Suggestion) -> None:
    """The new suggestion's card in the server's suggestions channel, if it has one, in the
    server's language; a channel the bot cannot post in is logged (the queue has it still)."""
    ctx = ctx_of(interaction)
    channel_id = (await settings.guild_settings(ctx.db, found.guild_id)).suggestions_channel_id
    if channel_id is None:
        return
    view = await ctx.shelf.view(found.guild_id)
    reader = await public_locale(
        interaction.client, ctx.db, found.guild_id, view.known.get(found.pack_id)
    )
    channel = interaction.client.get_partial_messageable(channel_id, guild_id=found.guild_id)
    try:
        message = await channel.send(
            tr(reader, "suggest.card_new"), embed=card(found, reader), view=card_view(found, reader)
        )
    except discord.HTTPException as refused:
        log.info("suggestion %s: no card in <#%s> (%s)", found.id, channel_id, describe(refused))
        return
    await suggestion_desk.set_card(ctx, found, channel_id, message.id)


async def after_decision(
    interaction: discord.Interaction[Any], found: Suggestion, done: str, *, decided: bool
) -> None:
    """After a deferred decision: the reply it came from updated (a channel card shows the
    decision; the queue, its next suggestion), and, for a decision just made, the author told
    and the channel's card updated wherever the decision came from."""
    reader = interaction.locale.value
    on_card = interaction.message is not None and interaction.message.id == found.card_message_id
    if on_card and found.status in {Status.APPROVED, Status.REJECTED}:
        await interaction.edit_original_response(
            content=tr(reader, "suggest.card_decided"), embed=card(found, reader), view=None
        )
        await interaction.followup.send(fit_text(done, CONTENT), ephemeral=True)
    elif on_card:
        await interaction.followup.send(fit_text(done, CONTENT), ephemeral=True)
    else:
        content, embed, view = await queue_view(interaction, after=found.id, done=done)
        await interaction.edit_original_response(content=content, embed=embed, view=view)
    if not decided:
        return
    ctx = ctx_of(interaction)
    server = interaction.guild.name if interaction.guild is not None else ""
    await tell_author(interaction.client, ctx.db, found, server, ctx.clock.now())
    if not on_card:
        await show_decision_on_card(interaction.client, found, reader)


async def save_suggestion_form(
    interaction: discord.Interaction[Any], form: QuestionFormRecord
) -> str | None:
    """Save on a member's suggestion form (it is sent to the queue) or on a moderator's edit of
    one (it is approved as edited), after the deferral; for a form not saved, which stays as it
    was, why not."""
    ctx, reader = ctx_of(interaction), interaction.locale.value
    if form.purpose == desk.Purpose.SUGGEST:
        sent = await suggestion_desk.send_form(ctx, form, reader)
        if sent.suggestion is None:
            return sent_text(sent, reader)
        content = fit_text(sent_text(sent, reader), CONTENT)
        await interaction.edit_original_response(content=content, embed=None, view=None)
        await post_card(interaction, sent.suggestion)
        return None
    approval = await suggestion_desk.approve_edited(ctx, form, interaction.user.id)
    if approval is None:
        gone = tr(reader, "suggest.gone")
        await interaction.edit_original_response(content=gone, embed=None, view=None)
        return None
    if not approval.approved and approval.saved is not None:
        return approval_text(approval, reader)
    text = approval_text(approval, reader)
    await after_decision(interaction, approval.suggestion, text, decided=approval.approved)
    return None


SUGGESTION_BUTTONS = (ApproveButton, EditButton, RejectButton, NextButton, RejectSubmitted)
