"""The buttons of private review sessions, and the messages they sit under. Every click is one
call to ``reviews.take`` with the member's action (session.py), and its step becomes a message;
what a button carries is in custom_ids.py. An answer counts only for a card the clicked message
shows.

A review is the member's own, across packs and servers: its buttons work in a server, in the
DM with the bot and in a group DM alike.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

import discord

from bot.app.kit.answer_forms import button_key, submitted_response
from bot.app.kit.button_origin import STANDINGS, carried, refuse, round_message
from bot.app.kit.buttons import PersistentButton
from bot.app.kit.catalogue import tr
from bot.app.kit.context import ctx_of
from bot.app.kit.custom_ids import REVIEW_FORM
from bot.app.kit.limits import EMBED_TOTAL, embed_length
from bot.app.kit.message_parts import letter
from bot.app.kit.places import shown_to_all
from bot.app.kit.recall_texts import no_answer_text
from bot.app.kit.replies import reply, say
from bot.app.review.custom_ids import (
    MISSED_ID,
    REVIEW_ANSWER_ID,
    REVIEW_FORM_ID,
    REVIEW_NEXT_ID,
    REVIEW_NOW_ID,
    REVIEW_STOP_ID,
    SessionCode,
    missed_id,
    recall_id,
    review_answer_id,
    review_next_id,
    review_now_id,
    review_stop_id,
)
from bot.app.review.messages import (
    card_order,
    leech_embeds,
    loaded_question,
    nothing_to_review_text,
    review_question_embed,
    review_result_embed,
    review_summary_embed,
)
from bot.app.review.recall_opener import ReviewFormButton, recalled_card
from bot.app.review.session import keys_here, scope_here, session_here, take_step
from bot.app.shelf.question_keys import QuestionKeys, shown_of, stable_key
from bot.quiz.answers.grading import mark
from bot.quiz.model import Question
from bot.quiz.review.session import (
    EVERYTHING,
    Answer,
    AnsweredStep,
    CardStep,
    Finish,
    Next,
    NothingStep,
    ResultStep,
    ReviewAction,
    Scope,
    Session,
    Shown,
    Start,
    SummaryStep,
)


async def start_review(interaction: discord.Interaction[Any], scope: Scope = EVERYTHING) -> None:
    """The first screen of the clicking member's review of ``scope``, as a new message."""
    await _take(interaction, Start(Session(interaction.user.id, scope=scope)))


class ReviewNowButton(PersistentButton, pattern=REVIEW_NOW_ID):
    """Starts a review for whoever clicks it, in a server or in a DM with the bot."""

    def __init__(self, scope: str = "", label: str = "→") -> None:
        self.scope = scope
        super().__init__(review_now_id(scope), label, discord.ButtonStyle.success)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ReviewNowButton:
        return cls(match["scope"])

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        # Only a pack's or everything: a missed round is reviewed from its standings.
        scope = None if self.scope.startswith("r") else await scope_here(interaction, self.scope)
        if scope is None:
            await refuse(interaction)
        else:
            await start_review(interaction, scope)


class MissedButton(PersistentButton, pattern=MISSED_ID):
    """On a round's standings: each member reviews, privately, what they missed in it."""

    def __init__(self, round_id: int, label: str = "?") -> None:
        self.round_id = round_id
        super().__init__(missed_id(round_id), label, discord.ButtonStyle.success)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> MissedButton:
        return cls(int(match["round"]))

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        # Only from the round's standings: before they are posted, the round still runs.
        if await round_message(interaction, self.round_id, STANDINGS, self.custom_id) is None:
            await refuse(interaction)
        else:
            await start_review(interaction, Scope(round_id=self.round_id))


class ReviewAnswerButton(PersistentButton, pattern=REVIEW_ANSWER_ID):
    """Carries the pack's option index (its label is the letter of where the card shows it)
    and the card as shown, so that only the first answer to it counts. Buttons from before
    they carried the card (no ``shown``) are graded as the card is."""

    def __init__(
        self,
        code: SessionCode,
        question_key: str,
        option: int,
        label: str = "?",
        shown: Shown | None = None,
    ) -> None:
        self.code, self.question_key, self.option = code, question_key, option
        self.shown = shown
        custom_id = review_answer_id(code, question_key, option, shown)
        super().__init__(custom_id, label, discord.ButtonStyle.primary)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ReviewAnswerButton:
        shown = None if match["shown"] is None else shown_of(match["shown"])
        code = SessionCode.from_match(match)
        return cls(code, match["question"], int(match["option"]), shown=shown)

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        session = await session_here(interaction, self.code)
        if session is None:
            return
        # The card answered is one this very message shows, not any the client names.
        if not carried(interaction, self.custom_id):
            await refuse(interaction)
            return
        keys = await keys_here(interaction)  # read once: the step and its message agree
        found = keys.questions.get(self.question_key)
        if found is None:  # the question left its pack since it was shown: go on
            await _take(interaction, Next(session), keys)
            return
        pack, question = found
        if not (question.single_choice and 0 <= self.option < len(question.options)):
            await refuse(interaction)
            return
        shown_for = _ms_since_shown(interaction, ctx_of(interaction).clock.now())
        answer = Answer(session, pack.id, question.id, self.option, shown_for, self.shown)
        await _take(interaction, answer, keys)


