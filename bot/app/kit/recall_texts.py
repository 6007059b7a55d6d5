"""What the bot says of an answer given from memory, in rounds, reviews and previews: what the
member gave, why it was not taken, why it was right or wrong, and what a round's reveal shows
(the accepted answers, the share right, the wrong answers several members typed alike)."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from bot.app.kit.catalogue import number, tr
from bot.app.kit.message_parts import letters, literal
from bot.quiz.answers.common import common_wrong_answers
from bot.quiz.answers.grading import Marked, Response
from bot.quiz.model import NumberAnswer, Question, TypedAnswers
from bot.storage.results import Tally

Order = Sequence[int]


def no_answer_text(response: Response | None, locale: str) -> str:
    """Why a submission was not recorded: it held no answer, or no number."""
    typed = None if response is None else response.typed
    if typed is None or not typed.strip():
        return tr(locale, "answer.empty")
    return tr(locale, "answer.not_a_number", given=literal(typed))


def given_text(recall: Marked, order: Order, locale: str) -> str:
    """What a member answered from memory, as they would recognise it: the text they typed, or
    the letters they ticked, in the order shown."""
    if recall.typed is not None:
        return literal(recall.typed)
    picked = recall.picked_options
    return f"**{letters(order, picked)}**" if picked else tr(locale, "answer.nothing")


def accepted_text(question: Question, locale: str) -> str:
    """The right answer of a typed or number question as the reveal and "why" show it: the
    accepted texts, or the number (and how far off still counts); "" for a choice question,
    whose options show it."""
    accepts = question.accepts
    if isinstance(accepts, TypedAnswers):
        return " · ".join(f"**{answer}**" for answer in accepts.get(locale))
    if isinstance(accepts, NumberAnswer):
        return number_text(accepts, locale)
    return ""


def number_text(accepts: NumberAnswer, locale: str) -> str:
    unit = "" if accepts.unit is None else f" {accepts.unit.get(locale)}"
    shown = f"**{exact_number(accepts.value, locale)}{unit}**"
    if not accepts.tolerance:
        return shown
    within = tr(locale, "answer.within", tolerance=exact_number(accepts.tolerance, locale))
    return f"{shown} {within}"


def exact_number(value: Decimal, locale: str) -> str:
    """``value`` in the reader's own digits, every written decimal kept: ``1,5`` in Greek."""
    exponent = value.normalize().as_tuple().exponent
    decimals = max(0, -exponent) if isinstance(exponent, int) else 0
    return number(locale, value, decimals=decimals)


def reveal_lines(question: Question, tally: Tally, locale: str) -> list[str]:
    """What the reveal of a typed or number question says beyond the explanation."""
    accepted = accepted_text(question, locale)
    typed = isinstance(question.accepts, TypedAnswers)
    lines = [
        tr(locale, "answer.accepted", answers=accepted)
        if typed
        else tr(locale, "answer.the_number", answer=accepted)
    ]
    if tally.answered:
        lines.append(tr(locale, "answer.right_share", right=tally.right, answered=tally.answered))
    common = common_wrong_answers(tally.wrong_given)
    if common:
        shown = " · ".join(f"{literal(a.text)} ({number(locale, a.count)})" for a in common)
        lines.append(tr(locale, "answer.common_wrong", answers=shown))
    return lines


def why_text(question: Question, recall: Marked, order: Order, locale: str) -> str:
    """The member's own answer beside the right one, and for options they picked wrongly, why."""
    given = given_text(recall, order, locale)
    if question.accepts is not None:
        accepted = accepted_text(question, locale)
        if not recall.correct:
            return tr(locale, "answer.why_wrong", given=given, accepted=accepted)
        key = "answer.why_typo" if recall.typo else "answer.why_right"
        return tr(locale, key, given=given, accepted=accepted)
    if recall.correct:
        return tr(locale, "answer.why_picked_right", letters=given)
    correct = f"**{letters(order, question.correct_indices)}**"
    lines = [tr(locale, "answer.why_picked_wrong", letters=given, correct=correct)]
    for option in recall.picked_options:
        why = question.options[option].why if option < len(question.options) else None
        if why is not None and not question.options[option].correct:
            lines.append(f"**{letters(order, (option,))}**: {why.get(locale)}")
    return "\n".join(lines)
