"""The modal a member answers a question from memory in, rounds and reviews alike: the prompt,
then one field: a text input for a typed answer or a number, a checkbox group for all that
apply (its options in the order the member was shown them, by their letters). And the response
read back from its submission, as hostile input: only this field, bounded as it is read."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.app.kit.catalogue import tr
from bot.app.kit.limits import DESCRIPTION, LABEL, MODAL_TITLE, OPTION_LABEL, fit_text
from bot.app.kit.message_parts import letter
from bot.app.kit.modal_inputs import submitted
from bot.quiz.answers.grading import Response
from bot.quiz.answers.typed import MAX_TYPED
from bot.quiz.model import Kind, Match, NumberAnswer, Question, TypedAnswers

ANSWER_FIELD = "answer"
MATCH_HINTS = {
    Match.EXACT: "answer.hint_exact",
    Match.NORMAL: "answer.hint_normal",
    Match.TYPO: "answer.hint_typo",
}
MAX_NUMBER_TYPED = 40
PROMPT_SHOWN = 1000  # a pack's longest prompt: a text display holds up to 4,000
Modal = discord.ui.Modal


def answer_modal(
    question: Question, locale: str, *, custom_id: str, title: str, order: Sequence[int]
) -> Modal:
    """The modal for ``question``; its submission comes back to ``custom_id``'s handler."""
    modal = Modal(title=fit_text(title, MODAL_TITLE), custom_id=custom_id)
    modal.add_item(discord.ui.TextDisplay(fit_text(question.prompt.get(locale), PROMPT_SHOWN)))
    modal.add_item(_field(question, locale, order))
    modal.stop()  # its submission reaches the router, never discord.py's view store
    return modal


def _field(question: Question, locale: str, order: Sequence[int]) -> discord.ui.Label[Modal]:
    accepts = question.accepts
    if isinstance(accepts, TypedAnswers):
        hint = tr(locale, MATCH_HINTS[accepts.match])
        return _label(tr(locale, "answer.field"), hint, _text_input(MAX_TYPED))
    if isinstance(accepts, NumberAnswer):
        unit = None if accepts.unit is None else accepts.unit.get(locale)
        text = tr(locale, "answer.field_unit", unit=unit) if unit else tr(locale, "answer.field")
        return _label(text, tr(locale, "answer.hint_number"), _text_input(MAX_NUMBER_TYPED))
    boxes: discord.ui.CheckboxGroup[Modal] = discord.ui.CheckboxGroup(
        custom_id=ANSWER_FIELD,
        min_values=1,
        max_values=len(order),
        options=[
            discord.CheckboxGroupOption(
                label=fit_text(
                    f"{letter(place)} · {question.options[option].text.get(locale)}", OPTION_LABEL
                ),
                value=str(option),
            )
            for place, option in enumerate(order)
        ],
    )
    return _label(tr(locale, "answer.several_field"), tr(locale, "answer.hint_several"), boxes)


def _text_input(most: int) -> discord.ui.TextInput[Modal]:
    return discord.ui.TextInput(custom_id=ANSWER_FIELD, max_length=most, required=True)


def _label(text: str, hint: str, component: discord.ui.Item[Modal]) -> discord.ui.Label[Modal]:
    return discord.ui.Label(
        text=fit_text(text, LABEL), description=fit_text(hint, DESCRIPTION), component=component
    )


def submitted_response(question: Question, data: Mapping[str, Any]) -> Response | None:
    """What the member entered in the modal of ``question``; None if the submission holds
    no answer field of its kind (an empty text counts as an answer: grading refuses it)."""
    field = submitted(data, ANSWER_FIELD)
    if field is None:
        return None
    if question.kind is not Kind.CHOICE:
        value = field.get("value")
        return Response.text(value) if isinstance(value, str) else None
    values = field.get("values")
    if not isinstance(values, list):
        return None
    known = {str(index): index for index in range(len(question.options))}
    picked = [known[value] for value in values[: len(known) + 1] if value in known]
    return Response(picked=tuple(picked)) if len(picked) == len(values) else None


def button_key(question: Question) -> str:
    """The catalogue key of the button that opens ``question``'s modal."""
    if question.kind is Kind.CHOICE:
        return "answer.several_button"
    return "answer.number_button" if question.kind is Kind.NUMBER else "answer.typed_button"


def invite_key(question: Question) -> str:
    """The catalogue key of what a question answered in a modal asks the member to do."""
    if question.kind is Kind.CHOICE:
        return "answer.several_invite"
    return "answer.number_invite" if question.kind is Kind.NUMBER else "answer.typed_invite"
