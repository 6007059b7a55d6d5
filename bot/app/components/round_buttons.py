"""The buttons of round messages. Each custom_id carries what its click needs, so buttons
posted before a restart work after it (clicks reach them through ``ButtonRouter``, base.py).

Options are shown in the round's own order (``shown_order``): the button at position ``p``
shows letter ``p`` and carries the pack's option ``order[p]``, so answers are stored in the
pack's terms and every letter a member reads is the one on the button they saw."""

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
from bot.quiz.model import Pack, Question
from bot.quiz.shuffle import option_order, round_option_seed, shown_position
from bot.storage import member_answers, rounds
from bot.storage.question_orders import question_orders
from bot.storage.results import AnswerOutcome, AnswerResult

# An answer is acknowledged only once committed; if the commit is slow, defer within Discord's
# three seconds and tell the member when it lands.
ACK_BUDGET_S = 2.0

Order = tuple[int, ...]  # the pack's option indices in the order a round shows them


class AnswerButton(
    PersistentButton,
    pattern=re.compile(r"qa:(?P<round>[0-9]+):(?P<index>[0-9]+):(?P<option>[0-9])"),
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
        custom_id = f"qa:{round_id}:{index}:{option}"
        super().__init__(custom_id, label, style, disabled=disabled)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> AnswerButton:
        return cls(int(match["round"]), int(match["index"]), int(match["option"]))

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        ctx = ctx_of(interaction)
        deadline = AckDeadline(interaction, ACK_BUDGET_S)
        try:
            result, order = await self._record(ctx, interaction.guild_id, interaction.user.id)
        finally:
            await deadline.met()
        await reply(interaction, _answer_text(result, order, interaction.locale.value))

    async def _record(
        self, ctx: AppContext, guild_id: int | None, member_id: int
    ) -> tuple[AnswerResult, Order]:
        """The answer's outcome, and the order the round shows the question's options in."""
        # The question order is read once per round; whether the round and the question are
        # still open is decided by the answer's own transaction, not by a read before it.
        found = await question_orders(ctx.db).question(self.round_id, self.index)
        if found is None:
            return _NO_SUCH_ROUND, ()
        # The round's own version of its pack (cached: no read per click).
        pack = await ctx.shelf.played_pack(guild_id, found.pack_id, found.version_id)
        question = _question_in(pack, found.question_id)
        order = () if question is None else shown_order(self.round_id, question)
        result = await rounds.record_answer(
            ctx.db,
            round_id=self.round_id,
            question_id=found.question_id,
            member_id=member_id,
            option_index=self.option,
            now=ctx.clock(),
        )
        if result.outcome is AnswerOutcome.RECORDED:
            metrics.ANSWERS_RECORDED.inc()
            ctx.conductor.note_answer(self.round_id)
        return result, order


_NO_SUCH_ROUND = AnswerResult(AnswerOutcome.ROUND_OVER)


def shown_order(round_id: int, question: Question) -> Order:
    """The pack's option indices in the order round ``round_id`` shows them."""
    return option_order(round_option_seed(round_id, question.id), len(question.options))


def _question_in(pack: Pack | None, question_id: str) -> Question | None:
    return pack.question(question_id) if pack is not None else None


def _answer_text(result: AnswerResult, order: Order, locale: str) -> str:
    if result.outcome is AnswerOutcome.ROUND_OVER:
        return tr(locale, "round.round_over")
    if result.outcome is AnswerOutcome.QUESTION_CLOSED or result.option_index is None:
        return tr(locale, "round.question_closed")
    key = (
        "round.locked_in" if result.outcome is AnswerOutcome.RECORDED else "round.already_answered"
    )
    return tr(locale, key, letter=letter(shown_position(order, result.option_index)))


class AckDeadline:
    """Defers the interaction ("thinking", privately) if the work is not done ``after_s`` after
    the click, so that Discord's three seconds never run out. A timer, not a task and a wait,
    because nearly every click beats it."""

    def __init__(self, interaction: discord.Interaction[Any], after_s: float) -> None:
        self._interaction = interaction
        self._deferring: asyncio.Task[Any] | None = None
        self._timer = asyncio.get_running_loop().call_later(after_s, self._defer)

    def _defer(self) -> None:
        response = self._interaction.response
        self._deferring = asyncio.create_task(response.defer(ephemeral=True, thinking=True))

    async def met(self) -> None:
        """Stops the timer; if it went off, waits for the deferral (a reply must follow it)."""
        self._timer.cancel()
        if self._deferring is not None:
            await self._deferring


class WhyButton(PersistentButton, pattern=re.compile(r"qw:(?P<round>[0-9]+):(?P<index>[0-9]+)")):
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
        pack = await ctx.shelf.played_pack(view.guild_id, view.pack_id, view.pack_version_id)
        question = _question_in(pack, question_id)
        if answer is None or answer.option_index is None or question is None:
            await say(interaction, "round.why_no_answer")
        else:
            order = shown_order(self.round_id, question)
            text = _why_text(question, answer.option_index, order, interaction.locale.value)
            await reply(interaction, text)


def _why_text(question: Question, picked_index: int, order: Order, locale: str) -> str:
    picked = question.options[picked_index]
    picked_letter = letter(shown_position(order, picked_index))
    if picked.correct:
        return tr(locale, "round.why_correct", letter=picked_letter)
    if picked.why is None:
        correct = letter(shown_position(order, question.correct_index))
        return tr(locale, "round.why_wrong_no_reason", letter=picked_letter, correct=correct)
    return tr(locale, "round.why_wrong", letter=picked_letter, why=picked.why.get(locale))


def question_view(round_id: int, index: int, order: Order) -> discord.ui.View:
    """The buttons of a question as posted before layouts (round_v2): the tests post such a
    message to check that those still in channels keep working."""
    view = discord.ui.View(timeout=None)
    for position, option in enumerate(order):
        view.add_item(AnswerButton(round_id, index, option, letter(position)))
    return view


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
