"""The buttons of round messages. Each custom_id carries what its click needs, so buttons
posted before a restart work after it (clicks reach them through ``ButtonRouter``, kit/buttons.py).

Options are shown in the round's own order (``shown_order``): the button at position ``p``
shows letter ``p`` and carries the pack's option ``order[p]``, so answers are stored in the
pack's terms and every letter a member reads is the one on the button they saw.

A custom_id is only what the client sent: each button acts only when clicked on its round's own
message, in the round's server and channel (kit/button_origin.py)."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.app.kit import metrics, recall_texts
from bot.app.kit.ack_deadline import AckDeadline
from bot.app.kit.button_origin import (
    NOT_HERE,
    clicked_on,
    question_purpose,
    refuse,
    round_message,
)
from bot.app.kit.buttons import PersistentButton
from bot.app.kit.catalogue import tr
from bot.app.kit.context import ctx_of
from bot.app.kit.custom_ids import ANSWER, WHY
from bot.app.kit.message_parts import letter
from bot.app.kit.replies import reply, say
from bot.app.rounds.teams import held_roles, locked_in_team
from bot.quiz.answers.grading import Marked
from bot.quiz.model import Pack, Question
from bot.quiz.rounds.shuffle import shown_order, shown_position
from bot.quiz.rounds.teams import TeamPlan
from bot.storage.results import AnswerOutcome, AnswerResult, RoundView
from bot.storage.rounds import lifecycle, member_answers
from bot.storage.rounds.recorder import record_answer
from bot.storage.rounds.round_cache import RoundRead, round_cache

Order = tuple[int, ...]  # the pack's option indices in the order a round shows them


class AnswerButton(
    PersistentButton,
    pattern=re.compile(rf"{ANSWER}:(?P<round>[0-9]+):(?P<index>[0-9]+):(?P<option>[0-9])"),
):
    failure_key = "errors.failed_answer"

    def __init__(
        self,
        round_id: int,
        index: int,
        option: int,
        label: str = "?",
        *,
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        disabled: bool = False,
    ) -> None:
        self.round_id, self.index, self.option = round_id, index, option
        custom_id = f"{ANSWER}:{round_id}:{index}:{option}"
        super().__init__(custom_id, label, style, disabled=disabled)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> AnswerButton:
        return cls(int(match["round"]), int(match["index"]), int(match["option"]))

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        # Acknowledged only once committed; a slow commit is deferred within Discord's 3 s.
        deadline = AckDeadline(interaction)
        try:
            recorded = await self._record(interaction)
        finally:
            await deadline.met()
        locale = interaction.locale.value
        if recorded is None:
            await reply(interaction, tr(locale, NOT_HERE))
            return
        result, order, teams = recorded
        text = _answer_text(result, order, locale)
        if result.outcome is AnswerOutcome.RECORDED:
            team = locked_in_team(teams, result.team, locale)
            text += f"\n{team}" if team else ""
        await reply(interaction, text)

    async def _record(
        self, interaction: discord.Interaction[Any]
    ) -> tuple[AnswerResult, Order, TeamPlan | None] | None:
        """The answer's outcome, the order the round shows the question's options in and the
        round's teams; None if the click did not come from the question's own message or names
        no option of it."""
        # The round is read once per round (and message); whether the round and the question
        # are still open is decided by the answer's own transaction, not by a read before it.
        purpose = question_purpose(self.index)
        found = await round_message(interaction, self.round_id, purpose, self.custom_id)
        question_id = None if found is None else found.question_id(self.index)
        if found is None or question_id is None:
            return None
        ctx = ctx_of(interaction)
        # The round's own version of its pack (cached: no read per click).
        pack = await ctx.shelf.played_pack(found.guild_id, found.pack_id, found.version_id)
        question = _question_in(pack, question_id)
        # One button per option only on a one-answer question (the others have their modal).
        if question is not None and not (
            question.single_choice and 0 <= self.option < len(question.options)
        ):
            return None
        order = () if question is None else shown_order(self.round_id, question)
        result = await recorded(interaction, found, question_id, option_index=self.option)
        return result, order, found.teams


async def recorded(
    interaction: discord.Interaction[Any],
    found: RoundRead,
    question_id: str,
    *,
    option_index: int | None = None,
    recall: Marked | None = None,
) -> AnswerResult:
    """The member's answer to ``question_id`` of the round ``found``, recorded once: one
    option, or an answer from memory, marked."""
    ctx = ctx_of(interaction)
    result = await record_answer(
        ctx.db,
        round_id=found.round_id,
        question_id=question_id,
        member_id=interaction.user.id,
        option_index=option_index,
        recall=recall,
        now=ctx.clock.now(),
        held_roles=held_roles(interaction) if found.teams is not None else (),
    )
    if result.outcome is AnswerOutcome.RECORDED:
        metrics.ANSWERS_RECORDED.inc()
        ctx.conductor.note_answer(found.round_id)
    return result


def _question_in(pack: Pack | None, question_id: str) -> Question | None:
    return pack.question(question_id) if pack is not None else None


def _answer_text(result: AnswerResult, order: Order, locale: str) -> str:
    refused = refusal_text(result, locale)
    if refused is not None or result.option_index is None:
        return refused or tr(locale, "round.question_closed")
    key = (
        "round.locked_in" if result.outcome is AnswerOutcome.RECORDED else "round.already_answered"
    )
    return tr(locale, key, letter=letter(shown_position(order, result.option_index)))


def refusal_text(result: AnswerResult, locale: str) -> str | None:
    """Why an answer was not taken, if it was not (neither recorded nor answered before)."""
    if result.outcome is AnswerOutcome.ROUND_OVER:
        return tr(locale, "round.round_over")
    if result.outcome is AnswerOutcome.PAUSED:
        return tr(locale, "round.paused_click")
    if result.outcome is AnswerOutcome.QUESTION_CLOSED:
        return tr(locale, "round.question_closed")
    return None


class WhyButton(
    PersistentButton, pattern=re.compile(rf"{WHY}:(?P<round>[0-9]+):(?P<index>[0-9]+)")
):
    def __init__(self, round_id: int, index: int, label: str = "?") -> None:
        self.round_id, self.index = round_id, index
        super().__init__(f"{WHY}:{round_id}:{index}", label, row=1)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> WhyButton:
        return cls(int(match["round"]), int(match["index"]))

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        ctx = ctx_of(interaction)
        # Read afresh (once the cache says there is such a round): what was right is told only
        # on the question's own message, and only once the question has closed.
        known = await round_cache(ctx.db).round(self.round_id) is not None
        view = await lifecycle.get_round(ctx.db, self.round_id) if known else None
        purpose = question_purpose(self.index)
        if view is None or not clicked_on(interaction, view, purpose, self.custom_id):
            await refuse(interaction)
            return
        if not _closed(view, self.index):
            await say(interaction, "round.why_not_yet")
            return
        question_id = view.question_order[self.index]  # asked, so in the round
        answer = await member_answers.member_answer(
            ctx.db, round_id=self.round_id, question_id=question_id, member_id=interaction.user.id
        )
        pack = await ctx.shelf.played_pack(view.guild_id, view.pack_id, view.pack_version_id)
        question = _question_in(pack, question_id)
        if answer is None or question is None:
            await say(interaction, "round.why_no_answer")
            return
        order, locale = shown_order(self.round_id, question), interaction.locale.value
        if answer.recall is not None:
            await reply(interaction, recall_texts.why_text(question, answer.recall, order, locale))
        elif answer.option_index is not None and answer.option_index < len(question.options):
            await reply(interaction, _why_text(question, answer.option_index, order, locale))
        else:  # an answer of another kind than its question is now (the pack changed)
            await say(interaction, "round.why_no_answer")


def _closed(view: RoundView, index: int) -> bool:
    """Whether question ``index`` of the round has been asked and has closed (ending a round
    closes its open question)."""
    return index < view.question_index or (index == view.question_index and not view.question_open)


def _why_text(question: Question, picked_index: int, order: Order, locale: str) -> str:
    picked = question.options[picked_index]
    picked_letter = letter(shown_position(order, picked_index))
    if picked.correct:
        return tr(locale, "round.why_correct", letter=picked_letter)
    if picked.why is None:
        correct = letter(shown_position(order, question.correct_index))
        return tr(locale, "round.why_wrong_no_reason", letter=picked_letter, correct=correct)
    return tr(locale, "round.why_wrong", letter=picked_letter, why=picked.why.get(locale))


def reveal_view(
    round_id: int, index: int, order: Order, correct: int, locale: str
) -> discord.ui.View:
    """The options disabled with the correct one marked, and the private "why" button."""
    view = discord.ui.View(timeout=None)
    for position, option in enumerate(order):
        style = discord.ButtonStyle.success if option == correct else discord.ButtonStyle.secondary
        button = AnswerButton(round_id, index, option, letter(position), style=style, disabled=True)
        view.add_item(button)
    view.add_item(WhyButton(round_id, index, tr(locale, "round.why_button")))
    return view
