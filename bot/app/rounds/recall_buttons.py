"""Answering a round's question from memory: the button on the question's message opens a
modal at once (from the round and pack this process keeps, no database read in the steady
state), and its submission is recorded once, as the first submission wins.

The modal's submission carries the question's message: it counts only when that message is
the round's own, in its server and channel, and carries the button the modal came from
(kit/button_origin.py), as a click would."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.app.kit.ack_deadline import AckDeadline
from bot.app.kit.answer_forms import answer_modal, submitted_response
from bot.app.kit.button_origin import question_purpose, refuse, round_message
from bot.app.kit.buttons import PersistentButton
from bot.app.kit.catalogue import tr
from bot.app.kit.context import ctx_of
from bot.app.kit.custom_ids import ANSWER_FORM, ANSWER_OPEN
from bot.app.kit.recall_texts import given_text, no_answer_text
from bot.app.kit.replies import reply
from bot.app.rounds.buttons import Order, recorded, refusal_text
from bot.app.rounds.teams import locked_in_team
from bot.quiz.answers.grading import mark
from bot.quiz.model import Question
from bot.quiz.rounds.shuffle import shown_order
from bot.storage.results import AnswerOutcome, AnswerResult
from bot.storage.rounds.round_cache import RoundRead

_PLACE = "(?P<round>[0-9]+):(?P<index>[0-9]+)"


class AnswerFormButton(PersistentButton, pattern=re.compile(f"{ANSWER_OPEN}:{_PLACE}")):
    """Opens the question's modal: a text or a number to type, or options to tick."""

    failure_key = "errors.failed_answer"

    def __init__(self, round_id: int, index: int, label: str = "?") -> None:
        self.round_id, self.index = round_id, index
        super().__init__(open_id(round_id, index), label, discord.ButtonStyle.primary)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> AnswerFormButton:
        return cls(int(match["round"]), int(match["index"]))

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        found = await _asked(
            interaction, self.round_id, self.index, discord.InteractionType.component
        )
        if found is None:
            return
        read, question = found
        locale = interaction.locale.value
        title = tr(
            locale, "round.question_title", number=self.index + 1, total=len(read.question_ids)
        )
        form_id = f"{ANSWER_FORM}:{self.round_id}:{self.index}"
        order = shown_order(self.round_id, question)
        modal = answer_modal(question, locale, custom_id=form_id, title=title, order=order)
        await interaction.response.send_modal(modal)


class AnswerFormSubmitted(PersistentButton, pattern=re.compile(f"{ANSWER_FORM}:{_PLACE}")):
    """The modal submitted: graded, recorded once, and "Locked in" with what was recorded.
    Never shown as a button; the router finds it by the modal's custom_id."""

    failure_key = "errors.failed_answer"

    def __init__(self, round_id: int, index: int) -> None:
        self.round_id, self.index = round_id, index
        super().__init__(f"{ANSWER_FORM}:{round_id}:{index}", "?")

    @classmethod
    def from_match(cls, match: re.Match[str]) -> AnswerFormSubmitted:
        return cls(int(match["round"]), int(match["index"]))

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        kind = discord.InteractionType.modal_submit
        found = await _asked(interaction, self.round_id, self.index, kind)
        if found is None:
            return
        read, question = found
        response = submitted_response(question, interaction.data or {})
        marked = None if response is None else mark(question, response)
        if response is None or marked is None:
            await reply(interaction, no_answer_text(response, interaction.locale.value))
            return
        deadline = AckDeadline(interaction)  # acknowledged once committed, deferred if slow
        try:
            result = await recorded(interaction, read, read.question_ids[self.index], recall=marked)
        finally:
            await deadline.met()
        order = shown_order(self.round_id, question)
        await reply(interaction, _locked_in_text(result, read, order, interaction.locale.value))


def open_id(round_id: int, index: int) -> str:
    """The custom_id of the button that opens question ``index``'s modal."""
    return f"{ANSWER_OPEN}:{round_id}:{index}"


async def _asked(
    interaction: discord.Interaction[Any], round_id: int, index: int, kind: discord.InteractionType
) -> tuple[RoundRead, Question] | None:
    """The round and its question ``index``, when the interaction is of ``kind`` and comes
    from the question's own message, and the question is answered from memory; otherwise
    refused (said privately) and None."""
    read = None
    if interaction.type is kind:
        read = await round_message(
            interaction, round_id, question_purpose(index), open_id(round_id, index)
        )
    question_id = None if read is None else read.question_id(index)
    if read is None or question_id is None:
        await refuse(interaction)
        return None
    shelf = ctx_of(interaction).shelf
    pack = await shelf.played_pack(read.guild_id, read.pack_id, read.version_id)
    question = None if pack is None else pack.question(question_id)
    if question is None or question.single_choice:
        await refuse(interaction)
        return None
    return read, question


def _locked_in_text(result: AnswerResult, read: RoundRead, order: Order, locale: str) -> str:
    refused = refusal_text(result, locale)
    if refused is not None or result.recall is None:
        return refused or tr(locale, "round.question_closed")
    given = given_text(result.recall, order, locale)
    if result.outcome is not AnswerOutcome.RECORDED:
        return tr(locale, "round.already_answered_given", given=given)
    text = tr(locale, "round.locked_in_given", given=given)
    team = locked_in_team(read.teams, result.team, locale)
    return f"{text}\n{team}" if team else text
