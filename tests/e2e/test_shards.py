"""Two real ``quizbot run`` processes serve one bot's four shards from one PostgreSQL database:
rounds run in a guild on every shard at once; the process of shards 2-3 is killed with SIGKILL
mid-round; either the other (``--shards auto``) takes its shards over once their leases expire,
or it is started again and takes them back; either way its rounds are finished. Every question
is posted and revealed once, and no acknowledged answer is lost or stored twice. And one process
may serve every shard alone, on SQLite.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import aiohttp
import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import NullPool

from bench.faults.model import Titles
from bench.faults.packs import QUESTIONS, SMALL_PACK, pack_title, write_packs
from bench.rig.clicks import Click, Clickers, Gate, Member, answered, final_text
from bench.rig.discordproxy import DiscordProxy
from bench.rig.processes import BotProcess, StandInProcess, log_file
from bot.app.kit.catalogue import LANGUAGES, tr
from bot.quiz.model import OPTION_LETTERS
from bot.quiz.shards.serving import shard_of
from standin.driver import StandInClient
from standin.layouts import titles as message_titles
from tests.databases import POSTGRES_URL, admin, need_postgres_here, with_database
from tests.redis_server import need_redis

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(150)]
Json = dict[str, Any]
SHARD_COUNT = 4
LEASE_S = 2  # the survivor takes the dead process's shards ~2 s after its last renewal
SECONDS = 6  # each question's time
MEMBERS = 8
WAIT_S = 60.0
EPHEMERAL = 64


@dataclass
class Place:
    """A guild of the stand-in, its shard, its #quiz channel, owner and clicking members."""

    guild_id: int
    shard: int
    channel_id: str
    owner: str
    clickers: Clickers


@dataclass
class Bot:
    """Both processes, the stand-in they share, and what the test drives and reads."""

    standin: StandInClient
    proxy: DiscordProxy
    engine: AsyncEngine
    env: dict[str, str]
    log: IO[str]
    gate: Gate
    processes: list[BotProcess] = field(default_factory=list)


FIRST = {
    # The survivor, started with --shards auto, takes over the killed process's shards.
    "takeover": {"QUIZBOT_SHARDS": "auto", "QUIZBOT_SHARDS_PER_PROCESS": "2"},
    # The killed process, started again with the same shards, takes them back.
    "restart": {"QUIZBOT_SHARDS": "0-1"},
}
SECOND = {"QUIZBOT_SHARDS": "2-3"}


@pytest.mark.parametrize("recovery", ["takeover", "restart"])
async def test_the_rounds_of_a_killed_process_are_finished(tmp_path: Path, recovery: str) -> None:
    await need_postgres_here()
    async with _bot(tmp_path) as bot:
        first = await _launch(bot, FIRST[recovery])
        second = await _launch(bot, SECOND)
        assert any("holding 0, 1 of 4" in line for line in first.lines), "".join(first.lines)
        assert any("holding 2, 3 of 4" in line for line in second.lines), "".join(second.lines)
        places = await _places(bot)
        assert sorted(p.shard for p in places) == [0, 1, 2, 3]  # a guild on every shard
        clicking = [asyncio.create_task(p.clickers.run()) for p in places]
        try:
            for place in places:
                asked = await bot.standin.command(
                    place.owner, place.channel_id, "quiz start", pack=SMALL_PACK, seconds=SECONDS
                )
                await bot.standin.wait_for_response(asked, timeout=10)
            await bot.standin.wait_for(lambda: _clicks_flow(places), WAIT_S)
            await bot.gate.close()  # no click half-sent when it dies
            await second.kill()
            killed = time.monotonic()
            if recovery == "takeover":
                await bot.standin.wait_for(lambda: _logged(first, "took over 2, 3"), WAIT_S)
            else:
                second = await _launch(bot, SECOND)  # it waits for the dead one's leases
            await _until_connected(bot.standin, SHARD_COUNT)
            bot.gate.open()
            await _until_rounds_end(bot, places)
        finally:
            for task in clicking:
                task.cancel()
            await asyncio.gather(*clicking, return_exceptions=True)
        reports = await _settled(bot.standin)
        await _check_messages(bot.standin, places)
        await _check_answers(bot.engine, places, reports, killed)
        assert first.alive
        assert second.alive == (recovery == "restart")


