"""Small pieces every message uses: colours, letters, bars, timestamps, member mentions, and
what a member typed, shown back inert."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

import discord

from bot.app.kit.catalogue import tr
from bot.app.kit.limits import ECHO, fit_text
from bot.quiz.model import OPTION_LETTERS, Difficulty, Guide, Pack
from bot.quiz.rounds.shuffle import shown_position

BRAND = discord.Colour.blurple()
RIGHT = discord.Colour.green()
WRONG = discord.Colour.red()
NEUTRAL = discord.Colour.light_grey()  # nothing to celebrate or regret: e.g. nobody answered
BAR_WIDTH = 10


def letter(index: int) -> str:
    return OPTION_LETTERS[index]


def letters(order: Sequence[int], options: Iterable[int]) -> str:
    """The letters the member saw for the pack's ``options``, in the order shown: "A, C"."""
    return ", ".join(
        letter(shown_position(order, option))
        for option in sorted(options, key=lambda option: shown_position(order, option))
    )


def literal(typed: str) -> str:
    """What a member typed, shown as typed and inert: in a code span, where Discord renders
    no mention, link or markdown, on one line and at most ECHO characters."""
    flat = " ".join(typed.replace("`", "'").split())
    return f"`{fit_text(flat, ECHO)}`" if flat else "` `"


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
