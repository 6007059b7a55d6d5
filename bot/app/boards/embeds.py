"""Leaderboard embeds: the public top of a board, and a member's private page of it."""

from __future__ import annotations

import discord

from bot.app.kit.catalogue import month_name, tr
from bot.app.kit.limits import fit_embed
from bot.app.kit.message_parts import BRAND, mention
from bot.quiz.boards.scoring import Period, parse_period_key
from bot.quiz.boards.standings import Standing, shown_tenths
from bot.quiz.model import Pack
from bot.storage.results import LeaderboardPage


def ranked_footer(locale: str, played: int, *parts: str) -> str:
    """What every ranked list ends with: ``parts``, how many played, and the tie rule."""
    return " · ".join([*parts, tr(locale, "standings.played", count=played)]) + (
        "\n" + tr(locale, "standings.tie_rule")
    )


def shown_seconds(correct_ms: int) -> float:
    """A total time as ranks compare it: in tenths of a second (the catalogue formats it)."""
    return shown_tenths(correct_ms) / 10


def more_line(locale: str, more: int) -> list[str]:
    """The line that says a list was cut, if it was."""
    return [tr(locale, "standings.more", count=more)] if more else []


def public_board_embed(
    board: LeaderboardPage, pack: Pack | None, locale: str, season: str | None = None
) -> discord.Embed:
    """The top of the board as everyone sees it: the first page, and how many more there are."""
    lines = [_line(entry, locale) for entry in board.entries] + more_line(locale, board.more)
    footer = ranked_footer(locale, board.played)
    return _embed(board, pack, locale, lines=lines, footer=footer, season=season)


def private_board_embed(
    board: LeaderboardPage,
    pack: Pack | None,
    locale: str,
    *,
    page: int,
    pages: int,
    viewer: int,
    season: str | None = None,
) -> discord.Embed:
    """One page of the board for one member, their own row marked."""
    you = tr(locale, "standings.you")
    lines = [
        _line(entry, locale) + (f" {you}" if entry.member_id == viewer else "")
        for entry in board.entries
    ]
    page_of = tr(locale, "leaderboard.page", page=page + 1, pages=pages)
    footer = ranked_footer(locale, board.played, page_of)
    return _embed(board, pack, locale, lines=lines, footer=footer, season=season)


def period_name(locale: str, key: str, season: str | None = None) -> str:
    """A board's period by name, not relative to today (the message stays true in later weeks):
    ``All time``, ``Week 48, 2026``, ``November 2026``, ``Season Spring term``."""
    period = parse_period_key(key)
    if period.period is Period.SEASON:
        return tr(locale, "leaderboard.season", name=season or key)
    if period.period is Period.WEEK:
        return tr(locale, "leaderboard.week", week=period.number, year=str(period.year))
    if period.period is Period.MONTH:
        return month_name(locale, period.year, period.number)
    return tr(locale, "choice.all")


def _embed(
    board: LeaderboardPage,
    pack: Pack | None,
    locale: str,
    *,
    lines: list[str],
    footer: str,
    season: str | None = None,
) -> discord.Embed:
    period_name_shown = period_name(locale, board.period, season)
    title = (
        tr(locale, "leaderboard.title_pack", period=period_name_shown, pack=pack.title.get(locale))
        if pack
        else tr(locale, "leaderboard.title", period=period_name_shown)
    )
    nobody = "standings.nobody_right_yet" if board.played else "leaderboard.empty"
    description = "\n".join(lines) if board.entries else tr(locale, nobody)
    embed = discord.Embed(title=title, description=description, colour=BRAND)
    embed.set_footer(text=footer)
    return fit_embed(embed)  # also sent by edit_message, which does not pass through reply


def _line(entry: Standing, locale: str) -> str:
    return tr(
        locale,
        "leaderboard.line",
        rank=entry.rank,
        member=mention(entry.member_id),
        points=entry.points,
        seconds=shown_seconds(entry.correct_ms),
        answered=entry.answered,
    )
