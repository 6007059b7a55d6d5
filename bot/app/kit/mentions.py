"""Whom the bot's messages may notify: nobody, except the role a server chose to be pinged when
a round starts (``/quiz settings ping_role``), once, by the start card.

Pack texts are written by anyone and may hold ``@everyone``, ``@here``, ``<@&role>`` or
``<@user>``; the bot's own ``<@member>`` ("Started by", the fastest, the standings) should read
as names, not ping those members on every question. The client's default (bot/app/runtime/client.py)
is NOBODY, which discord.py applies to every send, interaction response, followup and webhook
edit, but to the edit of a channel message only when the edit changes its content: an edit of
a layout or an embed alone would go without, and Discord would then parse every mention in it
(an edit notifies nobody, but its mention fields would name them). So the round's edits pass
NOBODY themselves.
"""

from __future__ import annotations

from typing import Any

import discord

NOBODY = discord.AllowedMentions.none()


def start_card_mentions(ping_role_id: int | None) -> discord.AllowedMentions:
    """The start card may notify the ping role, and nobody else."""
    if ping_role_id is None:
        return NOBODY
    return discord.AllowedMentions(
        everyone=False, users=False, roles=[discord.Object(ping_role_id)], replied_user=False
    )


def ping_role_of(guild: discord.Guild | None, ping_role_id: int | None) -> int | None:
    """The configured ping role, if the server still has it (a deleted role pings nobody and
    would show as "@deleted-role")."""
    if guild is None or ping_role_id is None or guild.get_role(ping_role_id) is None:
        return None
    return ping_role_id


def ping_role_unreachable(interaction: discord.Interaction[Any], ping_role_id: int | None) -> bool:
    """Whether the bot's mention of the ping role would notify nobody in the interaction's
    channel: a role that is not mentionable needs Mention @everyone, @here, and All Roles."""
    guild = interaction.guild
    role = guild.get_role(ping_role_id) if guild is not None and ping_role_id else None
    if role is None:
        return False
    return not (role.mentionable or interaction.app_permissions.mention_everyone)
