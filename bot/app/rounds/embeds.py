"""The public messages of a round: start card, question, reveal and standings."""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import datetime

import discord

from bot.app.boards.embeds import more_line, ranked_footer, shown_seconds
from bot.app.kit.catalogue import number, tr
from bot.app.kit.limits import fit_embed
from bot.app.kit.message_parts import (
    BRAND,
    NEUTRAL,
    RIGHT,
    bar,
    difficulty_name,
    guide_line,
    letter,
    mention,
    relative_time,
)
from bot.quiz.boards.standings import Standings
from bot.quiz.model import Pack, Question
from bot.quiz.rounds.review_round import RoundMode
from bot.quiz.rounds.shuffle import shown_position
from bot.storage.results import Tally


def start_card(
    pack: Pack,
    locale: str,
    *,
    questions: int,
    seconds: int,
    started_by: int,
    mode: RoundMode = RoundMode.NORMAL,
) -> discord.Embed:
    """The round's first message; a review round says so in its title and first line."""
    review = mode is RoundMode.REVIEW
    body = tr(
        locale,
        "round.start_body",
        difficulty=difficulty_name(pack.difficulty, locale),
        questions=questions,
        seconds=seconds,
    )
    lines = [
        pack.summary.get(locale),
        "",
        *([tr(locale, "round.review.body")] if review else []),
        body,
        tr(locale, "round.started_by", member=mention(started_by)),
    ]
    if pack.guide is not None and (pack.guide.url or guide_title_adds(pack, locale)):
        lines.append(guide_line(pack.guide, locale))
    heading = tr(
        locale,
        "round.review.title" if review else "round.start_title",
        title=pack.title.get(locale),
    )
    return fit_embed(discord.Embed(title=heading, description="\n".join(lines), colour=BRAND))


def guide_title_adds(pack: Pack, locale: str) -> bool:
    """A guide without an address says something only if its title is not the pack's own."""
    if pack.guide is None:
        return False
    guide, own = pack.guide.title.get(locale), pack.title.get(locale)
    return guide.strip().casefold() != own.strip().casefold()


def question_embed(
    question: Question,
    locale: str,
    *,
    number: int,
    total: int,
    closes_at: datetime,
    answered: int,
    order: Sequence[int],
    paused_left_s: float | None = None,
) -> discord.Embed:
    """``order``: the pack's option indices in the order this round shows them;
    ``paused_left_s``: the round is paused with so many seconds left (no countdown)."""
    embed = discord.Embed(
        title=tr(locale, "round.question_title", number=number, total=total),
        description=_prompt_and_options(question, locale, order),
        colour=BRAND,
    )
    timer = timer_text(locale, closes_at, paused_left_s)
    status = f"{timer} · {counter_text(locale, answered, paused_left_s)}"
    embed.add_field(name="\u200b", value=status)
    return fit_embed(embed)


def timer_text(locale: str, closes_at: datetime, paused_left_s: float | None) -> str:
    """The closing time as a countdown the client keeps current, or "Paused" while paused."""
    if paused_left_s is None:
        return tr(locale, "round.closes", time=relative_time(closes_at))
    return tr(locale, "round.paused")


def counter_text(locale: str, answered: int, paused_left_s: float | None) -> str:
    """How many answered, after the time left while the round is paused."""
    count = tr(locale, "round.answered", count=answered)
    if paused_left_s is None:
        return count
    return f"{tr(locale, 'round.paused_left', seconds=math.ceil(paused_left_s))} · {count}"


def reveal_embed(
    question: Question,
    locale: str,
    *,
    number: int,
    total: int,
    tally: Tally,
    order: Sequence[int],
) -> discord.Embed:
    correct = tally.correct_index
    answer = tr(
        locale,
        "round.correct_answer",
        letter=letter(shown_position(order, correct)),
        text=question.options[correct].text.get(locale),
    )
    description = "\n\n".join(
        [_prompt_and_options(question, locale, order), answer, question.explanation.get(locale)]
    )
    title = f"{tr(locale, 'round.question_title', number=number, total=total)} · "
    colour = RIGHT if tally.answered else NEUTRAL  # green would cheer an empty question
    embed = discord.Embed(
        title=title + tr(locale, "round.closed"), description=description, colour=colour
    )
    embed.add_field(
        name=tr(locale, "round.how_answered"),
        value=_tally_lines(tally, locale, order),
        inline=False,
    )
    fastest = " · ".join(
        tr(locale, "round.fastest_entry", member=mention(a.member_id), seconds=a.response_ms / 1000)
        for a in tally.fastest
    )
    embed.add_field(
        name=tr(locale, "round.fastest"),
        value=fastest or tr(locale, "round.nobody_right"),
        inline=False,
    )
    return fit_embed(embed)


def standings_embed(
    title: str, standings: Standings, locale: str, *, stopped: bool
) -> discord.Embed:
    """The ranked members with points, how many more there are, and how many played."""
    heading = tr(locale, "round.stopped_title" if stopped else "round.standings_title", title=title)
    lines = [
        tr(
            locale,
            "round.standings_line",
            rank=standing.rank,
            member=mention(standing.member_id),
            points=standing.points,
            seconds=shown_seconds(standing.correct_ms),
        )
        for standing in standings.shown
    ]
    if not standings.played:
        nobody = tr(locale, "round.no_standings")
        return fit_embed(discord.Embed(title=heading, description=nobody, colour=NEUTRAL))
    body = "\n".join(lines + more_line(locale, standings.more))
    embed = discord.Embed(
        title=heading, description=body or tr(locale, "standings.no_points"), colour=BRAND
    )
    embed.set_footer(text=ranked_footer(locale, standings.played))
    return fit_embed(embed)


def _prompt_and_options(question: Question, locale: str, order: Sequence[int]) -> str:
    options = "\n".join(
        f"**{letter(position)}** · {question.options[index].text.get(locale)}"
        for position, index in enumerate(order)
    )
    return f"{question.prompt.get(locale)}\n\n{options}"


def _tally_lines(tally: Tally, locale: str, order: Sequence[int]) -> str:
    if not tally.answered:
        return tr(locale, "round.no_answers")
    return "\n".join(
        f"`{letter(position)}` {bar(tally.counts[index], tally.answered)} "
        + number(locale, tally.counts[index])
        + (" ✅" if index == tally.correct_index else "")
        for position, index in enumerate(order)
    )
