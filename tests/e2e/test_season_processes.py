"""A season's end with two real ``quizbot run`` processes on one PostgreSQL database, both on the
stand-in's movable clock: a season answered across two rounds, both processes' season loops
wake at its end, and it is ended once and its final standings posted once, whichever process
gets there first; its board stays as it was and the next season starts empty.

The season and its two rounds are made through the services before the processes start (as
tests/e2e/test_seasons.py plays them through Discord): two processes editing one channel's
messages in quick rounds each keep their own count of Discord's per-channel limit, and would
earn the odd 429 that discord.py waits out, which the world's check counts as a fault."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bench.rig.processes import BotProcess, log_file
from bot.app.kit.catalogue import tr
from bot.app.seasons.loop import MAX_NAP_S
from bot.quiz.seasons.season import Season
from bot.storage.seasons import season
from tests.e2e.conftest import TIMEOUT, QuizWorld, play_round, seed_finished_round
from tests.e2e.test_seasons import board_lines, final_standings, public_board

PACKS = Path(__file__).parent / "packs"  # mini: three questions
ENDED = "ended at its end"


@asynccontextmanager
async def two_bots(world: QuizWorld, tmp_path: Path) -> AsyncIterator[list[BotProcess]]:
    """Two processes, both shard 0 of 1 of the same bot (the stand-in takes both sessions, as
    Discord does), on the world's database and clock, each with its metrics on a free port."""
    env = {
        "DATABASE_URL": world.database_url,
        "QUIZBOT_QUIZ_DIR": str(PACKS),
        "QUIZBOT_LOG_LEVEL": "INFO",
        "QUIZBOT_CLOCK_FILE": str(tmp_path / "clock.json"),  # the world's (tests/e2e/conftest.py)
        "QUIZBOT_METRICS_PORT": "0",
    }
    with log_file(tmp_path, "bots") as log:
        bots = [await BotProcess.start(world.standin.url, env, log) for _ in range(2)]
        try:
            await asyncio.gather(*(bot.wait_ready() for bot in bots))
            yield bots
        finally:
            await asyncio.gather(*(bot.stop() for bot in bots))


async def season_passes(bot: BotProcess) -> float:
    """The completed passes of the process's season loop, from its /metrics."""
    said = next(line for line in bot.lines if "metrics on " in line)
    url = said.split("metrics on ", 1)[1].split()[0].rstrip(",")
    async with aiohttp.ClientSession() as session, session.get(url) as answer:
        exposition = await answer.text()
    return next(
        sample.value
        for family in text_string_to_metric_families(exposition)
        for sample in family.samples
        if sample.name == "quizbot_loop_passes_total" and sample.labels == {"loop": "seasons"}
    )


async def both_pass_again(world: QuizWorld, bots: list[BotProcess]) -> None:
    """Twice moves the clock past the loops' longest nap and waits for a pass of each process:
    the second is a whole pass begun after the first move."""
    for _ in range(2):
        before = [await season_passes(bot) for bot in bots]
        await world.advance_clock(MAX_NAP_S + 1)
        await world.standin.wait_for(
            functools.partial(each_passed_since, bots, before), timeout=TIMEOUT
        )


async def each_passed_since(bots: list[BotProcess], before: list[float]) -> bool:
    now = [await season_passes(bot) for bot in bots]
    return all(n > b for n, b in zip(now, before, strict=True))


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
@pytest.mark.timeout(180)
async def test_two_processes_end_a_season_at_its_end_once(world: QuizWorld, tmp_path: Path) -> None:
    owner = world.owner
    first, second = [m for m in world.members if world.locales[m].startswith("en")][:2]
    now = world.clock.now()
    spring = Season(0, world.guild_id, "Spring term", now, owner, world.channel_id)
    ends = now.replace(hour=0, minute=0, second=0, microsecond=0) + timedelta(days=2)
    assert isinstance(await season.start_season(world.db, replace(spring, ends_at=ends)), Season)
    await seed_finished_round(world, {first: 3, second: 0})
    await seed_finished_round(world, {first: 0, second: 2})
    async with two_bots(world, tmp_path) as bots:
        board = await public_board(world, period="season")
        assert board_lines(board) == [f"1. <@{first}>:", f"2. <@{second}>:"]
        during = board["embeds"][0]["description"]
        await both_pass_again(world, bots)
        assert await final_standings(world) == []  # not before its end

        await world.advance_clock(2 * 24 * 3600)  # past its end
        await world.standin.wait_for(lambda: final_standings(world), timeout=TIMEOUT)
        await both_pass_again(world, bots)  # each process has looked at it since it ended

        [posted] = await final_standings(world)
        assert posted["embeds"][0]["description"] == during
        ended_lines = [line for bot in bots for line in bot.lines if ENDED in line]
        assert len(ended_lines) == 1, ended_lines
        [ended] = await season.seasons_of(world.db, world.guild_id)
        assert ended.ended_at == ended.ends_at  # at its end, not at the pass that saw it

        await play_round(world, {first: 1, second: 0}, questions=1)  # after its end
        after = await public_board(world, season="Spring term")
        assert after["embeds"][0]["description"] == during
        await world.command(owner, "quiz season start", name="Summer term")
        summer = await public_board(world, period="season")
        assert summer["embeds"][0]["description"] == tr("en", "leaderboard.empty")
    assert len(await final_standings(world)) == 1
    assert len((await world.standin.state())["sessions"]) == 2  # both were connected