@asynccontextmanager
async def _bot(workdir: Path) -> AsyncIterator[Bot]:
    name = f"test_h1_shards_{uuid.uuid4().hex[:8]}"
    await admin(f'CREATE DATABASE "{name}"')
    url = with_database(POSTGRES_URL, name)
    quiz_dir = workdir / "packs"
    await write_packs(quiz_dir)
    log = log_file(workdir, "shards")
    try:
        async with AsyncExitStack() as stack:
            options = ("--shards", str(SHARD_COUNT), "--max-concurrency", str(SHARD_COUNT))
            standin_run = await StandInProcess.start(
                MEMBERS + 1, log, guilds=SHARD_COUNT, options=options
            )
            stack.push_async_callback(standin_run.stop)
            proxy = DiscordProxy(standin_run.url)
            await proxy.start()
            stack.push_async_callback(proxy.stop)
            standin = await stack.enter_async_context(StandInClient.connect(standin_run.url))
            engine = create_async_engine(url, poolclass=NullPool)
            stack.push_async_callback(engine.dispose)
            env = {
                "DATABASE_URL": url,
                "QUIZBOT_QUIZ_DIR": str(quiz_dir),
                "QUIZBOT_SHARD_COUNT": str(SHARD_COUNT),
                "QUIZBOT_SHARD_LEASE_S": str(LEASE_S),
                "QUIZBOT_REDIS_URL": await need_redis(),  # the processes share one budget
            }
            bot = Bot(standin, proxy, engine, env, log, Gate())
            stack.push_async_callback(_stop_all, bot)
            yield bot
    finally:
        log.close()
        await admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def _launch(bot: Bot, env: dict[str, str]) -> BotProcess:
    process = await BotProcess.start(bot.proxy.url, bot.env | env, bot.log)
    bot.processes.append(process)
    await process.wait_ready()
    return process


async def _stop_all(bot: Bot) -> None:
    await asyncio.gather(*(process.stop() for process in bot.processes))


async def _places(bot: Bot) -> list[Place]:
    places = []
    for guild in (await bot.standin.state())["guilds"]:
        owner = guild["owner_id"]
        members = [
            Member(m["id"], m["locale"])
            for m in guild["members"]
            if not m["bot"] and m["id"] != owner
        ]
        channel_id = next(c["id"] for c in guild["channels"] if c["name"] == "quiz")
        clickers = Clickers(
            bot.standin,
            channel_id=channel_id,
            watcher=owner,
            members=members,
            spread_s=SECONDS - 2.0,
            gate=bot.gate,
        )
        guild_id = int(guild["id"])
        places.append(Place(guild_id, shard_of(guild_id, SHARD_COUNT), channel_id, owner, clickers))
    return places


def _logged(process: BotProcess, wanted: str) -> bool:
    return any(wanted in line for line in process.lines)


