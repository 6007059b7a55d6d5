"""The Confirm and Cancel buttons of an upload's preview. Their custom_ids name the held upload
(bot/storage/packs/pending_uploads.py), which is in the database: they work after a restart. A
click acts only for the moderator who uploaded, in the server they uploaded to, while the
upload is held; otherwise the preview says it expired, and nothing else changes."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.app.kit.button_origin import carried, refuse
from bot.app.kit.buttons import PersistentButton
from bot.app.kit.catalogue import tr
from bot.app.kit.context import ctx_of
from bot.app.kit.custom_ids import UPLOAD_CANCEL, UPLOAD_CONFIRM
from bot.app.kit.limits import fit_content
from bot.app.kit.permissions import moderated_guild
from bot.app.packs.messages import upload_text
from bot.app.packs.uploads import Held, cancel_upload, confirm_upload
from bot.storage.packs.pending_uploads import PREVIEW_S


class ConfirmUploadButton(
    PersistentButton, pattern=re.compile(rf"{UPLOAD_CONFIRM}:(?P<token>[0-9a-f]{{16}})")
):
    def __init__(self, token: str, label: str = "✓") -> None:
        self.token = token
        super().__init__(f"{UPLOAD_CONFIRM}:{token}", label, discord.ButtonStyle.success)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ConfirmUploadButton:
        return cls(match["token"])

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        guild_id = await _here(interaction, self.custom_id)
        if guild_id is None:
            return
        outcome = await confirm_upload(
            ctx_of(interaction), self.token, guild_id=guild_id, member_id=interaction.user.id
        )
        if outcome is Held.NOT_HERE:
            await refuse(interaction)
        elif outcome is Held.GONE:
            await _settle(
                interaction, tr(interaction.locale.value, "upload.expired", minutes=MINUTES)
            )
        else:
            await _settle(interaction, upload_text(outcome, interaction.locale.value))


class CancelUploadButton(
    PersistentButton, pattern=re.compile(rf"{UPLOAD_CANCEL}:(?P<token>[0-9a-f]{{16}})")
):
    def __init__(self, token: str, label: str = "✗") -> None:
        self.token = token
        super().__init__(f"{UPLOAD_CANCEL}:{token}", label, discord.ButtonStyle.secondary)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> CancelUploadButton:
        return cls(match["token"])

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        guild_id = await _here(interaction, self.custom_id)
        if guild_id is None:
            return
        outcome = await cancel_upload(
            ctx_of(interaction), self.token, guild_id=guild_id, member_id=interaction.user.id
        )
        locale = interaction.locale.value
        if outcome is Held.NOT_HERE:
            await refuse(interaction)
        elif outcome is Held.GONE:
            await _settle(interaction, tr(locale, "upload.expired", minutes=MINUTES))
        else:
            await _settle(interaction, tr(locale, "upload.cancelled"))


UPLOAD_BUTTONS = (ConfirmUploadButton, CancelUploadButton)
MINUTES = PREVIEW_S // 60


def preview_buttons(token: str, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmUploadButton(token, tr(locale, "upload.confirm")))
    view.add_item(CancelUploadButton(token, tr(locale, "upload.cancel")))
    return view


async def _here(interaction: discord.Interaction[Any], custom_id: str) -> int | None:
    """The server, for a moderator's click on a preview that carries this button (a custom_id
    sent from any other message is refused: it must not edit that message)."""
    if not carried(interaction, custom_id):
        await refuse(interaction)
        return None
    return await moderated_guild(interaction)


async def _settle(interaction: discord.Interaction[Any], text: str) -> None:
    """The preview, in place, becomes what became of it: no question and no buttons are left."""
    await interaction.response.edit_message(content=fit_content(text), embed=None, view=None)
