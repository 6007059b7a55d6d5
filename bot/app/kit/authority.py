"""The Discord side of bot/quiz/authority.py: a member's standing and a role's facts read off
discord.py's objects, the setter looked up again over REST when the bot acts (no members intent,
so no member cache), and a refusal said in the reader's language.

A reward may carry only what Discord lets an ordinary member do (``MEMBER_PERMISSIONS``): a
list of what is allowed, not of what is not, so a permission Discord adds later is refused
until someone decides it is harmless.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.app.kit.catalogue import tr
from bot.quiz import authority
from bot.quiz.authority import Refusal, RoleFacts, Standing

MEMBER_PERMISSIONS = discord.Permissions(
    create_instant_invite=True,
    add_reactions=True,
    stream=True,
    view_channel=True,
    send_messages=True,
    send_tts_messages=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
    external_emojis=True,
    connect=True,
    speak=True,
    use_voice_activation=True,
    change_nickname=True,
    use_application_commands=True,
    request_to_speak=True,
    create_public_threads=True,
    create_private_threads=True,
    external_stickers=True,
    send_messages_in_threads=True,
    use_embedded_activities=True,
    use_soundboard=True,
    use_external_sounds=True,
    send_voice_messages=True,
    send_polls=True,
    use_external_apps=True,
    set_voice_channel_status=True,
)


def elevated_names(permissions: discord.Permissions) -> tuple[str, ...]:
    """The permissions beyond a member's, by discord.py's names ("unknown" for bits it does not
    know yet)."""
    beyond = permissions.value & ~MEMBER_PERMISSIONS.value
    names = tuple(name for name, on in discord.Permissions(beyond) if on)
    known = sum(getattr(discord.Permissions, name).flag for name in names)
    return (*names, "unknown") if beyond & ~known else names


def role_facts(role: discord.Role, *, mention: bool = True) -> RoleFacts:
    """The role as the server has it now; shown as a mention, or (in a DM, where a mention of
    a server's role shows as "@unknown-role") as its name."""
    return RoleFacts(
        mention=role.mention if mention else f"@{role.name}",
        position=role.position,
        mentionable=role.mentionable,
        elevated=elevated_names(role.permissions),
    )


def standing_of(
    member: discord.Member, channel: discord.abc.GuildChannel | None = None
) -> Standing:
    """What ``member`` could do: in ``channel`` (where a ping goes), else anywhere in the server."""
    allowed = channel.permissions_for(member) if channel is not None else member.guild_permissions
    return Standing(
        owner=member.guild.owner_id == member.id,
        manage_roles=member.guild_permissions.manage_roles,
        mention_everyone=allowed.mention_everyone,
        top_position=member.top_role.position,
    )


def interaction_standing(interaction: discord.Interaction[Any]) -> Standing | None:
    """The standing of the member who sent the interaction, as Discord sent them."""
    member = interaction.user
    return standing_of(member) if isinstance(member, discord.Member) else None


async def setter_standing(
    guild: discord.Guild,
    setter_id: int | None,
    channel: discord.abc.GuildChannel | None = None,
) -> Standing | None:
    """The setter's standing now, read over REST; None if unknown or no longer a member."""
    if setter_id is None:
        return None
    try:
        member = await guild.fetch_member(setter_id)
    except discord.NotFound:
        return None
    return standing_of(member, channel)


def refusal_text(locale: str | None, refusal: Refusal) -> str:
    """The refusal in ``locale``, its permissions named as Discord's settings name them."""
    key, params = refusal
    names = params.get("permissions")
    if isinstance(names, tuple):
        shown = ", ".join(tr(locale, f"permission.{name}") for name in names)
        params = {**params, "permissions": shown}
    return tr(locale, key, **params)


def refused(interaction: discord.Interaction[Any], refusal: Refusal) -> Refusal:
    """A refusal of a setting, as the member who made it is told: what is missing, and that
    nothing was changed."""
    return "authority.refused", {"why": refusal_text(interaction.locale.value, refusal)}


def ping_choice_refusal(
    interaction: discord.Interaction[Any],
    role: discord.Role,
    channel: discord.abc.GuildChannel | None = None,
) -> Refusal | None:
    """Why the member may not choose ``role`` as a round's ping (in ``channel``, else any of the
    server's); None if they may."""
    member = interaction.user
    standing = standing_of(member, channel) if isinstance(member, discord.Member) else None
    why = authority.ping_refusal(standing, role_facts(role))
    return refused(interaction, why) if why is not None else None
