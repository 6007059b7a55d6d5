"""Options that name a channel, a role or a member, checked once for every slash command.

The member's client chose these ids, and a modified client can choose any: a channel or role
of another server, a channel of this one the member cannot see. Discord resolves each id it is
sent (`data.resolved`), and a command would act on what it names: post a season's standings in
a channel the moderator cannot read, or ping another server's role. So before any command runs
(`QuizTree.interaction_check`), each such option must name what the member could pick here:

- a channel: resolved, of the interaction's server (its `guild_id`; without one, in the bot's
  cache of the server), and one the member can see: Discord sends with each resolved channel
  the invoking member's own permissions in it, and those must include View Channel;
- a role: resolved, and one of this server's roles (in the bot's cache of the server, which
  Discord keeps current with every role created);
- a user: resolved (a user need not be a member: `/stats` shows a former member's numbers);
- a mentionable: a role as above, or a user.

What discord.py still refuses to convert (a `TransformerError`: a channel of a kind the option
does not take, a user who is not a member where only a member will do) gets the same refusal,
from the tree's `on_error`. Either way the member is told privately, in their language, which
option was refused; it is no failure of the bot's, so no error id and no traceback, one log line.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import discord
from discord import AppCommandOptionType as Kind
from discord import app_commands

from bot.app.kit.command_text import option_as_shown
from bot.app.kit.replies import say

log = logging.getLogger(__name__)

NESTED = (Kind.subcommand.value, Kind.subcommand_group.value)
# The refusal for each kind of option; a mentionable one that fails names no role of here.
REFUSALS = {
    Kind.channel: "forged.channel",
    Kind.role: "forged.role",
    Kind.user: "forged.member",
    Kind.mentionable: "forged.member",
}
Json = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Refused:
    """An option the member could not have chosen: its command, name and kind."""

    command: str  # "quiz season start"
    option: str  # "channel", as declared (Discord sends the declared name)
    kind: Kind


def refused_option(interaction: discord.Interaction[Any]) -> Refused | None:
    """The first channel, role, user or mentionable option that names what the member could
    not choose here, if any."""
    data: Json = dict(interaction.data or {})
    command, options = _leaf(data)
    resolved: Json = data.get("resolved") or {}
    for option in options:
        kind = _kind(option)
        if kind in REFUSALS and not _allowed(interaction, kind, str(option["value"]), resolved):
            return Refused(command, option["name"], kind)
    return None


def refused_conversion(
    interaction: discord.Interaction[Any], error: app_commands.AppCommandError
) -> Refused | None:
    """The option whose value discord.py could not convert, if ``error`` is that and the
    option names a channel, role or member."""
    if not isinstance(error, app_commands.TransformerError) or error.type not in REFUSALS:
        return None
    command, options = _leaf(dict(interaction.data or {}))
    target = str(getattr(error.value, "id", error.value))
    same_kind = [o for o in options if _kind(o) is error.type]
    named = next((o for o in same_kind if str(o.get("value")) == target), None)
    chosen = named or (same_kind[0] if same_kind else None)
    return Refused(command, chosen["name"] if chosen else error.type.name, error.type)


async def refuse(interaction: discord.Interaction[Any], refused: Refused) -> None:
    """Tells the member privately which option was refused; logs one line, no traceback."""
    log.info(
        "interaction %s: /%s refused: option %s names a %s the member could not choose here",
        interaction.id,
        refused.command,
        refused.option,
        refused.kind.name,
    )
    shown = option_as_shown(interaction.locale.value, refused.command, refused.option)
    try:
        await say(interaction, REFUSALS[refused.kind], option=shown)
    except discord.HTTPException as error:
        log.warning("could not refuse interaction %s (%s)", interaction.id, error)


def _leaf(data: Json) -> tuple[str, list[Json]]:
    """The command's full name and the options of its subcommand (Discord nests them)."""
    path = [str(data.get("name", ""))]
    options: list[Json] = data.get("options") or []
    while len(options) == 1 and options[0].get("type") in NESTED:
        path.append(str(options[0]["name"]))
        options = options[0].get("options") or []
    return " ".join(path), options


def _kind(option: Json) -> Kind | None:
    try:
        return Kind(option.get("type"))
    except ValueError:
        return None


def _allowed(
    interaction: discord.Interaction[Any], kind: Kind, target: str, resolved: Json
) -> bool:
    users: Json = resolved.get("users") or {}
    if kind is Kind.channel:
        return _visible_channel_here(interaction, target, resolved)
    if kind is Kind.role:
        return _role_here(interaction, target, resolved)
    if kind is Kind.user:
        return target in users
    return target in users or _role_here(interaction, target, resolved)


def _visible_channel_here(
    interaction: discord.Interaction[Any], target: str, resolved: Json
) -> bool:
    channel: Json | None = (resolved.get("channels") or {}).get(target)
    if channel is None or interaction.guild_id is None:
        return False
    if channel.get("guild_id") is not None:
        here = int(channel["guild_id"]) == interaction.guild_id
    else:
        guild = interaction.guild
        here = guild is not None and guild.get_channel_or_thread(int(target)) is not None
    # The invoking member's permissions there (not the bot's); none sent, none assumed.
    seen = discord.Permissions(int(channel.get("permissions") or 0)).view_channel
    return here and seen


def _role_here(interaction: discord.Interaction[Any], target: str, resolved: Json) -> bool:
    # A resolved role says nothing of its server: the bot's cache of this one does.
    guild = interaction.guild
    in_resolved = target in (resolved.get("roles") or {})
    return in_resolved and guild is not None and guild.get_role(int(target)) is not None
