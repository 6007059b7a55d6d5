"""What the analytics say of a question's answers beyond right or wrong, as fits its kind: the
most-picked wrong option of a one-answer question, how often each option was picked for all
that apply, the wrong answers several members typed alike for a typed or number question, and
for a typed one how many right answers needed a typo forgiven."""

from __future__ import annotations

from bot.app.kit.catalogue import tr
from bot.app.kit.message_parts import letter, literal
from bot.quiz.analytics.items import ItemStats
from bot.quiz.answers.common import COMMON_AT_LEAST
from bot.quiz.model import Kind, Match, Question, TypedAnswers


def answers_given(question: Question | None, item: ItemStats, locale: str) -> str:
    """The part of a question's figures that says what its answers gave."""
    if item.wrong == 0:
        return tr(locale, "analytics.no_wrong")
    if question is None or question.single_choice:
        return _top_wrong(item, locale)
    if question.kind is Kind.CHOICE:
        return _picked(question, item, locale)
    return _common_wrong(item, locale)


def typo_part(question: Question | None, item: ItemStats) -> bool:
    """Whether the figures say how many right answers needed a typo forgiven: for a typed
    question that forgives typos (or did, for answers given before its pack changed)."""
    if question is None or not isinstance(question.accepts, TypedAnswers) or not item.right:
        return False
    return question.accepts.match is Match.TYPO or item.typo_right > 0


def typo_text(item: ItemStats, locale: str) -> str:
    return tr(locale, "analytics.typo", share=item.typo_share or 0)


def _top_wrong(item: ItemStats, locale: str) -> str:
    if item.top_wrong_option is None:
        # Wrong answers, but none of one option: the question was of another kind when they
        # were given; "no wrong answers" would be untrue.
        return _common_wrong(item, locale)
    return tr(
        locale,
        "analytics.top_wrong",
        # Rounds and reviews shuffle the options; across them, the pack's own letter (as its
        # author wrote the options) is the one that names the same option every time.
        letter=letter(item.top_wrong_option),
        share=item.top_wrong_share or 0,
    )


def _picked(question: Question, item: ItemStats, locale: str) -> str:
    """Each option's share of the answers, in the pack's order (its letters, as for the most
    picked wrong option), a tick on those that apply."""
    options = ", ".join(
        tr(
            locale,
            "analytics.option_applies" if option.correct else "analytics.option",
            letter=letter(index),
            share=item.pick_share(index),
        )
        for index, option in enumerate(question.options)
    )
    return tr(locale, "analytics.picked", options=options)


def _common_wrong(item: ItemStats, locale: str) -> str:
    """The wrong answers several members typed alike, each shown inert: it is a member's text."""
    if not item.common_wrong:
        return tr(locale, "analytics.no_common_wrong", min=COMMON_AT_LEAST)
    answers = ", ".join(
        tr(locale, "analytics.common_answer", answer=literal(common.text), count=common.count)
        for common in item.common_wrong
    )
    return tr(locale, "analytics.common_wrong", answers=answers)
