"""`/stats`' learning fields: per pack the retention reached in the last 30 days beside the
target that applies, with the count it rests on, and the reviews of the next 30 days."""

from __future__ import annotations

import discord

from bot.app.kit.catalogue import number, percent, tr
from bot.app.kit.message_parts import pack_title
from bot.quiz.packs.library import Library
from bot.quiz.packs.server_packs import guild_of
from bot.storage.stats.reached import LearningOutlook

_PERCENT = 100


def reached_text(outlook: LearningOutlook, library: Library, locale: str) -> str:
    """One line a pack seen here: reached of how many reviews, or too few, and the target."""
    lines = []
    for pack_id, reached in outlook.reached.items():
        pack = library.get(pack_id)
        if pack is None and guild_of(pack_id) is not None:
            continue  # another server's own pack
        target = percent(locale, outlook.targets.get(pack_id, 0) / _PERCENT)
        shown = reached.retention
        params = {"pack": pack_title(pack, pack_id, locale), "reviews": reached.reviews}
        if shown is None:
            lines.append(tr(locale, "stats.reached_few", target=target, **params))
        else:
            reached_percent = percent(locale, shown)
            lines.append(
                tr(locale, "stats.reached_line", reached=reached_percent, target=target, **params)
            )
    return "\n".join(lines) or tr(locale, "stats.reached_none")


def forecast_text(outlook: LearningOutlook, locale: str) -> str:
    ahead = outlook.forecast
    return tr(
        locale,
        "stats.forecast_text",
        total=number(locale, round(ahead.total)),
        new=ahead.new,
        busiest=number(locale, round(ahead.busiest)),
    )


def add_learning(
    embed: discord.Embed, outlook: LearningOutlook, library: Library, locale: str
) -> discord.Embed:
    """The embed with the learning fields after its own."""
    embed.add_field(
        name=tr(locale, "stats.reached"),
        value=reached_text(outlook, library, locale),
        inline=False,
    )
    return embed.add_field(
        name=tr(locale, "stats.forecast"), value=forecast_text(outlook, locale), inline=False
    )
