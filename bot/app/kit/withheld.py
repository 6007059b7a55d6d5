"""What the bot does not do when the time comes (bot/quiz/authority.py): a ping of a role that
is no longer mentionable, chosen by someone who may not ping it, or by no one known. The role
is checked as Discord has it now and the setter read again over REST; what is withheld is
recorded once per server, kind and role (bot/storage/rewards/withheld.py), and its setter (or, when
they are gone, the server's owner) is told once by DM, never again until the setting is made
anew: a warning, not a retry loop.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

import discord

from bot.app.kit.authority import refusal_text, role_facts, setter_standing
from bot.app.kit.catalogue import tr
from bot.app.kit.command_text import command_as_shown
from bot.app.kit.limits import CONTENT, fit_text
from bot.app.kit.retry import describe
from bot.quiz import authority
from bot.quiz.authority import Refusal
from bot.storage.database import Database
from bot.storage.rewards import withheld
from bot.storage.settings import settings

log = logging.getLogger(__name__)

# What each kind of withheld setting is told with, and the command that makes it again.
_TOLD = {
    withheld.REWARD: ("authority.withheld_reward", "quiz settings"),
    withheld.PING: ("authority.withheld_ping", "quiz settings"),
    withheld.SCHEDULE_PING: ("authority.withheld_ping", "quiz schedule add"),
}


@dataclass(frozen=True, slots=True)
class Choice:
    """A role someone chose for the bot to act on, who chose it (None: not known), and where
    (bot/storage/rewards/withheld.py's kinds)."""

    role_id: int | None
    setter_id: int | None
    kind: str = withheld.PING


async def permitted_ping(
    client: discord.Client, db: Database, place: tuple[int, int], ping: Choice, now: datetime
) -> int | None:
    """The role a round about to start at ``place`` (server, channel) may ping: the chosen one
    if the server still has it and it is mentionable, or its setter may still ping it there;
    else None."""
    guild_id, channel_id = place
    guild = client.get_guild(guild_id)
    role_id, setter_id = ping.role_id, ping.setter_id
    role = guild.get_role(role_id) if guild is not None and role_id is not None else None
    if guild is None or role is None:
        return None  # a deleted role pings nobody and would show as "@deleted-role"
    facts = role_facts(role, mention=False)
    if facts.mentionable:
        return role.id  # anyone may ping it: no setter to read
    try:
        setter = await setter_standing(guild, setter_id, guild.get_channel(channel_id))
    except discord.HTTPException as failed:  # not known whether they may: no ping
        log.info(
            "ping role %s of server %s: setter not read (%s)", role.id, guild.id, describe(failed)
        )
        return None
    refusal = authority.ping_refusal(setter, facts)
    if refusal is None:
        return role.id
    told = ping.setter_id if setter is not None else guild.owner_id
    await tell_once(client, db, (ping.kind, role), (told, refusal), now)
    return None


async def tell_once(
    client: discord.Client,
    db: Database,
    what: tuple[str, discord.Role],
    why: tuple[int | None, Refusal],
    now: datetime,
) -> None:
    """Records that the role was withheld (``what``: its kind and the role); the first time,
    DMs ``why``'s member (the setter, or the owner when the setter is gone) its refusal."""
    kind, role = what
    recipient, refusal = why
    guild = role.guild
    if not await withheld.first_notice(db, guild.id, kind, role.id, reason=refusal[0], now=now):
        return
    log.warning("%s role %s of server %s withheld (%s)", kind, role.id, guild.id, refusal[0])
    if recipient is None:
        return
    locale = (await settings.member_settings(db, recipient)).dm_locale
    key, command = _TOLD[kind]
    text = tr(
        locale,
        key,
        server=guild.name,
        role=f"@{role.name}",
        why=refusal_text(locale, refusal),
        command=command_as_shown(locale, command),
    )
    try:
        channel = await client.create_dm(discord.Object(recipient))
        await channel.send(fit_text(text, CONTENT))
    except discord.HTTPException as refused:  # DMs closed: recorded, and in the log
        log.info("%s role %s: nobody told (%s)", kind, role.id, describe(refused))
