"""Runs rounds in their channels: posts each question, closes it on time, reveals, finishes.

All round state lives in the database, so a restarted bot (or another process) picks a round up
where it was: `resume` closes and reveals questions whose time passed meanwhile and re-arms timers.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

import discord

from bot.app.components.round_buttons import question_view, reveal_view, standings_view
from bot.app.render.round import question_embed, reveal_embed, standings_embed
from bot.quiz.library import Library
from bot.quiz.model import Pack, Question
from bot.quiz.rounds import RoundState
from bot.storage import rounds, settings
from bot.storage.database import Database
from bot.storage.results import RoundView, Tally

log = logging.getLogger(__name__)

COUNTER_EDIT_INTERVAL_S = 3.0
RECENT_MESSAGES = 20  # how far back a restarted conductor looks for its own question message
RoundChannel = (
    discord.TextChannel | discord.Thread | discord.VoiceChannel
)  # at most one counter edit per question message this often


def question_key(index: int) -> str:
    return f"question:{index}"


@dataclass
class _OpenQuestion:
    """The live state of the question a round has open: skip requests and new answers."""

    skip: asyncio.Event = field(default_factory=asyncio.Event)
    answered: asyncio.Event = field(default_factory=asyncio.Event)
    closed: asyncio.Event = field(default_factory=asyncio.Event)


class RoundConductor:
    def __init__(
        self,
        client: discord.Client,
        db: Database,
        library: Library,
        clock: Callable[[], datetime],
        pause_between_questions_s: float = 3.0,
    ) -> None:
        self._client = client
        self._db = db
        self._library = library
        self._clock = clock
        self._pause_s = pause_between_questions_s
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._open: dict[int, _OpenQuestion] = {}

    def begin(self, round_id: int) -> None:
        """Conducts a running round from wherever it stands, unless this process already does."""
        if round_id in self._tasks:
            return
        task = asyncio.create_task(self._conduct(round_id), name=f"round-{round_id}")
        self._tasks[round_id] = task
        task.add_done_callback(lambda _: self._tasks.pop(round_id, None))

    async def resume(self) -> int:
        """Picks up every running round in the guilds this connection serves."""
        resumed = 0
        for view in await rounds.running_rounds(self._db):
            if self._client.get_guild(view.guild_id) is not None:
                self.begin(view.id)
                resumed += 1
        return resumed

    def note_answer(self, round_id: int) -> None:
        if (state := self._open.get(round_id)) is not None:
            state.answered.set()

    async def skip(self, view: RoundView) -> None:
        """Closes the open question now (its conductor, if here, moves on to the next)."""
        state = self._open.get(view.id)
        if state is not None:
            state.skip.set()
        elif view.question_open:
            await self._close_and_reveal(view, view.question_index)

    async def stop(self, view: RoundView) -> None:
        """Stops a round now: reveals the open question, then posts the standings so far."""
        task = self._tasks.pop(view.id, None)
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if view.question_open:
            await self._close_and_reveal(view, view.question_index)
        await self._finish(view, RoundState.STOPPED)

    async def shutdown(self) -> None:
        """Stops conducting (rounds stay running in the database, to be resumed)."""
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _conduct(self, round_id: int) -> None:
        try:
            while await self._step(await rounds.get_round(self._db, round_id)):
                pass
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("round %s stopped being conducted", round_id)

    async def _step(self, view: RoundView) -> bool:
        """Moves the round one question on; False when there is nothing more to do here."""
        if view.state is not RoundState.RUNNING:
            return False
        if view.question_open:
            index = view.question_index
            if question_key(index) not in view.message_ids:
                await self._recover_question_message(view, index)
            await self._wait_for_close(view)
            await self._close_and_reveal(view, index)
            return True
        index = view.question_index + 1
        if index >= len(view.question_order):
            await self._finish(view, RoundState.FINISHED)
            return False
        if index > 0 and self._pause_s:
            await asyncio.sleep(self._pause_s)  # a moment to read the last reveal
        opened = await rounds.open_question(self._db, view.id, index, self._clock())
        if opened is None:  # another process moved this round on
            return False
        await self._post_question(await rounds.get_round(self._db, view.id), index)
        return True

    async def _question_embed(
        self, view: RoundView, index: int, answered: int
    ) -> tuple[discord.Embed, Question]:
        pack, question = self._question(view, index)
        locale = await self.public_locale(view.guild_id, pack)
        assert view.closes_at is not None  # noqa: S101  # an open question has a closing time
        embed = question_embed(
            question,
            locale,
            number=index + 1,
            total=len(view.question_order),
            closes_at=view.closes_at,
            answered=answered,
        )
        return embed, question

    async def _post_question(self, view: RoundView, index: int) -> None:
        answered = (await rounds.tally(self._db, view.id, index)).answered
        embed, question = await self._question_embed(view, index, answered)
        channel = self._channel(view)
        message = await channel.send(
            embed=embed, view=question_view(view.id, index, len(question.options))
        )
        await rounds.set_message_id(self._db, view.id, question_key(index), message.id)

    async def _recover_question_message(self, view: RoundView, index: int) -> None:
        """After a stop between opening a question and saving its message id: find the message
        if it was posted (so it is not posted twice), else post it now."""
        prefix = f"qa:{view.id}:{index}:"
        async for message in self._channel(view).history(limit=RECENT_MESSAGES):
            if message.author == self._client.user and any(
                custom_id.startswith(prefix) for custom_id in _custom_ids(message)
            ):
                await rounds.set_message_id(self._db, view.id, question_key(index), message.id)
                return
        await self._post_question(view, index)

    async def _wait_for_close(self, view: RoundView) -> None:
        state = self._open[view.id] = _OpenQuestion()
        counter = asyncio.create_task(self._keep_counter_current(view, state))
        assert view.closes_at is not None  # noqa: S101
        remaining = (view.closes_at - self._clock()).total_seconds()
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(state.skip.wait(), timeout=max(0.0, remaining))
        finally:
            # The counter finishes an edit in flight before the reveal edits the same message.
            state.closed.set()
            state.answered.set()
            await counter
            self._open.pop(view.id, None)

    async def _keep_counter_current(self, view: RoundView, state: _OpenQuestion) -> None:
        """Edits the "N answered" counter at most once per interval, however many clicks come."""
        shown = -1
        while True:
            await state.answered.wait()
            state.answered.clear()
            if state.closed.is_set():
                return
            try:
                count = (await rounds.tally(self._db, view.id, view.question_index)).answered
                if count != shown:
                    await self._edit_counter(view, view.question_index, count)
                    shown = count
            except (discord.HTTPException, OSError):
                log.warning("could not update the counter of round %s", view.id, exc_info=True)
            with contextlib.suppress(TimeoutError):  # rate pacing; ends early on close
                await asyncio.wait_for(state.closed.wait(), COUNTER_EDIT_INTERVAL_S)

    async def _edit_counter(self, view: RoundView, index: int, count: int) -> None:
        embed, _ = await self._question_embed(view, index, count)
        message_id = view.message_ids.get(question_key(index))
        if message_id is None:
            fresh = await rounds.get_round(self._db, view.id)
            message_id = fresh.message_ids[question_key(index)]
        await self._channel(view).get_partial_message(message_id).edit(embed=embed)

    async def _close_and_reveal(self, view: RoundView, index: int) -> None:
        tally = await rounds.close_question(self._db, view.id, index)
        if tally is None:  # closed by someone else, who reveals it
            return
        await self._reveal(view, index, tally)

    async def _reveal(self, view: RoundView, index: int, tally: Tally) -> None:
        pack, question = self._question(view, index)
        locale = await self.public_locale(view.guild_id, pack)
        embed = reveal_embed(
            question, locale, number=index + 1, total=len(view.question_order), tally=tally
        )
        buttons = reveal_view(view.id, index, len(question.options), tally.correct_index, locale)
        fresh = await rounds.get_round(self._db, view.id)
        message_id = fresh.message_ids.get(question_key(index))
        channel = self._channel(view)
        if message_id is None:
            await channel.send(embed=embed, view=buttons)
        else:
            await channel.get_partial_message(message_id).edit(embed=embed, view=buttons)

    async def _finish(self, view: RoundView, state: RoundState) -> None:
        standings = await rounds.end_round(self._db, view.id, state, self._clock())
        if standings is None:
            return
        pack = self._library.get(view.pack_id)
        locale = await self.public_locale(view.guild_id, pack)
        title = pack.title.get(locale) if pack is not None else view.pack_id
        embed = standings_embed(title, standings, locale, stopped=state is RoundState.STOPPED)
        message = await self._channel(view).send(embed=embed, view=standings_view(view.id, locale))
        await rounds.set_message_id(self._db, view.id, "standings", message.id)

    async def public_locale(self, guild_id: int, pack: Pack | None) -> str:
        """The language of public round messages: server setting, server locale, pack default."""
        configured = (await settings.guild_settings(self._db, guild_id)).locale
        guild = self._client.get_guild(guild_id)
        wanted = configured or (guild.preferred_locale.value if guild is not None else None)
        if pack is None:
            return wanted or "en"
        return pack.locale_for(wanted)

    def _question(self, view: RoundView, index: int) -> tuple[Pack, Question]:
        pack = self._library.get(view.pack_id)
        question = pack.question(view.question_order[index]) if pack is not None else None
        if pack is None or question is None:
            raise LookupError(f"round {view.id}: question {index} is no longer in the packs")
        return pack, question

    def _channel(self, view: RoundView) -> RoundChannel:
        channel = self._client.get_channel(view.channel_id)
        if channel is None:
            raise LookupError(f"round {view.id}: channel {view.channel_id} is not available")
        if not isinstance(channel, RoundChannel):
            raise TypeError(f"round {view.id}: channel {view.channel_id} takes no rounds")
        return channel


def _custom_ids(message: discord.Message) -> list[str]:
    return [
        button.custom_id
        for row in message.components
        if isinstance(row, discord.ActionRow)
        for button in row.children
        if isinstance(button, discord.Button) and button.custom_id
    ]
