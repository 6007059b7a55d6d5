"""A server's quiz settings (/quiz settings), as the member who changed them reads them."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.app.kit.catalogue import number, tr
from bot.app.kit.message_parts import BRAND
from bot.quiz.rewards.reward_roles import Reward, RewardScope
from bot.storage.results import GuildSettings

REWARD_LINES = {
    RewardScope.ALL_TIME: "settings.reward_all",
    RewardScope.SEASON: "settings.reward_season",
}


def guild_settings_embed(
    current: GuildSettings,
    locale: str,
    *,
    ping_unreachable: bool = False,
    channel_unreachable: bool = False,
    rewards: Sequence[Reward] = (),
) -> discord.Embed:
    """The settings as saved; ``ping_unreachable``: the bot's mention of the ping role would
    notify nobody, ``channel_unreachable``: the bot cannot post in the suggestions channel, and
    the reply says what to change."""
    said = [tr(locale, "settings.saved")]
    if ping_unreachable and current.ping_role_id is not None:
        said.append(tr(locale, "settings.ping_unreachable", role=f"<@&{current.ping_role_id}>"))
    channel = current.suggestions_channel_id
    if channel_unreachable and channel is not None:
        said.append(tr(locale, "settings.suggestions_unreachable", channel=f"<#{channel}>"))
    embed = discord.Embed(
        title=tr(locale, "settings.title"), description="\n\n".join(said), colour=BRAND
    )
    role = (
        f"<@&{current.moderator_role_id}>"
        if current.moderator_role_id
        else tr(locale, "settings.no_role")
    )
    embed.add_field(name=tr(locale, "settings.moderator_role"), value=role, inline=False)
    embed.add_field(
        name=tr(locale, "settings.seconds"), value=number(locale, current.question_seconds)
    )
    language = tr(locale, f"choice.{'greek' if current.locale == 'el' else 'english'}")
    embed.add_field(
        name=tr(locale, "settings.language"),
        value=language if current.locale else tr(locale, "settings.server_language"),
    )
    ping = current.ping_role_id
    embed.add_field(
        name=tr(locale, "settings.ping_role"),
        value=f"<@&{ping}>" if ping is not None else tr(locale, "settings.no_ping"),
        inline=False,
    )
    embed.add_field(
        name=tr(locale, "settings.pause_limit"),
        value=tr(locale, "settings.pause_minutes", minutes=current.pause_limit_minutes),
    )
    embed.add_field(name=tr(locale, "settings.time_zone"), value=current.time_zone)
    embed.add_field(
        name=tr(locale, "settings.grace"),
        value=tr(locale, "settings.grace_minutes", minutes=current.grace_minutes),
    )
    taking = "settings.suggestions_open" if current.suggestions_open else "settings.suggestions_off"
    where = f"<#{channel}>" if channel is not None else tr(locale, "settings.suggestions_queue")
    embed.add_field(
        name=tr(locale, "settings.suggestions"),
        value=tr(locale, taking, channel=where),
        inline=False,
    )
    lines = [
        tr(locale, REWARD_LINES[r.scope], role=f"<@&{r.role_id}>", points=r.points) for r in rewards
    ]
    shown = "\n".join(lines) or tr(locale, "settings.no_rewards")
    embed.add_field(name=tr(locale, "settings.rewards"), value=shown, inline=False)
    return embed
