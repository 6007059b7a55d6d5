"""The private review messages: a question, its result, the summary."""

from __future__ import annotations

from datetime import datetime

import discord

from bot.app.i18n import tr
from bot.app.render.common import BRAND, RIGHT, WRONG, letter, relative_time
from bot.app.render.limits import fit_embed
from bot.quiz.model import Pack, Question


def review_question_embed(
    pack: Pack, question: Question, locale: str, *, is_new: bool, note: str | None = None
) -> discord.Embed:
    options = "\n".join(
        f"**{letter(index)}** · {option.text.get(locale)}"
        for index, option in enumerate(question.options)
    )
    description = f"{question.prompt.get(locale)}\n\n{options}"
    if note:
        description = f"*{note}*\n\n{description}"
    embed = discord.Embed(
        title=tr(locale, "review.title", pack=pack.title.get(locale)),
        description=description,
        colour=BRAND,
    )
    embed.set_footer(text=tr(locale, "review.new_question" if is_new else "review.due_question"))
    return fit_embed(embed)


def review_result_embed(
    pack: Pack, question: Question, locale: str, *, picked: int, due: datetime
) -> discord.Embed:
    correct = question.correct_index
    right = picked == correct
    lines = [
        tr(locale, "review.right") if right else tr(locale, "review.wrong", letter=letter(correct))
    ]
    lines.append(f"**{letter(correct)}** · {question.options[correct].text.get(locale)}")
    why = question.options[picked].why
    if not right and why is not None:
        lines.append(f"**{letter(picked)}** · {why.get(locale)}")
    lines.append(question.explanation.get(locale))
    lines.append(tr(locale, "review.comes_back", time=relative_time(due)))
    return fit_embed(
        discord.Embed(
            title=tr(locale, "review.title", pack=pack.title.get(locale)),
            description="\n\n".join(lines),
            colour=RIGHT if right else WRONG,
        )
    )


def review_summary_embed(
    locale: str, *, reviewed: int, correct: int, next_due: datetime | None
) -> discord.Embed:
    lines = [tr(locale, "review.summary", reviewed=reviewed, correct=correct)]
    if next_due is not None:
        lines.append(tr(locale, "review.summary_next", time=relative_time(next_due)))
    return fit_embed(
        discord.Embed(
            title=tr(locale, "review.summary_title"), description="\n".join(lines), colour=BRAND
        )
    )


def nothing_due_text(locale: str, next_due: datetime | None) -> str:
    if next_due is None:
        return tr(locale, "review.nothing_at_all")
    return tr(locale, "review.nothing_due", time=relative_time(next_due))
