"""Runs rounds in their channels: posts each question, closes it on time, reveals, finishes.

All round state lives in the database, and so does every message a transition owes Discord (the
outbox, bot/storage/rounds/outbox.py). A round's conductor first delivers what its round owes, then
asks the domain for the next move (bot.quiz.rounds.rules.next_move) and makes it. Passing failures
are waited out step by step; a supervisor picks up any round that has nobody conducting it, after a
restart, a crash of its conductor, or a move made by a command (skip, stop, pause, resume). A paused
round waits for its resume, or for its pause limit, which ends it. Lasting failures (a lost channel,
questions that are gone) end the round instead (bot/app/rounds/endings.py). A closed question is
settled behind the conductor (bot/app/rounds/settling.py), after its reveal is delivered: whoever
conducts a round settles what it finds pending."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

import discord

from bot.app.kit import metrics
from bot.app.kit.grace import finish_within
from bot.app.kit.retry import Backoff, ChannelLostError, Patience, describe
from bot.app.rounds.counter import keep_counter_current
from bot.app.rounds.endings import RoundEndings
from bot.app.rounds.outbox import RoundOutbox
from bot.app.rounds.round_messages import RoundMessages
from bot.app.rounds.settling import Settles
from bot.app.shelf.outcomes import ContentGoneError
from bot.app.shelf.shelf import PackShelf
from bot.clock import Clock
from bot.quiz.rounds.rules import Move, NextMove, RoundState, next_move
from bot.quiz.shards.served import EVERY_SHARD, ServedShards
from bot.storage.database import Database
from bot.storage.results import Delivery, RoundView
from bot.storage.rounds import lifecycle, outbox

log = logging.getLogger(__name__)

SUPERVISE_INTERVAL_S = 2.0
SHUTDOWN_GRACE_S = 5.0  # how long a stopping process lets conductors finish their step
FAILED_CONDUCTOR_BACKOFF = Backoff(base_s=2.0, cap_s=60.0)


@dataclass
class _Live:
    """What commands and clicks tell a round's conductor while it waits."""

    wake: asyncio.Event = field(default_factory=asyncio.Event)
    answered: asyncio.Event = field(default_factory=asyncio.Event)


