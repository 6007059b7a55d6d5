"""Small pieces every message uses: colours, letters, bars, timestamps, member mentions."""

from __future__ import annotations

from datetime import datetime

import discord

from bot.app.kit.catalogue import tr
from bot.quiz.model import OPTION_LETTERS, Difficulty, Guide, Pack

BRAND = discord.Colour.blurple()
RIGHT = discord.Colour.green()
WRONG = discord.Colour.red()
NEUTRAL = discord.Colour.light_grey()  # nothing to celebrate or regret: e.g. nobody answered
BAR_WIDTH = 10


def letter(index: int) -> str:
    return OPTION_LETTERS[index]


def relative_time(moment: datetime) -> str:
    """Discord's relative timestamp: the client counts it down at no API cost."""
    return discord.utils.format_dt(moment, "R")


def mention(member_id: int) -> str:
    return f"<@{member_id}>"


def bar(count: int, total: int) -> str:
    filled = round(BAR_WIDTH * count / total) if total else 0
    return "█" * filled + "░" * (BAR_WIDTH - filled)


def difficulty_name(difficulty: Difficulty, locale: str | None) -> str:
    return tr(locale, f"difficulty.{difficulty.value}")


def pack_title(pack: Pack | None, pack_id: str, locale: str | None) -> str:
    """A pack's title, or its id when the pack is no longer loaded."""
    return pack.title.get(locale) if pack is not None else pack_id


def guide_line(guide: Guide, locale: str) -> str:
    """A pack's guide: a link when it has an address, else its title."""
    title = guide.title.get(locale)
    if guide.url:
        return tr(locale, "round.guide", title=title, url=guide.url)
    return tr(locale, "round.guide_plain", title=title)
