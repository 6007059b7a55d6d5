"""Delivers the messages a round owes (bot/storage/rounds/outbox.py) until Discord confirms them.

Edits are idempotent: a reveal is rendered from the database and sent again unchanged. A post
may have reached Discord before its sender crashed or lost the reply, so every post after the
first try first looks for itself among the channel's recent messages, by a custom_id only that
message carries.

A reveal posted on its own (its question message gone) carries its question's picture anew
(round_messages.py renders and edits the messages).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

import discord

from bot.app.kit.button_origin import question_purpose
from bot.app.kit.custom_ids import ANSWER, MISSED, WHY
from bot.app.kit.posted_messages import find_posted
from bot.app.kit.retry import UNKNOWN_MESSAGE, Patience, describe
from bot.app.rounds.layouts import reveal_layout, standings_layout, why_it_ended
from bot.app.rounds.round_messages import Channel, RoundMessages
from bot.app.rounds.start_cards import start_card_of
from bot.app.shelf.outcomes import ContentGoneError
from bot.quiz.rounds.rules import Message, RoundState
from bot.quiz.rounds.shuffle import shown_order
from bot.storage.database import Database
from bot.storage.results import Delivery, RoundView
from bot.storage.rounds import lifecycle, outbox, tallies

log = logging.getLogger(__name__)

SLACK_S = 1.0  # a question whose post took longer than this is edited to show its real time
Post = Callable[[Channel], Awaitable[discord.Message]]


class RoundOutbox:
    def __init__(
        self,
        messages: RoundMessages,
        db: Database,
        clock: Callable[[], datetime],
        patience: Patience,
    ) -> None:
        self._messages = messages
        self._db = db
        self._clock = clock
        self._patience = patience

    async def deliver(self, view: RoundView, delivery: Delivery) -> None:
        """Sends one owed message and records it; retries passing failures until it lands."""
        sends = _Sends(delivery.attempts)
        what = f"round {view.id}: {delivery.kind} {delivery.question_index}"
        if delivery.kind is Message.QUESTION:
            index = _index(delivery)
            message_id, early = await self._patience.run(
                lambda: self._post_question(view, delivery, index, sends), what
            )
            if early:
                await self._refresh_closing_time(view, index, message_id)
        elif delivery.kind is Message.REVEAL:
            index = _index(delivery)
            await self._patience.run(lambda: self._reveal(view, delivery, index, sends), what)
        elif delivery.kind is Message.START:
            await self._patience.run(lambda: self._post_start(view, delivery), what)
        elif delivery.kind is Message.TIMER:
            index = _index(delivery)
            await self._patience.run(lambda: self._show_timer(view, delivery, index), what)
        else:
            await self._patience.run(lambda: self._post_standings(view, delivery, sends), what)

    async def _post_question(
        self, view: RoundView, delivery: Delivery, index: int, sends: _Sends
    ) -> tuple[int, bool]:
        """Posts the question and starts its time; its message id, and whether the closing time
        it shows is earlier than the real one."""
        shown = self._clock() + timedelta(seconds=view.question_seconds)
        layout = await self._messages.question_layout(view, index, answered=0, closes_at=shown)
        marker = f"{ANSWER}:{view.id}:{index}:"
        message, found = await self._find_or_post(
            view,
            delivery,
            sends,
            marker,
            lambda c: self._messages.send_pictured(c, view, index, layout),
        )
        self._messages.posted(message)
        # Members see it from when Discord took it (its id's time), which is also before any
        # click on it, however late the confirmation reaches this process.
        closes_at = await outbox.question_posted(self._db, delivery, message.id, message.created_at)
        late = closes_at is not None and (closes_at - shown).total_seconds() > SLACK_S
        return message.id, found or late

    async def _refresh_closing_time(self, view: RoundView, index: int, message_id: int) -> None:
        """The post took long enough that the time shown is early: show the real one. A courtesy
        (the next counter edit shows it too), so a failure is only logged."""
        try:
            fresh = await lifecycle.get_round(self._db, view.id)
            open_ = fresh.question_open and fresh.question_index == index and not fresh.paused
            if not open_ or fresh.closes_at is None or fresh.closes_at <= self._clock():
                return
            answered = (await tallies.tally(self._db, view.id, index)).answered
            await self._messages.edit_question(fresh, index, message_id, answered, fresh.closes_at)
        except Exception as error:  # noqa: BLE001  # see the docstring
            log.warning("round %s: closing time not refreshed (%s)", view.id, describe(error))

    async def _show_timer(self, view: RoundView, delivery: Delivery, index: int) -> None:
        """Shows an open question's timer as its round now stands: paused with the time it has
        left, or its new countdown. A question closed since owes its reveal next: no edit."""
        message_id = view.message_ids.get(question_purpose(index))
        open_ = view.question_open and view.question_index == index
        if message_id is not None and open_ and view.closes_at is not None:
            answered = (await tallies.tally(self._db, view.id, index)).answered
            try:
                await self._messages.edit_question(
                    view, index, message_id, answered, view.closes_at
                )
            except discord.NotFound as error:  # deleted: no countdown to show
                if error.code != UNKNOWN_MESSAGE:
                    raise
        await outbox.delivered(self._db, delivery, None, self._clock())

    async def _reveal(self, view: RoundView, delivery: Delivery, index: int, sends: _Sends) -> None:
        pack, question = await self._messages.question(view, index)
        locale = await self._messages.locale(view, pack)
        tally = await tallies.tally(self._db, view.id, index)
        # The order is derived from the round and question again, so it is the one the
        # question showed, before or after a restart.
        layout = reveal_layout(
            question,
            locale,
            round_id=view.id,
            index=index,
            total=len(view.question_order),
            tally=tally,
            order=shown_order(view.id, question),
            teams=view.teams,
        )
        # ``view`` was read after every earlier message of the round was confirmed.
        message_id = view.message_ids.get(question_purpose(index))
        if message_id is not None and await self._messages.edit_reveal(
            view,
            message_id,
            layout,
            lambda: self._messages.embed_reveal(view, question, locale, tally),
        ):
            await outbox.delivered(self._db, delivery, message_id, self._clock())
            return
        # The question message is gone (deleted, or never posted): the reveal stands alone.
        marker = f"{WHY}:{view.id}:{index}"
        message, _ = await self._find_or_post(
            view,
            delivery,
            sends,
            marker,
            lambda c: self._messages.send_pictured(c, view, index, layout),
        )
        await outbox.delivered(self._db, delivery, message.id, self._clock())

    async def _post_start(self, view: RoundView, delivery: Delivery) -> None:
        """A scheduled round's start card, with its ping. It carries no button to be found by,
        so a try whose confirmation was lost is sent again: at least once, as reminders are."""
        pack = await self._messages.pack(view)
        if pack is None:
            raise ContentGoneError("the round's pack is no longer there")
        card, allowed = await start_card_of(self._messages.client, self._db, view, pack)
        await outbox.note_attempt(self._db, delivery.id)
        message = await self._messages.channel(view).send(view=card, allowed_mentions=allowed)
        await outbox.delivered(self._db, delivery, message.id, self._clock())

    async def _post_standings(self, view: RoundView, delivery: Delivery, sends: _Sends) -> None:
        pack = await self._messages.pack(view)
        locale = await self._messages.locale(view, pack)
        title = pack.title.get(locale) if pack is not None else view.pack_id
        standings = await tallies.standings(self._db, view.id)
        stopped = view.state is RoundState.STOPPED
        teams = None
        if view.teams is not None:
            teams = (view.teams, await tallies.team_standings(self._db, view.id))
        layout = standings_layout(
            view.id,
            title,
            standings,
            locale,
            stopped=stopped,
            why=why_it_ended(view, locale),
            teams=teams,
        )
        message, _ = await self._find_or_post(
            view, delivery, sends, f"{MISSED}:{view.id}", lambda c: c.send(view=layout)
        )
        await outbox.delivered(self._db, delivery, message.id, self._clock())

    async def _find_or_post(
        self, view: RoundView, delivery: Delivery, sends: _Sends, marker: str, send: Post
    ) -> tuple[discord.Message, bool]:
        """The message carrying ``marker`` if an earlier try posted it, else a new post.
        True with a message that was found rather than posted now."""
        channel = self._messages.channel(view)
        if sends.count > 0:
            found = await find_posted(self._messages.client, channel, marker)
            if found is not None:
                log.info("round %s: found its %s message already posted", view.id, delivery.kind)
                return found, True
        await outbox.note_attempt(self._db, delivery.id)
        sends.count += 1
        return await send(channel), False


@dataclass
class _Sends:
    """Posts of one message that may have reached Discord, across the tries to deliver it."""

    count: int


def _index(delivery: Delivery) -> int:
    if delivery.question_index is None:
        raise ValueError(f"delivery {delivery.id} of a {delivery.kind} has no question")
    return delivery.question_index
