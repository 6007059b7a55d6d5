"""Answering interactions: private replies, and a reply with an error id when anything fails.

Every reply is fitted to Discord's limits here, so no text can turn it into a 400."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.app.kit import metrics
from bot.app.kit.ack_deadline import settle_deferral
from bot.app.kit.catalogue import tr
from bot.app.kit.limits import fit_content, fit_embed

log = logging.getLogger(__name__)


async def reply(
    interaction: discord.Interaction[Any],
    content: str | None = None,
    *,
    embed: discord.Embed | None = None,
    embeds: list[discord.Embed] | None = None,
    view: discord.ui.View | None = None,
    file: discord.File | None = None,
    files: list[discord.File] | None = None,
    ephemeral: bool = True,
) -> None:
    """The first response if none was sent yet, else a followup."""
    await settle_deferral(interaction)
    kwargs: dict[str, Any] = {"content": fit_content(content), "ephemeral": ephemeral}
    if embed is not None:
        kwargs["embed"] = fit_embed(embed)
    if embeds:
        kwargs["embeds"] = [fit_embed(each) for each in embeds]
    if view is not None:
        kwargs["view"] = view
    if file is not None:
        kwargs["file"] = file
    if files:
        kwargs["files"] = files
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)


async def say(interaction: discord.Interaction[Any], key: str, /, **params: object) -> None:
    """A private reply in the member's own language."""
    await reply(interaction, tr(interaction.locale.value, key, **params))


async def report_failure(
    interaction: discord.Interaction[Any], error: BaseException, key: str = "errors.failed"
) -> None:
    """Logs the error under a short id and tells the member, privately, with that id."""
    error_id = secrets.token_hex(4)
    metrics.INTERACTIONS_FAILED.inc()
    log.error("interaction %s failed [error %s]", interaction.id, error_id, exc_info=error)
    try:
        await reply(interaction, tr(interaction.locale.value, key, error_id=error_id))
    except discord.HTTPException:
        log.warning("could not tell the member about error %s", error_id)


async def guarded(
    interaction: discord.Interaction[Any],
    handler: Callable[[], Awaitable[None]],
    failure_key: str = "errors.failed",
) -> None:
    """Runs a component handler so that a failure still gets the member a reply."""
    try:
        await handler()
    except Exception as error:  # noqa: BLE001  # any failure must still answer the member
        await report_failure(interaction, error, failure_key)
