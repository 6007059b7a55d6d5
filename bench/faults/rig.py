"""One scenario's world: the stand-in, the recording proxy, the real bot process, a scratch
database, a round with clicks flowing, and the faults dealt to it (as ``Window``s)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Coroutine
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from bench.faults.checks import budget_s
from bench.faults.database import ScratchDatabase
from bench.faults.model import Evidence, Titles, Window
from bench.faults.packs import QUESTIONS, SMALL_PACK, pack_title
from bench.rig.clicks import Clickers, Gate, Member, answered
from bench.rig.discordproxy import DiscordProxy
from bench.rig.exchanges import Exchange, Hold, Matcher
from bench.rig.processes import BotProcess, StandInProcess
from standin.driver import StandInClient
from standin.layouts import titles as message_titles

Json = dict[str, Any]
POLL_S = 0.2
SETTLE_S = 6.0  # for the last clicks' replies (and a deferred click's followup) to come in
MESSAGES = "POST /channels/{channel_id}/messages"
EDITS = "PATCH /channels/{channel_id}/messages/{message_id}"


@dataclass(frozen=True)
class RigOptions:
    workdir: Path
    quiz_dir: Path
    database_url: str | None = None  # a PostgreSQL server's URL; None for SQLite files
    members: int = 20
    seconds: int = 5
    log_level: str = "INFO"


@dataclass(frozen=True)
class Setup:
    name: str
    pack: str = SMALL_PACK
    heartbeat_ms: int | None = None  # shorten the gateway's heartbeat interval to this
    max_wait_s: float = 150.0  # the longest a round is waited for, whatever its faults
    expected_s: float = 30.0  # roughly how long it takes (the longest are started first)


class Rig:
    def __init__(self, options: RigOptions, setup: Setup, log: IO[str]) -> None:
        self.options, self.setup, self.log = options, setup, log
        self.titles = Titles(QUESTIONS, pack_title(setup.pack))
        self.gate = Gate()
        self.windows: list[Window] = []  # kills, database cuts, unanswered heartbeats
        self.storms: list[str] = []  # routes given a storm of injected faults
        self.drops: list[float] = []  # when the gateway was dropped
        self.created: dict[str, float] = {}
        self.casualties: set[str] = set()
        self.round_started = 0.0
        self.notes: list[str] = []  # what the scenario itself observed, for the report
        self._tasks: list[asyncio.Task[None]] = []  # clicks and the scenario's own faults
        self._clicking: asyncio.Task[None] | None = None
        # Set by `open_rig`:
        self.db: ScratchDatabase
        self.standin_run: StandInProcess
        self.discord: DiscordProxy
        self.standin: StandInClient
        self.bot: BotProcess
        self.channel_id = self.owner = ""
        self.openapi_checked = False
        self.clickers: Clickers

    # The bot process

    async def launch(self) -> float:
        """Starts a bot process and waits until it is ready; the moment it was."""
        env = {
            "DATABASE_URL": self.db.bot_url,
            "QUIZBOT_QUIZ_DIR": str(self.options.quiz_dir),
            "QUIZBOT_LOG_LEVEL": self.options.log_level,
        }
        self.bot = await BotProcess.start(self.discord.url, env, self.log)
        ready = await self.bot.wait_ready()
        self.gate.open()
        return ready

    async def kill(self) -> float:
        """kill -9 once no click is half-sent; interactions it leaves unanswered are its victims."""
        await self.gate.close()
        killed = await self.bot.kill()
        for report in await self.standin.interactions():
            if not report["failed"] and not answered(report):
                self.casualties.add(report["id"])
        return killed

    async def kill_and_restart(self, kind: str, holding: Hold | None = None) -> Window:
        """kill -9 (while ``holding`` keeps a request in flight, if given), then a new process;
        the outage lasts until that one is ready."""
        window = Window(kind, await self.kill(), None)
        self.windows.append(window)
        if holding is not None:
            holding.release(forward=False)  # its sender is dead: nothing more goes out
        window.end = await self.launch()
        return window

    # The round

    async def start_round(self) -> None:
        asked = await self.command("quiz start", pack=self.setup.pack, seconds=self.options.seconds)
        await self.standin.wait_for_response(int(asked), timeout=10)
        self.round_started = time.monotonic()
        self._clicking = self.spawn(self.clickers.run())

    def spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.create_task(work)
        self._tasks.append(task)
        return task

    async def stop_tasks(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def command(self, name: str, **options: str | int) -> str:
        interaction = str(await self.standin.command(self.owner, self.channel_id, name, **options))
        self.created[interaction] = time.monotonic()
        return interaction

    async def press(self, member: str, message_id: str, custom_id: str) -> str:
        """A click on a button other than an answer (e.g. "why"), while the bot is up."""
        async with self.gate.passage():
            interaction = str(await self.standin.click(member, message_id, custom_id))
        self.created[interaction] = time.monotonic()
        return interaction

    def is_question_post(self, number: int) -> Matcher:
        return lambda e: e.key == MESSAGES and self.titles.number_of(_first(e.titles)) == number

    def is_reveal(self, exchange: Exchange) -> bool:
        return exchange.key == EDITS and self.titles.is_reveal(_first(exchange.titles))

    def is_standings(self, exchange: Exchange) -> bool:
        return exchange.key == MESSAGES and self.titles.is_standings(_first(exchange.titles))

    async def posted(self, number: int, timeout: float = 30.0) -> Exchange | None:  # noqa: ASYNC109
        """The exchange that posted question ``number``, once the stand-in has applied it."""
        matches = self.is_question_post(number)
        return await self.discord.wait_for(lambda e: matches(e) and e.ok, timeout)

    async def clicks_on(self, number: int, count: int, timeout: float = 15.0) -> None:  # noqa: ASYNC109
        """Waits until ``count`` clicks went to question ``number`` (so clicks are flowing)."""
        deadline = time.monotonic() + timeout
        while sum(c.question == number - 1 for c in self.clickers.clicks) < count:
            if time.monotonic() > deadline:
                return
            await asyncio.sleep(POLL_S / 4)

    async def monotonic_closing(self) -> float | None:
        """When the open question closes, on this process's monotonic clock."""
        closes_at = await self.db.closes_at()
        if closes_at is None:
            return None
        return time.monotonic() + (closes_at - datetime.now(UTC)).total_seconds()

    def all_windows(self) -> list[Window]:
        """The faults so far. A storm lasts from its first injected reply to its last; a gateway
        drop until the bot's next gateway connection."""
        windows = list(self.windows)
        for route in self.storms:
            hits = [e for e in self.discord.exchanges if e.key == route and e.injected]
            if hits:
                end = max(e.replied or e.started for e in hits)
                windows.append(Window(f"storm on {route}", hits[0].started, end))
        for dropped in self.drops:
            again = [link.opened for link in self.discord.links if link.opened > dropped]
            windows.append(Window("gateway drop", dropped, min(again, default=None)))
        return windows

    def outage(self, now: float) -> float:
        return sum(window.outage_s(now) for window in self.all_windows())

    def time_left(self) -> float:
        """Seconds until the round's time (its length, the outage so far, ten seconds) is up."""
        now = time.monotonic()
        allowed = budget_s(QUESTIONS, self.options.seconds, self.outage(now))
        return max(self.round_started + allowed + 1.0 - now, 0.0)

    async def wait_round_end(self) -> None:
        """Until the round is finished and its standings are out, or its time (plus the outage
        so far, plus ten seconds) has run out."""
        hard_stop = self.round_started + self.setup.max_wait_s
        while time.monotonic() < hard_stop and self.time_left() > 0:
            record = await self.db.round()
            if record is not None and record.ended_at is not None and await self._standings_out():
                return
            await asyncio.sleep(POLL_S)

    async def _standings_out(self) -> bool:
        messages = await self.standin.messages(self.channel_id, self.owner)
        return any(self.titles.is_standings(t) for m in messages for t in message_titles(m))

    async def settle(self) -> None:
        """Stops the clicks and gives the last ones time to be answered."""
        if self._clicking is not None:
            self._clicking.cancel()
            await asyncio.gather(self._clicking, return_exceptions=True)
        deadline = time.monotonic() + SETTLE_S
        while time.monotonic() < deadline:
            reports = await self.standin.interactions()
            if all(r["failed"] or answered(r) or r["id"] in self.casualties for r in reports):
                return
            await asyncio.sleep(POLL_S)

    async def evidence(self) -> Evidence:
        record = await self.db.round()
        public = [
            m
            for m in await self.standin.messages(self.channel_id, self.owner)
            if not int(m.get("flags") or 0) & 64  # ephemeral replies are not round messages
        ]
        return Evidence(
            titles=self.titles,
            seconds=self.options.seconds,
            clicks=list(self.clickers.clicks),
            created=self.created | {c.interaction: c.sent for c in self.clickers.clicks},
            interactions=await self.standin.interactions(),
            messages=public,
            exchanges=list(self.discord.exchanges),
            openapi_failures=await self.standin.openapi_failures(),
            openapi_checked=self.openapi_checked,
            round=record,
            answers=await self.db.answers(record.id) if record is not None else [],
            windows=self.all_windows(),
            round_started=self.round_started,
            casualties=set(self.casualties),
            bot_alive=self.bot.alive,
            gateway_connections=len(self.discord.links),
            ended=time.monotonic(),
        )

    async def _meet_the_guild(self) -> None:
        state = await self.standin.state()
        self.openapi_checked = state.get("openapi_spec") is not None
        guild = state["guilds"][0]
        self.channel_id = next(c["id"] for c in guild["channels"] if c["name"] == "quiz")
        self.owner = guild["owner_id"]
        members = [
            Member(m["id"], m["locale"])
            for m in guild["members"]
            if not m["bot"] and m["id"] != self.owner
        ]
        spread = self.options.seconds - 1.0  # the clicks of a question land while it is open
        self.clickers = Clickers(
            self.standin,
            channel_id=self.channel_id,
            watcher=self.owner,
            members=members,
            spread_s=spread,
            gate=self.gate,
        )


def _first(titles: list[str]) -> str:
    return titles[0] if titles else ""


@asynccontextmanager
async def open_rig(options: RigOptions, setup: Setup, log: IO[str]) -> AsyncIterator[Rig]:
    """Everything started and the bot ready; everything stopped and dropped afterwards."""
    rig = Rig(options, setup, log)
    async with AsyncExitStack() as stack:
        rig.db = await stack.enter_async_context(
            ScratchDatabase.open(options.database_url, options.workdir, setup.name)
        )
        rig.standin_run = await StandInProcess.start(options.members, log)
        stack.push_async_callback(rig.standin_run.stop)
        rig.discord = DiscordProxy(rig.standin_run.url, heartbeat_ms=setup.heartbeat_ms)
        await rig.discord.start()
        stack.push_async_callback(rig.discord.stop)
        rig.standin = await stack.enter_async_context(StandInClient.connect(rig.standin_run.url))
        await rig._meet_the_guild()  # noqa: SLF001 - part of opening it
        stack.push_async_callback(_stop_bot, rig)
        stack.push_async_callback(rig.stop_tasks)
        await rig.launch()
        yield rig


async def _stop_bot(rig: Rig) -> None:
    if hasattr(rig, "bot"):
        await rig.bot.stop()
