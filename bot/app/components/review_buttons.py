"""Private review sessions. The session (member, counts, what is reviewed) rides in the
custom_ids, so a session needs no memory in the bot and survives restarts."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

import discord

from bot.app.components.base import PersistentButton
from bot.app.context import AppContext, ctx_of
from bot.app.i18n import tr
from bot.app.keys import stable_key
from bot.app.render.common import letter
from bot.app.render.review import (
    nothing_due_text,
    review_question_embed,
    review_result_embed,
    review_summary_embed,
)
from bot.app.replies import reply, say
from bot.quiz.model import Pack, Question
from bot.storage import member_answers, reviews, rounds

SESSION = r"(?P<member>[0-9]+):(?P<reviewed>[0-9]+):(?P<correct>[0-9]+)"
SCOPE = r"(?P<scope>|p[0-9a-f]+|r[0-9]+\.[0-9]+)"


@dataclass(frozen=True, slots=True)
class Session:
    """Whose review it is, how it went so far, and what it covers.

    ``scope`` is "" (everything due), "p<pack key>" (one pack) or "r<round>.<position>" (the
    questions the member missed in a round, from that position on).
    """

    member_id: int
    reviewed: int = 0
    correct: int = 0
    scope: str = ""

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Session:
        scope = match.groupdict().get("scope") or ""
        return cls(int(match["member"]), int(match["reviewed"]), int(match["correct"]), scope)

    @property
    def ids(self) -> str:
        return f"{self.member_id}:{self.reviewed}:{self.correct}"

    def after(self, *, right: bool) -> Session:
        scope = self.scope
        if scope.startswith("r"):
            round_id, position = scope[1:].split(".")
            scope = f"r{round_id}.{int(position) + 1}"
        return replace(self, reviewed=self.reviewed + 1, correct=self.correct + right, scope=scope)


async def start_review(interaction: discord.Interaction[Any], session: Session) -> None:
    """The first screen of a session, as a new private message."""
    await _show_next(interaction, session, edit=False)


class ReviewAnswerButton(
    PersistentButton,
    template=re.compile(rf"ra:{SESSION}:(?P<question>[0-9a-f]+):(?P<option>[0-9]):{SCOPE}"),
):
    def __init__(self, session: Session, question_key: str, option: int) -> None:
        self.session, self.question_key, self.option = session, question_key, option
        custom_id = f"ra:{session.ids}:{question_key}:{option}:{session.scope}"
        super().__init__(custom_id, letter(option), discord.ButtonStyle.primary)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ReviewAnswerButton:
        return cls(Session.from_match(match), match["question"], int(match["option"]))

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        if not await _is_owner(interaction, self.session):
            return
        ctx = ctx_of(interaction)
        found = ctx.keys.questions.get(self.question_key)
        if found is None:  # the pack changed since this question was shown
            await _show_next(interaction, self.session, edit=True)
            return
        pack, question = found
        now = ctx.clock()
        outcome = await reviews.grade_review(
            ctx.db,
            member_id=self.session.member_id,
            pack_id=pack.id,
            question_id=question.id,
            option_index=self.option,
            response_ms=_ms_since_shown(interaction, now),
            now=now,
        )
        locale = interaction.locale.value
        embed = review_result_embed(pack, question, locale, picked=self.option, due=outcome.due)
        session = self.session.after(right=outcome.correct)
        await interaction.response.edit_message(embed=embed, view=_next_or_stop(session, locale))


class ReviewNextButton(PersistentButton, template=re.compile(rf"rn:{SESSION}:{SCOPE}")):
    def __init__(self, session: Session, label: str = "→") -> None:
        self.session = session
        super().__init__(f"rn:{session.ids}:{session.scope}", label, discord.ButtonStyle.primary)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ReviewNextButton:
        return cls(Session.from_match(match))

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        if await _is_owner(interaction, self.session):
            await _show_next(interaction, self.session, edit=True)


class ReviewStopButton(PersistentButton, template=re.compile(rf"rs:{SESSION}")):
    def __init__(self, session: Session, label: str = "■") -> None:
        self.session = session
        super().__init__(f"rs:{session.ids}", label, row=1)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ReviewStopButton:
        return cls(Session.from_match(match))

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        if await _is_owner(interaction, self.session):
            await _show_summary(interaction, self.session, edit=True)


class MissedButton(PersistentButton, template=re.compile(r"rm:(?P<round>[0-9]+)")):
    """On a round's standings: each member reviews, privately, what they missed in it."""

    def __init__(self, round_id: int, label: str = "?") -> None:
        self.round_id = round_id
        super().__init__(f"rm:{round_id}", label, discord.ButtonStyle.success)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> MissedButton:
        return cls(int(match["round"]))

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        await start_review(interaction, Session(interaction.user.id, scope=f"r{self.round_id}.0"))


