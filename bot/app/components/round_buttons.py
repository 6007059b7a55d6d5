"""The buttons of round messages. Each custom_id carries what its click needs, so buttons
posted before a restart work after it (discord.py dynamic items)."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import discord

from bot.app import metrics
from bot.app.components.base import PersistentButton
from bot.app.context import AppContext, ctx_of
from bot.app.i18n import tr
from bot.app.render.common import letter
from bot.app.replies import reply, say
from bot.quiz.model import Question
from bot.storage import member_answers, rounds
from bot.storage.question_orders import question_orders
from bot.storage.results import AnswerOutcome, AnswerResult

# An answer is acknowledged only once committed; if the commit is slow, defer within Discord's
# three seconds and tell the member when it lands.
ACK_BUDGET_S = 2.0


class AnswerButton(
    PersistentButton,
    template=re.compile(r"qa:(?P<round>[0-9]+):(?P<index>[0-9]+):(?P<option>[0-9])"),
):
    failure_key = "errors.failed_answer"

    def __init__(
        self,
        round_id: int,
        index: int,
        option: int,
        *,
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        disabled: bool = False,
    ) -> None:
        self.round_id, self.index, self.option = round_id, index, option
        custom_id = f"qa:{round_id}:{index}:{option}"
        super().__init__(custom_id, letter(option), style, disabled=disabled)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> AnswerButton:
        return cls(int(match["round"]), int(match["index"]), int(match["option"]))

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        ctx = ctx_of(interaction)
        recording = asyncio.ensure_future(self._record(ctx, interaction.user.id))
        done, _ = await asyncio.wait({recording}, timeout=ACK_BUDGET_S)
        if not done:
            await interaction.response.defer(ephemeral=True, thinking=True)
        result = await recording
        await reply(interaction, _answer_text(result, interaction.locale.value))

    async def _record(self, ctx: AppContext, member_id: int) -> AnswerResult:
        # The question order is read once per round; whether the round and the question are
        # still open is decided by the answer's own transaction, not by a read before it.
        question_id = await question_orders(ctx.db).question_id(self.round_id, self.index)
        if question_id is None:
            return _NO_SUCH_ROUND
        result = await rounds.record_answer(
            ctx.db,
            round_id=self.round_id,
            question_id=question_id,
            member_id=member_id,
            option_index=self.option,
            now=ctx.clock(),
        )
        if result.outcome is AnswerOutcome.RECORDED:
            metrics.ANSWERS_RECORDED.inc()
            ctx.conductor.note_answer(self.round_id)
        return result


_NO_SUCH_ROUND = AnswerResult(AnswerOutcome.ROUND_OVER)


def _answer_text(result: AnswerResult, locale: str) -> str:
    if result.outcome is AnswerOutcome.ROUND_OVER:
        return tr(locale, "round.round_over")
    if result.outcome is AnswerOutcome.QUESTION_CLOSED or result.option_index is None:
        return tr(locale, "round.question_closed")
    key = (
        "round.locked_in" if result.outcome is AnswerOutcome.RECORDED else "round.already_answered"
    )
    return tr(locale, key, letter=letter(result.option_index))


class WhyButton(PersistentButton, template=re.compile(r"qw:(?P<round>[0-9]+):(?P<index>[0-9]+)")):
    def __init__(self, round_id: int, index: int, label: str = "?") -> None:
        self.round_id, self.index = round_id, index
        super().__init__(f"qw:{round_id}:{index}", label, row=1)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> WhyButton:
        return cls(int(match["round"]), int(match["index"]))

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        ctx = ctx_of(interaction)
        view = await rounds.get_round(ctx.db, self.round_id)
        question_id = view.question_order[self.index]
        answer = await member_answers.member_answer(
            ctx.db, round_id=self.round_id, question_id=question_id, member_id=interaction.user.id
        )
        pack = (await ctx.shelf.view(view.guild_id)).known.get(view.pack_id)
        question = pack.question(question_id) if pack is not None else None
        if answer is None or answer.option_index is None or question is None:
            await say(interaction, "round.why_no_answer")
        else:
            await reply(
                interaction, _why_text(question, answer.option_index, interaction.locale.value)
            )


def _why_text(question: Question, picked_index: int, locale: str) -> str:
    picked = question.options[picked_index]
    if picked.correct:
        return tr(locale, "round.why_correct", letter=letter(picked_index))
    if picked.why is None:
        correct = letter(question.correct_index)
        return tr(locale, "round.why_wrong_no_reason", letter=letter(picked_index), correct=correct)
    return tr(locale, "round.why_wrong", letter=letter(picked_index), why=picked.why.get(locale))


def question_view(round_id: int, index: int, option_count: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for option in range(option_count):
        view.add_item(AnswerButton(round_id, index, option))
    return view


def reveal_view(
    round_id: int, index: int, option_count: int, correct: int, locale: str
) -> discord.ui.View:
    """The options disabled with the correct one marked, and the private "why" button."""
    view = discord.ui.View(timeout=None)
    for option in range(option_count):
        style = discord.ButtonStyle.success if option == correct else discord.ButtonStyle.secondary
        view.add_item(AnswerButton(round_id, index, option, style=style, disabled=True))
    view.add_item(WhyButton(round_id, index, tr(locale, "round.why_button")))
    return view


def standings_view(round_id: int, locale: str) -> discord.ui.View:
    from bot.app.components.review_buttons import MissedButton  # noqa: PLC0415  # import cycle

    view = discord.ui.View(timeout=None)
    view.add_item(MissedButton(round_id, tr(locale, "round.review_missed_button")))
    return view