class RoundConductor:
    def __init__(
        self,
        client: discord.Client,
        db: Database,
        shelf: PackShelf,
        clock: Clock,
        *,
        pause_between_questions_s: float = 3.0,
        patience: Patience | None = None,
        serves_guild: Callable[[int], bool] | None = None,
        served_shards: Callable[[], ServedShards] = lambda: EVERY_SHARD,
    ) -> None:
        self._client = client
        # Rounds of servers on another process's shards are that process's to conduct: the
        # supervisor reads only its shards' rounds, and of those the servers the bot is in.
        self._serves_guild = serves_guild or (lambda guild: client.get_guild(guild) is not None)
        self._served_shards = served_shards
        self._db = db
        self._time = clock  # waits for stored times go through it (a moved clock wakes them)
        self._clock = clock.now
        self._pause_s = pause_between_questions_s
        self._patience = patience or Patience()
        self._messages = RoundMessages(client, db, shelf)
        self._outbox = RoundOutbox(self._messages, db, clock.now, self._patience)
        self._endings = RoundEndings(client, db, self._messages, clock.now, self._patience)
        self._settles = Settles(db)
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._live: dict[int, _Live] = {}
        self._failures: dict[int, int] = {}
        self._not_before: dict[int, float] = {}  # monotonic time a failed round is retried
        self._supervisor: asyncio.Task[None] | None = None
        self._round_ended: list[Callable[[], None]] = []
        self._closing = asyncio.Event()

    def when_a_round_ends(self, listener: Callable[[], None]) -> None:
        """Calls ``listener`` each time a round conducted here has ended and posted its
        standings (the schedules' loop then moves the round's Discord event on at once)."""
        self._round_ended.append(listener)

    def begin(self, round_id: int) -> None:
        """Conducts a round from wherever it stands, unless this process already does."""
        if self._closing.is_set():
            return
        if round_id in self._tasks:
            self._live_state(round_id).wake.set()
            return
        task = asyncio.create_task(self._conduct(round_id), name=f"round-{round_id}")
        self._tasks[round_id] = task
        task.add_done_callback(lambda _: self._tasks.pop(round_id, None))

    async def start(self) -> int:
        """Picks up the rounds this connection serves, then keeps supervising; how many now."""
        try:
            begun = await self.resume()
        except Exception as error:  # noqa: BLE001  # the supervisor tries again shortly
            log.warning("could not look for rounds to resume (%s)", describe(error))
            begun = 0
        if self._supervisor is None:
            self._supervisor = asyncio.create_task(self._supervise(), name="round-supervisor")
        return begun

    async def resume(self) -> int:
        """Begins every round of this connection's guilds that is running or owes a message
        and has nobody conducting it here."""
        begun = 0
        for round_id, guild_id in await outbox.rounds_to_conduct(self._db, self._served_shards()):
            waiting = self._not_before.get(round_id, 0.0) > time.monotonic()
            mine = self._serves_guild(guild_id)
            if mine and not waiting and round_id not in self._tasks:
                self.begin(round_id)
                begun += 1
        return begun

    async def _supervise(self) -> None:
        while True:
            await asyncio.sleep(SUPERVISE_INTERVAL_S)
            try:
                await self.resume()
            except Exception as error:  # noqa: BLE001  # e.g. the database is away: next time
                log.warning("could not look for rounds to conduct (%s)", describe(error))

    def note_answer(self, round_id: int) -> None:
        if (live := self._live.get(round_id)) is not None:
            live.answered.set()

    async def skip(self, view: RoundView) -> None:
        """Closes the open question now; its conductor reveals it and moves on (unless the
        round is paused: then it waits between questions)."""
        if view.question_open:  # a paused round's too: it stays paused, between questions
            await self._close(view.id, view.question_index, paused_too=True)
        self.begin(view.id)

    async def stop(self, view: RoundView) -> None:
        """Stops a round now; its conductor reveals the open question and posts the standings."""
        await lifecycle.end_round(self._db, view.id, RoundState.STOPPED, self._clock())
        self.begin(view.id)

    async def shutdown(self) -> None:
        """Stops conducting (rounds and their owed messages stay in the database).

        Conductors finish the step they are in rather than being cancelled inside a database
        transaction, which on SQLite could leave the write lock with an orphaned connection.
        """
        self._closing.set()
        if self._supervisor is not None:
            self._supervisor.cancel()
            await asyncio.gather(self._supervisor, return_exceptions=True)
            self._supervisor = None
        for live in self._live.values():
            live.wake.set()
        # Those still late (e.g. waiting out an outage) are cancelled.
        await finish_within(list(self._tasks.values()), SHUTDOWN_GRACE_S)
        await self._settles.wait(SHUTDOWN_GRACE_S)

    async def _conduct(self, round_id: int) -> None:
        try:
            await self._run_to_end(round_id)
        except asyncio.CancelledError:
            raise
        except ChannelLostError as lost:
            await self._endings.abandon(round_id, lost)
        except Exception:
            failures = self._failures[round_id] = self._failures.get(round_id, 0) + 1
            pause = FAILED_CONDUCTOR_BACKOFF.pause_s(failures)
            self._not_before[round_id] = time.monotonic() + pause
            log.exception("round %s: conducting failed; picked up again in %.0f s", round_id, pause)
            return
        finally:
            self._live.pop(round_id, None)
        self._failures.pop(round_id, None)
        self._not_before.pop(round_id, None)
        for listener in self._round_ended:
            listener()

    async def _run_to_end(self, round_id: int) -> None:
        """Conducts the round; one whose questions are gone ends, once, and is conducted on
        to post its standings so far. Never retried: no pause would bring them back."""
        try:
            await self._run(round_id)
        except ContentGoneError as gone:
            await self._endings.end_without_content(round_id, gone)
            await self._run(round_id)

    async def _run(self, round_id: int) -> None:
        while not self._closing.is_set():
            # Cleared before the round is read: a command from here on cuts the next wait short.
            self._live_state(round_id).wake.clear()
            await self._deliver_owed(round_id)
            # Behind the reveal just delivered; and whatever a crash left unsettled, on resuming.
            self._settles.follow(round_id)
            view = await self._patience.run(
                lambda: lifecycle.get_round(self._db, round_id), f"round {round_id}: read"
            )
            step = next_move(
                running=view.state is RoundState.RUNNING,
                question_index=view.question_index,
                question_open=view.question_open,
                closes_at=view.closes_at,
                total=len(view.question_order),
                now=self._clock(),
                paused_until=view.paused_until,
            )
            if step.move is Move.DONE:
                return
            await self._make(view, step)

    async def _deliver_owed(self, round_id: int) -> None:
        what = f"round {round_id}: owed messages"
        while not self._closing.is_set() and (
            owed := await self._patience.run(lambda: outbox.pending(self._db, round_id), what)
        ):
            await self._deliver(owed[0], what)

    async def _deliver(self, delivery: Delivery, what: str) -> None:
        round_id = delivery.round_id
        view = await self._patience.run(lambda: lifecycle.get_round(self._db, round_id), what)
        try:
            await self._outbox.deliver(view, delivery)
        except discord.HTTPException as refused:  # Discord will never take this one
            reason = describe(refused)
            log.error("round %s: Discord refused its %s (%s)", round_id, delivery.kind, reason)  # noqa: TRY400  # the reason says it all
            await self._patience.run(lambda: outbox.give_up(self._db, delivery, reason), what)

    async def _make(self, view: RoundView, step: NextMove) -> None:
        what = f"round {view.id}: {step.move.value} question {step.question_index}"
        index = step.question_index
        if step.move is Move.WAIT:
            assert view.closes_at is not None  # noqa: S101  # an open question waits for it
            await self._wait_for_close(view, view.closes_at)
        elif step.move is Move.HOLD:  # until a resume (or a stop) wakes it, or the limit
            assert view.paused_until is not None  # noqa: S101  # held while paused
            await self._time.wait_until(view.paused_until, self._live_state(view.id).wake)
        elif step.move is Move.EXPIRE:
            await self._patience.run(
                lambda: lifecycle.end_round(
                    self._db, view.id, RoundState.STOPPED, self._clock(), pause_expired=True
                ),
                what,
            )
        elif step.move is Move.CLOSE:
            await self._patience.run(lambda: self._close(view.id, index), what)
        elif step.move is Move.OPEN:
            if index > 0:  # a moment to read the last reveal
                await self._between_questions(view.id, self._pause_s)
            if self._closing.is_set():
                return
            await self._patience.run(
                lambda: lifecycle.open_question(self._db, view.id, index, self._clock()), what
            )
        elif step.move is Move.FINISH:
            await self._patience.run(
                lambda: lifecycle.end_round(self._db, view.id, RoundState.FINISHED, self._clock()),
                what,
            )

    async def _close(self, round_id: int, index: int, *, paused_too: bool = False) -> None:
        with metrics.question_close():  # the close alone: its settle follows (see _run)
            now = self._clock()
            await lifecycle.close_question(self._db, round_id, index, now, paused_too=paused_too)

    def _live_state(self, round_id: int) -> _Live:
        return self._live.setdefault(round_id, _Live())

    async def _between_questions(self, round_id: int, seconds: float) -> None:
        """Waits ``seconds``, or less if a command moved the round since it was last read."""
        wake = self._live_state(round_id).wake
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(wake.wait(), timeout=max(0.0, seconds))

    async def _wait_for_close(self, view: RoundView, closes_at: datetime) -> None:
        closed = asyncio.Event()
        live = self._live_state(view.id)
        counter = asyncio.create_task(
            keep_counter_current(self._messages, self._db, view, live.answered, closed)
        )
        try:
            # The stored time itself: a clock moved since the round was read is not waited out.
            await self._time.wait_until(closes_at, live.wake)
        finally:
            # The counter finishes an edit in flight before the reveal edits the same message.
            closed.set()
            live.answered.set()
            await counter