class ReviewFormSubmitted(PersistentButton, pattern=REVIEW_FORM_ID):
    """A card's modal submitted: graded and rescheduled once, like a click on an option; the
    card becomes its result. Never shown as a button; the router finds it by its custom_id."""

    def __init__(self, opener: ReviewFormButton) -> None:
        self.opener = opener
        form_id = recall_id(
            REVIEW_FORM, opener.code, opener.question_key, opener.order, opener.shown
        )
        super().__init__(form_id, "?")

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ReviewFormSubmitted:
        return cls(ReviewFormButton.from_match(match))

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        opener = self.opener
        if interaction.type is not discord.InteractionType.modal_submit:
            await refuse(interaction)
            return
        found = await recalled_card(interaction, opener.code, opener.question_key, opener.custom_id)
        if found is None:
            return
        session, pack, question = found
        response = submitted_response(question, interaction.data or {})
        marked = None if response is None else mark(question, response)
        if response is None or marked is None:
            await reply(interaction, no_answer_text(response, interaction.locale.value))
            return
        shown_for = _ms_since_shown(interaction, ctx_of(interaction).clock.now())
        answer = Answer(session, pack.id, question.id, None, shown_for, opener.shown, marked)
        await _take(interaction, answer)


class ReviewNextButton(PersistentButton, pattern=REVIEW_NEXT_ID):
    def __init__(self, code: SessionCode, label: str = "→") -> None:
        self.code = code
        super().__init__(review_next_id(code), label, discord.ButtonStyle.primary)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ReviewNextButton:
        return cls(SessionCode.from_match(match))

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        session = await session_here(interaction, self.code)
        if session is not None:
            await _take(interaction, Next(session))


class ReviewStopButton(PersistentButton, pattern=REVIEW_STOP_ID):
    def __init__(self, code: SessionCode, label: str = "■") -> None:
        self.code = code
        super().__init__(review_stop_id(code), label, row=1)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ReviewStopButton:
        return cls(SessionCode.from_match(match))

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        session = await session_here(interaction, self.code)
        if session is not None:
            await _take(interaction, Finish(session))


REVIEW_BUTTONS = (
    ReviewNowButton,
    MissedButton,
    ReviewAnswerButton,
    ReviewFormButton,
    ReviewFormSubmitted,
    ReviewNextButton,
    ReviewStopButton,
)


async def _take(
    interaction: discord.Interaction[Any], action: ReviewAction, keys: QuestionKeys | None = None
) -> None:
    """One service call for the member's action; its step shown, as a new message for a start
    and in place of the clicked message otherwise, with an embed for each leech the member is
    told of. ``keys``: the packs seen here, if the handler read them already."""
    step = await take_step(interaction, action)
    locale = interaction.locale.value
    private = not shown_to_all(interaction)
    if isinstance(step, AnsweredStep):  # the first click's result stays on the card
        await say(interaction, "review.already_answered")
        return
    keys = keys or await keys_here(interaction)
    if isinstance(step, NothingStep):
        text = nothing_to_review_text(locale, step)
        leeches = leech_embeds(keys, step.leeches, locale)
        await reply(interaction, text, embeds=leeches, ephemeral=private)
        return
    embed, view = _message_of(keys, step, locale)
    graded = step.grade if isinstance(step, ResultStep) else None
    budget = EMBED_TOTAL - embed_length(embed)
    leeches = leech_embeds(keys, step.leeches, locale, graded, budget)
    image = None if isinstance(step, SummaryStep) else _question_of(keys, step).image
    files = await ctx_of(interaction).shelf.pictures.files(image, locale)
    embeds = [embed, *leeches]
    if isinstance(action, Start):
        await reply(interaction, embeds=embeds, view=view, ephemeral=private, files=files)
    else:  # the files listed replace the card's: the next card's picture, or none
        await interaction.response.edit_message(embeds=embeds, view=view, attachments=files)


def _question_of(keys: QuestionKeys, step: CardStep | ResultStep) -> Question:
    card = step.card if isinstance(step, CardStep) else step.grade
    return loaded_question(keys, card.pack_id, card.question_id)[1]


def _message_of(
    keys: QuestionKeys, step: CardStep | ResultStep | SummaryStep, locale: str
) -> tuple[discord.Embed, discord.ui.View]:
    if isinstance(step, SummaryStep):
        return review_summary_embed(locale, step), discord.ui.View(timeout=None)
    code = SessionCode.of(step.session)
    view = discord.ui.View(timeout=None)
    if isinstance(step, CardStep):
        pack, question = loaded_question(keys, step.card.pack_id, step.card.question_id)
        key = stable_key(pack.id, question.id)
        order = card_order(code.member_id, pack, question, step.times_reviewed)
        if question.single_choice:
            for position, option in enumerate(order):
                button = ReviewAnswerButton(code, key, option, letter(position), step.shown)
                view.add_item(button)
        else:
            label = tr(locale, button_key(question))
            view.add_item(ReviewFormButton(code, key, order, step.shown, label))
        view.add_item(ReviewStopButton(code, tr(locale, "review.stop_button")))
        return review_question_embed(pack, question, locale, step, order), view
    pack, question = loaded_question(keys, step.grade.pack_id, step.grade.question_id)
    order = card_order(code.member_id, pack, question, step.grade.times_reviewed)
    if step.more:
        view.add_item(ReviewNextButton(code, tr(locale, "review.next_button")))
        view.add_item(ReviewStopButton(code, tr(locale, "review.stop_button")))
    else:
        view.add_item(ReviewStopButton(code, tr(locale, "review.finish_button")))
    return review_result_embed(pack, question, locale, step.grade, order), view


def _ms_since_shown(interaction: discord.Interaction[Any], now: datetime) -> int:
    """How long the member looked at the question: since the message last changed."""
    message = interaction.message
    if message is None:
        return 0
    shown = message.edited_at or message.created_at
    return max(0, int((now - shown).total_seconds() * 1000))
