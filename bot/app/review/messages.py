"""The private review messages: a question, its result, the summary, "nothing to review", and
which card of the loaded packs a step shows, in which order."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime

import discord

from bot.app.kit.answer_forms import invite_key
from bot.app.kit.catalogue import tr
from bot.app.kit.command_text import command_as_shown
from bot.app.kit.limits import EMBED_TOTAL, fit_embed
from bot.app.kit.message_parts import BRAND, RIGHT, WRONG, letter, relative_time
from bot.app.kit.recall_texts import accepted_text, why_text
from bot.app.shelf.pictures import attachment_url
from bot.app.shelf.question_keys import QuestionKeys, stable_key
from bot.quiz.model import Pack, Question
from bot.quiz.review.backlog import Offer
from bot.quiz.review.leeches import LEECH_LAPSES
from bot.quiz.review.session import (
    CardKind,
    CardStep,
    Grade,
    LeechNotice,
    NothingStep,
    SummaryStep,
)
from bot.quiz.rounds.shuffle import option_order, review_option_seed, shown_position

_FOOTERS = {
    CardKind.NEW: "review.new_question",
    CardKind.DUE: "review.due_question",
    CardKind.MISSED: "review.missed_question",
    CardKind.UNANSWERED: "review.unanswered_question",
}
RIGHT_MARK, WRONG_MARK = "✅", "❌"


def review_question_embed(
    pack: Pack, question: Question, locale: str, step: CardStep, order: Sequence[int]
) -> discord.Embed:
    """``order``: the pack's option indices in the order this card shows them."""
    description = f"{question.prompt.get(locale)}\n\n{_options(question, locale, order)}"
    if not question.single_choice:  # answered from memory, in a modal
        description = f"{description.rstrip()}\n\n*{tr(locale, invite_key(question))}*"
    if step.first_of_new:
        description = f"*{tr(locale, 'review.first_new')}*\n\n{description}"
    embed = _pictured(_embed(pack, locale, description, BRAND), question)
    footer = tr(locale, _FOOTERS[step.card.kind])
    if step.backlog is not None:
        footer = f"{footer} · {backlog_text(locale, step.backlog)}"
    embed.set_footer(text=footer)
    return fit_embed(embed)


def backlog_text(locale: str, backlog: Offer) -> str:
    """Under a daily limit: what is left of today's reviews, and what waits."""
    text = tr(locale, "review.left_today", count=backlog.left)
    if backlog.waiting:
        text = f"{text} · {tr(locale, 'review.waiting', count=backlog.waiting)}"
    return text


def review_result_embed(
    pack: Pack, question: Question, locale: str, grade: Grade, order: Sequence[int]
) -> discord.Embed:
    """The verdict, the question again (in the card's ``order``) with the right option and
    the member's pick marked, why the pick was wrong, the explanation, and when the question
    comes back."""
    if grade.recall is not None:
        return _recalled_result(pack, question, locale, grade, order)
    if grade.picked is None or grade.picked >= len(question.options):
        raise ValueError(f"{grade} picked no option of {question.id}")
    correct = letter(shown_position(order, grade.correct_index))
    verdict = (
        tr(locale, "review.right") if grade.correct else tr(locale, "review.wrong", letter=correct)
    )
    parts = [
        verdict,
        question.prompt.get(locale),
        _options(question, locale, order, {grade.picked}),
    ]
    why = question.options[grade.picked].why
    if not grade.correct and why is not None:
        picked = letter(shown_position(order, grade.picked))
        parts.append("> " + tr(locale, "review.why_not", letter=picked, why=why.get(locale)))
    parts.append(question.explanation.get(locale))
    parts.append(tr(locale, "review.comes_back", time=relative_time(grade.due)))
    embed = _embed(pack, locale, "\n\n".join(parts), RIGHT if grade.correct else WRONG)
    return fit_embed(_pictured(embed, question))


def _recalled_result(
    pack: Pack, question: Question, locale: str, grade: Grade, order: Sequence[int]
) -> discord.Embed:
    """The verdict on an answer from memory: the member's own answer beside the right one
    (why_text), the options marked for all that apply, the explanation, when it comes back."""
    recall = grade.recall
    if recall is None:
        raise ValueError(f"{grade} is no answer from memory")
    verdict = tr(locale, "review.right") if grade.correct else tr(locale, "review.not_right")
    parts = [verdict, question.prompt.get(locale)]
    if question.options:
        parts.append(_options(question, locale, order, picked=recall.picked_options))
    parts.append(why_text(question, recall, order, locale))
    parts.append(question.explanation.get(locale))
    parts.append(tr(locale, "review.comes_back", time=relative_time(grade.due)))
    embed = _embed(pack, locale, "\n\n".join(parts), RIGHT if grade.correct else WRONG)
    return fit_embed(_pictured(embed, question))


