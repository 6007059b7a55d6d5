"""`/quiz analytics`: one embed, worst question first, cut with "and N more" to fit Discord."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.app.analytics.kinds import answers_given, typo_part, typo_text
from bot.app.kit.catalogue import number, tr
from bot.app.kit.limits import EMBED_DESCRIPTION, EMBED_TOTAL, fit_embed, fit_text, length
from bot.app.kit.message_parts import BRAND
from bot.quiz.analytics.items import MAX_ANALYSED_ANSWERS, ItemStats, PackAnalytics
from bot.quiz.model import Pack, Question

PROMPT_EXCERPT = 80  # enough to recognise a question; the id names it exactly
NO_INDEX = "–"


def analytics_embed(pack: Pack, report: PackAnalytics, locale: str) -> discord.Embed:
    title = tr(locale, "analytics.title", pack=pack.title.get(locale))
    footer = tr(locale, "analytics.footer", min=report.min_members)
    if report.newest_only:
        footer += " " + tr(locale, "analytics.newest_only", count=MAX_ANALYSED_ANSWERS)
    if report.answers == 0:
        body = tr(locale, "analytics.no_answers")
    else:
        budget = min(EMBED_DESCRIPTION, EMBED_TOTAL - length(title) - length(footer))
        body = _body(pack, report, locale, budget)
    embed = discord.Embed(title=title, description=body, colour=BRAND)
    embed.set_footer(text=footer)
    return fit_embed(embed)


def format_index(value: float | None, locale: str) -> str:
    return NO_INDEX if value is None else number(locale, value, decimals=2)


def _body(pack: Pack, report: PackAnalytics, locale: str, budget: int) -> str:
    """The summary, as many questions as fit (worst first), then how many did not fit."""
    answered = [item for item in report.items if item.answers]
    unanswered = len(report.items) - len(answered)
    head = tr(locale, "analytics.summary", members=report.members, answers=report.answers)
    tail = [tr(locale, "analytics.unanswered", count=unanswered)] if unanswered else []
    shown: list[str] = []
    for index, item in enumerate(answered):
        block = _item_block(pack, item, locale, index + 1)
        after = _more(locale, len(answered) - index - 1)
        if length("\n\n".join([head, *shown, block, *after, *tail])) > budget:
            break
        shown.append(block)
    return "\n\n".join([head, *shown, *_more(locale, len(answered) - len(shown)), *tail])


def _more(locale: str, count: int) -> Sequence[str]:
    return [tr(locale, "analytics.more", count=count)] if count else []


def _item_block(pack: Pack, item: ItemStats, locale: str, rank: int) -> str:
    question = pack.question(item.question_id)
    prompt = " ".join(question.prompt.get(locale).split()) if question is not None else ""
    heading = tr(
        locale,
        "analytics.item",
        rank=rank,
        id=item.question_id,
        index=format_index(item.discrimination, locale),
        prompt=fit_text(prompt, PROMPT_EXCERPT),
    )
    return f"{heading}\n{_figures(question, item, locale)}"


def _figures(question: Question | None, item: ItemStats, locale: str) -> str:
    figures = tr(
        locale,
        "analytics.figures",
        answers=item.answers,
        right=item.share_right or 0,
        wrong=answers_given(question, item, locale),
        median=(item.median_ms or 0) / 1000,
        mean=(item.mean_ms or 0) / 1000,
    )
    if typo_part(question, item):
        figures += " · " + typo_text(item, locale)
    if item.leeches:
        figures += " · " + tr(locale, "analytics.leeches", count=item.leeches)
    return figures