def _clicks_flow(places: list[Place]) -> bool:
    return all(len(p.clickers.clicks) >= MEMBERS // 2 for p in places)


async def _until_connected(standin: StandInClient, count: int) -> None:
    async def connected() -> bool:
        return sum(s["connected"] for s in (await standin.state())["sessions"]) >= count

    await standin.wait_for(connected, WAIT_S)


async def _public(standin: StandInClient, place: Place) -> list[Json]:
    messages = await standin.messages(place.channel_id, place.owner)
    return [m for m in messages if not int(m.get("flags") or 0) & EPHEMERAL]


async def _until_rounds_end(bot: Bot, places: list[Place]) -> None:
    titles = Titles(QUESTIONS, pack_title(SMALL_PACK))

    async def standings_out(place: Place) -> bool:
        messages = await _public(bot.standin, place)
        return any(titles.is_standings(t) for m in messages for t in message_titles(m))

    async def all_out() -> bool:
        return all([await standings_out(place) for place in places])

    await bot.standin.wait_for(all_out, WAIT_S)


async def _settled(standin: StandInClient) -> dict[str, Json]:
    """The interactions, once each was answered or failed (the last clicks' replies are in)."""

    async def settled() -> bool:
        return all(r["failed"] or answered(r) for r in await standin.interactions())

    await standin.wait_for(settled, WAIT_S)
    return {r["id"]: r for r in await standin.interactions()}


async def _check_messages(standin: StandInClient, places: list[Place]) -> None:
    """In every guild: each question posted once and revealed, the standings posted once."""
    titles = Titles(QUESTIONS, pack_title(SMALL_PACK))
    for place in places:
        posted: Counter[int] = Counter()
        revealed: Counter[int] = Counter()
        standings = 0
        for message in await _public(standin, place):
            for title in message_titles(message):
                number = titles.number_of(title)
                if number is not None:
                    posted[number] += 1
                    revealed[number] += titles.is_reveal(title)
                standings += titles.is_standings(title)
        everything = range(1, QUESTIONS + 1)
        assert posted == dict.fromkeys(everything, 1), (place.shard, posted)
        assert revealed == dict.fromkeys(everything, 1), (place.shard, revealed)
        assert standings == 1, place.shard


async def _check_answers(
    engine: AsyncEngine, places: list[Place], reports: dict[str, Json], killed: float
) -> None:
    """Each member's first click on a question that was told "Locked in" is stored, with its
    option, once (a click that came after its question closed is told so, and not stored); only
    clicks the killed process had in hand went unanswered."""
    async with engine.connect() as connection:
        rounds = {
            row.guild_id: (row.id, row.state, row.question_order)
            for row in await connection.execute(
                text("SELECT id, guild_id, state, question_order FROM rounds")
            )
        }
        stored = {
            (row.round_id, row.question_id, row.member_id): row.option_index
            for row in await connection.execute(
                text("SELECT round_id, question_id, member_id, option_index FROM answers")
            )
        }
    assert sorted(state for _, state, _ in rounds.values()) == ["finished"] * SHARD_COUNT
    acknowledged, clicked = {}, set()
    for place in places:
        round_id, _, order = rounds[place.guild_id]
        for click in _first_clicks(place.clickers.clicks):
            key = (round_id, order[click.question], int(click.member.id))
            clicked.add(key)
            report = reports[click.interaction]
            if report["failed"]:
                assert place.shard in {2, 3}, f"a click failed on shard {place.shard}"
                assert click.sent < killed, "a click after the takeover failed"
                continue
            assert answered(report)
            if final_text(report) in _locked_in(click.position):
                acknowledged[key] = click.option
            else:  # it came after the question closed, as the member was told
                assert final_text(report) in _said_closed(), final_text(report)
        taken_over = [c for c in place.clickers.clicks if c.sent > killed]
        assert taken_over, f"no click reached shard {place.shard} after the kill"
    assert len(acknowledged) > len(clicked) // 2
    assert {key: stored.get(key) for key in acknowledged} == acknowledged  # none lost
    assert set(stored) <= clicked  # and nothing stored that was not clicked


def _locked_in(position: int) -> set[str]:
    letter = OPTION_LETTERS[position]
    return {tr(language, "round.locked_in", letter=letter) for language in LANGUAGES}


def _said_closed() -> set[str]:
    return {tr(language, "round.question_closed") for language in LANGUAGES}


def _first_clicks(clicks: list[Click]) -> list[Click]:
    first: dict[tuple[str, int], Click] = {}
    for click in clicks:
        first.setdefault((click.member.id, click.question), click)
    return list(first.values())


async def test_one_process_serves_every_shard_on_sqlite(tmp_path: Path) -> None:
    """``--shard-count auto`` alone: one process, Discord's count of connections, SQLite; its
    /healthz counts every shard's connection."""
    quiz_dir = tmp_path / "packs"
    await write_packs(quiz_dir)
    with log_file(tmp_path, "one-process") as log:
        standin_run = await StandInProcess.start(2, log, guilds=3, options=("--shards", "2"))
        try:
            env = {
                "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'quizbot.db'}",
                "QUIZBOT_QUIZ_DIR": str(quiz_dir),
                "QUIZBOT_SHARD_COUNT": "auto",
                "QUIZBOT_METRICS_PORT": "0",
            }
            bot = await BotProcess.start(standin_run.url, env, log)
            try:
                await bot.wait_ready()
                async with StandInClient.connect(standin_run.url) as standin:
                    sessions = (await standin.state())["sessions"]
                health = await _healthz(bot)
            finally:
                await bot.stop()
        finally:
            await standin_run.stop()
    assert sorted(s["shard"] for s in sessions if s["connected"]) == [[0, 2], [1, 2]]
    assert any("ready as quizbot in 3 servers" in line for line in bot.lines), bot.lines
    assert health == {"ready": True, "gateway": True, "database": True}


async def _healthz(bot: BotProcess) -> Json:
    said = next(line for line in bot.lines if "metrics on " in line)
    base = said.split("metrics on ", 1)[1].split("/metrics", 1)[0]
    async with aiohttp.ClientSession() as session, session.get(f"{base}/healthz") as answer:
        body: Json = await answer.json()
        return body