def right_answer(question: Question, locale: str) -> str:
    """The right answer in words: the accepted texts or the number, or the right options."""
    accepted = accepted_text(question, locale)
    if accepted:
        return accepted
    return " · ".join(question.options[i].text.get(locale) for i in question.correct_indices)


def leech_embeds(
    keys: QuestionKeys,
    notices: Sequence[LeechNotice],
    locale: str,
    graded: Grade | None = None,
    budget: int = EMBED_TOTAL,
) -> list[discord.Embed]:
    """One embed per question that left the member's reviews: why, and the question with its
    answer and explanation; for the question just ``graded``, whose result above shows them,
    only why. Together they fit in ``budget`` (what the message's other embed leaves)."""
    embeds = []
    each = budget // max(len(notices), 1)
    for notice in notices:
        found = keys.questions.get(stable_key(notice.pack_id, notice.question_id))
        if found is None:  # left its pack since: nothing to show it by
            continue
        pack, question = found
        parts = [tr(locale, "review.leech", lapses=LEECH_LAPSES)]
        answered = graded is not None and (graded.pack_id, graded.question_id) == (
            notice.pack_id,
            notice.question_id,
        )
        if not answered:
            answer = right_answer(question, locale)
            parts += [
                f"**{question.prompt.get(locale)}**",
                tr(locale, "review.leech_answer", answer=answer),
                question.explanation.get(locale),
            ]
        title = f"{tr(locale, 'review.leech_title')} · {pack.title.get(locale)}"
        embed = discord.Embed(title=title, description="\n\n".join(parts), colour=WRONG)
        embeds.append(fit_embed(embed, each))
    return embeds


def review_summary_embed(locale: str, step: SummaryStep) -> discord.Embed:
    session = step.session
    lines = [
        tr(locale, "review.summary", reviewed=session.reviewed, correct=session.correct),
        _next_review_line(locale, step.next_review),
    ]
    if step.backlog is not None:
        lines.append(backlog_text(locale, step.backlog))
    return fit_embed(
        discord.Embed(
            title=tr(locale, "review.summary_title"), description="\n".join(lines), colour=BRAND
        )
    )


def nothing_to_review_text(locale: str, step: NothingStep) -> str:
    if step.missed_round:
        return tr(locale, "round.nothing_missed")
    if step.next_review is None:
        return tr(locale, "review.nothing_at_all")
    if step.backlog is not None and step.backlog.waiting:
        time = relative_time(step.next_review)
        command = command_as_shown(locale, "settings")
        count = step.backlog.waiting
        return tr(locale, "review.limit_reached", count=count, time=time, command=command)
    return tr(locale, "review.nothing_due", time=relative_time(step.next_review))


def _next_review_line(locale: str, next_review: datetime | None) -> str:
    if next_review is None:
        return tr(locale, "review.summary_nothing")
    return tr(locale, "review.summary_next", time=relative_time(next_review))


def _options(
    question: Question, locale: str, order: Sequence[int], picked: Collection[int] | None = None
) -> str:
    """One line per option in ``order``; once answered, the right ones and the member's picks
    marked."""
    lines = []
    for position, index in enumerate(order):
        line = f"**{letter(position)}** · {question.options[index].text.get(locale)}"
        if picked is not None:
            if question.options[index].correct:
                line = f"{RIGHT_MARK} {line}"
            elif index in picked:
                line = f"{WRONG_MARK} {line}"
            if index in picked:
                line += f" · *{tr(locale, 'review.your_answer')}*"
        lines.append(line)
    return "\n".join(lines)


def _embed(pack: Pack, locale: str, description: str, colour: discord.Colour) -> discord.Embed:
    title = tr(locale, "review.title", pack=pack.title.get(locale))
    return discord.Embed(title=title, description=description, colour=colour)


def _pictured(embed: discord.Embed, question: Question) -> discord.Embed:
    """The card shows the question's picture, a file of its message (its alt text is the
    file's description: an embed has no other place for it)."""
    if question.image is not None:
        embed.set_image(url=attachment_url(question.image))
    return embed


def card_order(
    member_id: int, pack: Pack, question: Question, times_reviewed: int
) -> tuple[int, ...]:
    """The pack's option indices in the order this showing of the card uses; the card and
    its result agree because both count the member's answers before this one."""
    seed = review_option_seed(member_id, pack.id, question.id, times_reviewed)
    return option_order(seed, len(question.options))


def loaded_question(keys: QuestionKeys, pack_id: str, question_id: str) -> tuple[Pack, Question]:
    found = keys.questions.get(stable_key(pack_id, question_id))
    if found is None:  # storage mirrors the loaded packs, so this is a bug
        raise LookupError(f"question {pack_id}/{question_id} is not loaded")
    return found
