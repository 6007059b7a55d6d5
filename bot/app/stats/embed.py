"""`/stats`: the member's figures as an embed, and beside them a chart of their progress."""

from __future__ import annotations

import asyncio
import io
import logging
import time
from dataclasses import dataclass
from datetime import date, datetime

import discord

from bot.app.kit.catalogue import number, percent, tr
from bot.app.kit.message_parts import BRAND, pack_title, relative_time
from bot.quiz.packs.library import Library
from bot.quiz.packs.server_packs import guild_of
from bot.quiz.stats.progress import Progress
from bot.storage.results import MemberStats

log = logging.getLogger(__name__)

CHART_FILENAME = "stats.png"
NO_FIGURE = "–"  # an accuracy without answers: nothing to show, not 0 %


def accuracy_text(locale: str, accuracy: float | None) -> str:
    return NO_FIGURE if accuracy is None else percent(locale, accuracy)


def next_review_text(due: datetime | None, now: datetime, locale: str) -> str:
    """A due card reads "now": Discord's relative time would say "5 minutes ago"."""
    if due is None:
        return tr(locale, "stats.no_review")
    return tr(locale, "stats.review_now") if due <= now else relative_time(due)


def stats_embed(
    numbers: MemberStats,
    locale: str,
    heading: str,
    whose: str,
    library: Library,
    *,
    now: datetime,
    season: SeasonPlace | None = None,
    in_server: bool = True,
) -> discord.Embed:
    """``whose`` is ``self`` or ``other``: messages about someone else speak of them in the
    third person. ``library``: the packs this server knows; another server's own packs are
    left out (a built-in pack no longer loaded shows by its id). ``season``: the member's place
    on the running season's board, if a season runs. ``in_server``: False outside a server,
    where the answers are those of every server."""
    embed = discord.Embed(title=tr(locale, "stats.title"), description=heading, colour=BRAND)
    embed.set_footer(text=tr(locale, "stats.scope" if in_server else "stats.scope_everywhere"))
    embed.add_field(name=tr(locale, "stats.answers"), value=number(locale, numbers.answers))
    embed.add_field(
        name=tr(locale, "stats.accuracy"), value=accuracy_text(locale, numbers.accuracy)
    )
    embed.add_field(name=tr(locale, "stats.rounds"), value=number(locale, numbers.rounds))
    embed.add_field(
        name=tr(locale, "stats.streak"),
        value=tr(locale, "stats.streak_days", days=numbers.streak_days),
    )
    embed.add_field(
        name=tr(locale, "stats.next_review"),
        value=next_review_text(numbers.next_review_due, now, locale),
    )
    if season is not None:
        embed.add_field(
            name=tr(locale, "stats.season", name=season.name),
            value=season_text(season, locale, whose),
        )
    lines = [
        tr(
            locale,
            "stats.mastery_line",
            pack=pack_title(library.get(mastery.pack_id), mastery.pack_id, locale),
            mastered=mastery.mastered,
            questions=mastery.questions,
            seen=mastery.seen,
        )
        for mastery in numbers.packs
        if library.get(mastery.pack_id) is not None or guild_of(mastery.pack_id) is None
    ]
    embed.add_field(
        name=tr(locale, "stats.mastery"),
        value="\n".join(lines) or tr(locale, "stats.no_packs", whose=whose),
        inline=False,
    )
    return embed


@dataclass(frozen=True, slots=True)
class SeasonPlace:
    """The running season, and the member's place and points on its board (None: not on it)."""

    name: str
    place: int | None = None
    points: int = 0


def season_text(season: SeasonPlace, locale: str, whose: str) -> str:
    if season.place is None:
        return tr(locale, "stats.season_none", whose=whose)
    return tr(locale, "stats.season_place", place=season.place, points=season.points)


def chart_url() -> str:
    """Where an embed finds the chart attached to its message."""
    return f"attachment://{CHART_FILENAME}"


async def stats_chart(
    progress: Progress, locale: str, *, in_server: bool = True
) -> discord.File | None:
    """The chart as an attachment, drawn in a worker thread: it takes the CPU for a while
    and the event loop must keep serving everyone else meanwhile. None if it could not be
    drawn: the figures beside it still go out. ``in_server``: as ``stats_embed``'s."""
    started = time.perf_counter()
    try:
        png = await asyncio.to_thread(_drawn_chart, progress, locale, in_server=in_server)
    except Exception:
        log.exception("the stats chart could not be drawn; sending the figures alone")
        return None
    log.debug("stats chart drawn in %.0f ms", (time.perf_counter() - started) * 1000)
    return discord.File(io.BytesIO(png), filename=CHART_FILENAME)


def _drawn_chart(progress: Progress, locale: str, *, in_server: bool) -> bytes:
    """The chart's PNG, in the worker thread. The first chart imports matplotlib here, not at
    start (the idle bot stays small) and not on the event loop (the import costs a noticeable
    share of a second of CPU, more on a busy machine; on a fresh host it first lists the fonts)."""
    from bot.app.stats.chart import ChartText, render_stats_chart  # noqa: PLC0415

    def date_label(day: date) -> str:
        return tr(locale, "stats_chart.date", day=day.day, month=day.month)

    text = ChartText(
        answers_title=tr(
            locale,
            "stats_chart.answers_title" if in_server else "stats_chart.answers_title_everywhere",
        ),
        answers_axis=tr(locale, "stats_chart.answers_axis"),
        accuracy_axis=tr(locale, "stats_chart.accuracy_axis"),
        due_title=tr(locale, "stats_chart.due_title"),
        due_axis=tr(locale, "stats_chart.due_axis"),
        week_labels=tuple(date_label(week.week_start) for week in progress.weeks),
        day_labels=tuple(date_label(day.day) for day in progress.due),
    )
    return render_stats_chart(progress, text)