async def _is_owner(interaction: discord.Interaction[Any], session: Session) -> bool:
    if interaction.user.id == session.member_id:
        return True
    await say(interaction, "review.not_yours")
    return False


async def _show_next(
    interaction: discord.Interaction[Any], session: Session, *, edit: bool
) -> None:
    ctx = ctx_of(interaction)
    locale = interaction.locale.value
    card = await _next_card(ctx, session)
    if card is None:
        await _show_summary(interaction, session, edit=edit)
        return
    pack, question, is_new = card
    note = tr(locale, "review.first_new") if is_new and session.reviewed == 0 else None
    embed = review_question_embed(pack, question, locale, is_new=is_new, note=note)
    key = stable_key(pack.id, question.id)
    view = discord.ui.View(timeout=None)
    for option in range(len(question.options)):
        view.add_item(ReviewAnswerButton(session, key, option))
    view.add_item(ReviewStopButton(session, tr(locale, "review.stop_button")))
    await _send(interaction, embed=embed, view=view, edit=edit)


async def _next_card(ctx: AppContext, session: Session) -> tuple[Pack, Question, bool] | None:
    if session.scope.startswith("r"):
        round_id, position = (int(part) for part in session.scope[1:].split("."))
        view = await rounds.get_round(ctx.db, round_id)
        missed = await member_answers.missed_questions(ctx.db, round_id, session.member_id)
        pack = ctx.library.get(view.pack_id)
        questions = [q for q in (pack.question(m) for m in missed) if q] if pack else []
        if pack is None or position >= len(questions):
            return None
        return pack, questions[position], False
    pack_filter = ctx.keys.packs.get(session.scope[1:]) if session.scope else None
    queue = await reviews.next_review(
        ctx.db, session.member_id, ctx.clock(), pack_filter.id if pack_filter else None
    )
    if queue.card is None:
        return None
    found = ctx.keys.questions.get(stable_key(queue.card.pack_id, queue.card.question_id))
    return None if found is None else (*found, queue.card.is_new)


async def _show_summary(
    interaction: discord.Interaction[Any], session: Session, *, edit: bool
) -> None:
    ctx = ctx_of(interaction)
    locale = interaction.locale.value
    queue = await reviews.next_review(ctx.db, session.member_id, ctx.clock())
    next_due = queue.next_due if queue.card is None else ctx.clock()
    if session.reviewed == 0 and not edit:
        missed_round = session.scope.startswith("r")
        text = tr(locale, "round.nothing_missed") if missed_round else None
        await reply(interaction, text or nothing_due_text(locale, next_due))
        return
    embed = review_summary_embed(
        locale, reviewed=session.reviewed, correct=session.correct, next_due=next_due
    )
    await _send(interaction, embed=embed, view=None, edit=edit)


def _next_or_stop(session: Session, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ReviewNextButton(session, tr(locale, "review.next_button")))
    view.add_item(ReviewStopButton(session, tr(locale, "review.stop_button")))
    return view


async def _send(
    interaction: discord.Interaction[Any],
    *,
    embed: discord.Embed,
    view: discord.ui.View | None,
    edit: bool,
) -> None:
    if edit:
        await interaction.response.edit_message(embed=embed, view=view)
    else:
        await reply(interaction, embed=embed, view=view)


def _ms_since_shown(interaction: discord.Interaction[Any], now: datetime) -> int:
    """How long the member looked at the question: since the message last changed."""
    message = interaction.message
    if message is None:
        return 0
    shown = message.edited_at or message.created_at
    return max(0, int((now - shown).total_seconds() * 1000))
