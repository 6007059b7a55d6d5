"""The button of a review card answered from memory: it opens the card's modal at once (the
packs this process keeps; no database read), which comes back to ``ReviewFormSubmitted``
(buttons.py) with the same fields."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.app.kit.answer_forms import answer_modal
from bot.app.kit.button_origin import carried, refuse
from bot.app.kit.buttons import PersistentButton
from bot.app.kit.catalogue import tr
from bot.app.kit.custom_ids import REVIEW_FORM, REVIEW_OPEN
from bot.app.review.custom_ids import REVIEW_OPEN_ID, SessionCode, recall_id
from bot.app.review.session import keys_here, session_here
from bot.app.shelf.question_keys import shown_of
from bot.quiz.model import Pack, Question
from bot.quiz.review.session import Session, Shown


class ReviewFormButton(PersistentButton, pattern=REVIEW_OPEN_ID):
    def __init__(
        self,
        code: SessionCode,
        question_key: str,
        order: tuple[int, ...],
        shown: Shown,
        label: str = "?",
    ) -> None:
        self.code, self.question_key, self.order, self.shown = code, question_key, order, shown
        custom_id = recall_id(REVIEW_OPEN, code, question_key, order, shown)
        super().__init__(custom_id, label, discord.ButtonStyle.primary)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ReviewFormButton:
        shown = shown_of(match["shown"] or "n")
        order = tuple(int(option) for option in match["order"])
        return cls(SessionCode.from_match(match), match["question"], order, shown)

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        found = await recalled_card(interaction, self.code, self.question_key, self.custom_id)
        if found is None:
            return
        _session, pack, question = found
        locale = interaction.locale.value
        title = tr(locale, "review.title", pack=pack.title.get(locale))
        form_id = recall_id(REVIEW_FORM, self.code, self.question_key, self.order, self.shown)
        shown_options = len(self.order) == len(question.options)
        order = self.order if shown_options else tuple(range(len(question.options)))
        modal = answer_modal(question, locale, custom_id=form_id, title=title, order=order)
        await interaction.response.send_modal(modal)


async def recalled_card(
    interaction: discord.Interaction[Any], code: SessionCode, question_key: str, opener: str
) -> tuple[Session, Pack, Question] | None:
    """The session, the card's pack and question, when the member's own session clicked (or
    submitted the modal of) the opener ``opener`` on the card's own message, and the card is
    answered from memory; otherwise refused (said privately) and None."""
    session = await session_here(interaction, code)
    if session is None:
        return None
    keys = await keys_here(interaction)
    found = keys.questions.get(question_key)
    if not carried(interaction, opener) or found is None or found[1].single_choice:
        await refuse(interaction)
        return None
    return session, *found
