"""Retention targets per pack, as `/settings retention: pack:` (a member's) and `/quiz settings
retention: pack:` (a server's default) set them: the pack looked up where the command is given,
the target saved or cleared, and the targets shown with the settings.

Which target decides a card is bot.quiz.review.targets'; docs/learning.md says it for members.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

from bot.app.kit.catalogue import tr
from bot.app.kit.command_text import command_text as _
from bot.app.kit.context import AppContext
from bot.app.kit.message_parts import pack_title
from bot.app.kit.pack_choices import chosen_pack, pack_choices
from bot.app.kit.places import server_of
from bot.app.kit.replies import say
from bot.quiz.packs.library import Library
from bot.quiz.review.retention import RETENTION_CHOICES
from bot.quiz.review.targets import CLEAR_TARGET
from bot.storage.settings import pack_retention

RETENTION_NAMES = {
    80: "choice.retention_80",
    85: "choice.retention_85",
    88: "choice.retention_88",
    92: "choice.retention_92",
    95: "choice.retention_95",
}
# The choices with a last one that clears: a pack's target, or the member's own.
TARGET_OPTIONS = [
    *(
        app_commands.Choice(name=_(RETENTION_NAMES[percent]), value=percent)
        for percent in RETENTION_CHOICES
    ),
    app_commands.Choice(name=_("choice.retention_default"), value=CLEAR_TARGET),
]


async def member_pack_choices(
    ctx: AppContext, interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """The packs seen here that the member has cards in."""
    known = (await ctx.shelf.view(server_of(interaction))).known
    begun = set(await pack_retention.packs_with_cards(ctx.db, interaction.user.id))
    packs = [pack for pack in known.packs.values() if pack.id in begun]
    return pack_choices(packs, interaction.locale.value, current)


async def server_pack_choices(
    ctx: AppContext, interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """The packs the server offers."""
    offered = (await ctx.shelf.view(interaction.guild_id)).offered
    return pack_choices(offered.packs.values(), interaction.locale.value, current)


async def set_member_target(
    ctx: AppContext, interaction: discord.Interaction[Any], typed: str | None, percent: int | None
) -> bool | None:
    """The member's target for the pack they typed, if they gave one: True once saved (or
    cleared), False once they are told why not (no retention with it, or no such pack here),
    None if they gave no pack (a retention alone is their own)."""
    if typed is None:
        return None
    if percent is None:
        await say(interaction, "settings.pack_retention_both")
        return False
    known = (await ctx.shelf.view(server_of(interaction))).known
    pack = await chosen_pack(interaction, known, typed)
    if pack is None:
        return False
    await pack_retention.set_member_pack_target(ctx.db, interaction.user.id, pack.id, percent)
    return True


async def set_server_default(
    ctx: AppContext, interaction: discord.Interaction[Any], typed: str | None, percent: int | None
) -> bool | None:
    """The server's default for a pack, if the command gave one: True once saved, False once
    the moderator is told why not (half of the pair, or no such pack), None if not asked."""
    if typed is None and percent is None:
        return None
    if typed is None or percent is None or interaction.guild_id is None:
        await say(interaction, "settings.pack_retention_both")
        return False
    known = (await ctx.shelf.view(interaction.guild_id)).known
    pack = await chosen_pack(interaction, known, typed)
    if pack is None:
        return False
    await pack_retention.set_server_pack_default(
        ctx.db, interaction.guild_id, pack.id, percent, by=interaction.user.id
    )
    return True


def targets_text(targets: Mapping[str, int], library: Library, locale: str) -> str:
    """One line a pack: its title and target; those of packs not seen here are left out."""
    lines = [
        tr(
            locale,
            "settings.pack_retention_line",
            pack=pack_title(pack, pack_id, locale),
            percent=percent,
        )
        for pack_id, percent in sorted(targets.items())
        if (pack := library.get(pack_id)) is not None
    ]
    return "\n".join(lines) or tr(locale, "settings.pack_retention_none")


async def add_member_targets(
    ctx: AppContext, interaction: discord.Interaction[Any], embed: discord.Embed
) -> discord.Embed:
    """The member's settings with their pack targets."""
    locale = interaction.locale.value
    known = (await ctx.shelf.view(server_of(interaction))).known
    targets = await pack_retention.member_pack_targets(ctx.db, interaction.user.id)
    return embed.add_field(
        name=tr(locale, "settings.member.pack_retention"),
        value=targets_text(targets, known, locale),
        inline=False,
    )


async def add_server_defaults(
    ctx: AppContext, guild_id: int, locale: str, embed: discord.Embed
) -> discord.Embed:
    """The server's settings with its pack defaults."""
    known = (await ctx.shelf.view(guild_id)).known
    defaults = await pack_retention.server_pack_defaults(ctx.db, guild_id)
    return embed.add_field(
        name=tr(locale, "settings.pack_retention"),
        value=targets_text(defaults, known, locale),
        inline=False,
    )
