"""Observability of the real `quizbot run`: a round through the stand-in, the Prometheus
endpoint scraped during it, /healthz and `quizbot health`, and log lines at start, ready, resume
and stop."""

from __future__ import annotations

import asyncio
import re
import signal
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from standin.driver import StandInClient
from standin.rules import buttons
from tests.commands import QUIZBOT, REPO, TOKEN, environment, quizbot_async
from tests.messages import heading_of

PACKS = REPO / "tests" / "e2e" / "packs"  # "mini": three questions
TIMEOUT_S = 20.0
MEMBERS = 3

Key = tuple[str, tuple[tuple[str, str], ...]]  # a sample's name and labels

pytestmark = pytest.mark.e2e


class Bot:
    """`quizbot run` in another process, its log lines gathered as they come."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.lines: list[str] = []
        self._more = asyncio.Condition()
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self.process.stderr is not None
        async for raw in self.process.stderr:
            async with self._more:
                self.lines.append(raw.decode())
                self._more.notify_all()
        async with self._more:
            self._more.notify_all()

    async def line(self, pattern: str) -> re.Match[str]:
        """The first log line matching ``pattern``, waiting for it if need be."""
        wanted = re.compile(pattern)

        def found() -> bool:
            return any(wanted.search(line) for line in self.lines) or self._reader.done()

        async with self._more:
            await asyncio.wait_for(self._more.wait_for(found), TIMEOUT_S)
        match = next((m for line in self.lines if (m := wanted.search(line))), None)
        assert match is not None, f"no log line matches {pattern!r}: {self.lines}"
        return match


@pytest.fixture
async def running(tmp_path: Path) -> AsyncIterator[tuple[StandInClient, Bot]]:
    async with StandInClient.start(guilds=1, members=MEMBERS + 1) as standin:
        process = await asyncio.create_subprocess_exec(
            QUIZBOT,
            "run",
            "--discord-url",
            standin.url,
            cwd=tmp_path,
            env=environment(
                DISCORD_TOKEN=TOKEN,
                QUIZBOT_QUIZ_DIR=str(PACKS),
                QUIZBOT_METRICS_PORT="0",  # a free port, which the log names
            ),
            stderr=asyncio.subprocess.PIPE,
        )
        bot = Bot(process)
        try:
            yield standin, bot
        finally:
            if process.returncode is None:
                process.kill()
            await process.wait()
            assert not [line for line in bot.lines if TOKEN in line]


async def _get(url: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(url) as reply:
        return reply.status, await reply.text()


def _samples(exposition: str) -> dict[Key, float]:
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(exposition)
        for sample in family.samples
    }


def _titled(message: dict[str, Any], prefix: str) -> bool:
    return heading_of(message).startswith(prefix)


async def _scrape(standin: StandInClient, url: str, key: Key, value: float) -> dict[Key, float]:
    """The metrics once ``key`` shows ``value`` (a click is timed just after its reply)."""
    samples: dict[Key, float] = {}

    async def shown() -> bool:
        status, exposition = await _get(url)
        assert status == 200
        samples.update(_samples(exposition))
        return samples.get(key) == value

    await standin.wait_for(shown, timeout=TIMEOUT_S)
    return samples


async def _answer_first_question(standin: StandInClient) -> None:
    guild = (await standin.state())["guilds"][0]
    channel = next(c["id"] for c in guild["channels"] if c["name"] == "quiz")
    people = [m["id"] for m in guild["members"] if not m["bot"] and m["id"] != guild["owner_id"]]
    started = await standin.command(
        guild["owner_id"], channel, "quiz start", pack="mini", seconds=60
    )
    await standin.wait_for_response(started, timeout=TIMEOUT_S)
    question: list[dict[str, Any]] = []

    async def posted() -> bool:
        seen = await standin.messages(channel, as_user=guild["owner_id"])
        question[:] = [m for m in seen if _titled(m, "Question 1 of 3")]
        return bool(question)

    await standin.wait_for(posted, timeout=TIMEOUT_S)
    first_option = next(buttons(question[0]))["custom_id"]
    for member in people[:MEMBERS]:
        clicked = await standin.click(member, question[0]["id"], first_option)
        report = await standin.wait_for_response(clicked, timeout=TIMEOUT_S)
        assert not report["failed"]


async def _skip(standin: StandInClient) -> None:
    """The owner closes the open question (so its conductor closes it, then settles it)."""
    guild = (await standin.state())["guilds"][0]
    channel = next(c["id"] for c in guild["channels"] if c["name"] == "quiz")
    skipped = await standin.command(guild["owner_id"], channel, "quiz skip")
    await standin.wait_for_response(skipped, timeout=TIMEOUT_S)


async def test_metrics_and_health_during_a_round(running: tuple[StandInClient, Bot]) -> None:
    standin, bot = running
    await bot.line(r"quizbot \S+ starting: 1 packs")
    base = (await bot.line(r"metrics on (http://\S+)/metrics"))[1]
    await bot.line("quizbot ready as quizbot in 1 server;")
    await _answer_first_question(standin)

    clicks = ("quizbot_click_ack_seconds_count", (("button", "answer"),))
    samples = await _scrape(standin, f"{base}/metrics", clicks, MEMBERS)
    assert samples[("quizbot_answers_recorded_total", ())] == MEMBERS
    assert samples[("quizbot_rounds_running", ())] == 1
    assert samples[("quizbot_gateway_connected", ())] == 1
    assert samples[("quizbot_interactions_failed_total", ())] == 0
    assert ("quizbot_rest_rate_limited_total", ()) in samples
    assert samples[("quizbot_rest_budget_skipped_total", ())] == 0  # one round: room to spare
    assert ("quizbot_database_errors_total", ()) in samples
    assert 0 <= samples[("quizbot_gateway_latency_seconds", ())] < 1
    writes = samples[("quizbot_database_write_seconds_count", ())]
    assert writes >= 2  # the round's start, and at least one batch of answers
    assert samples[("quizbot_database_write_longest_seconds", ())] > 0
    assert samples[("quizbot_question_close_seconds_count", ())] == 0  # still open
    assert samples[("quizbot_question_settle_seconds_count", ())] == 0
    for loop in ("schedules", "seasons", "rewards", "fitting"):  # each made its first pass at start
        assert samples[("quizbot_loop_passes_total", (("loop", loop),))] >= 1

    await _skip(standin)
    closes = ("quizbot_question_close_seconds_count", ())
    samples = await _scrape(standin, f"{base}/metrics", closes, 1)
    assert samples[("quizbot_question_close_seconds_sum", ())] > 0
    settles = ("quizbot_question_settle_seconds_count", ())  # after the close, in its own task
    samples = await _scrape(standin, f"{base}/metrics", settles, 1)
    assert samples[("quizbot_question_settle_seconds_sum", ())] > 0

    assert await _get(f"{base}/healthz") == (
        200,
        '{"ready": true, "gateway": true, "database": true}',
    )
    port = base.rsplit(":", 1)[1]
    health = await quizbot_async("health", cwd=PACKS, QUIZBOT_METRICS_PORT=port)
    assert (health.status, health.out) == (
        0,
        'healthy: {"ready": true, "gateway": true, "database": true}\n',
    )

    await standin.drop_gateway()
    await bot.line("gateway session resumed")
    bot.process.send_signal(signal.SIGTERM)
    assert await asyncio.wait_for(bot.process.wait(), TIMEOUT_S) == 0
    await bot.line(r"stopped \(SIGTERM\)")
    health = await quizbot_async("health", cwd=PACKS, QUIZBOT_METRICS_PORT=port)
    assert health.status == 1
    assert health.failures[0].startswith(f"no answer from http://127.0.0.1:{port}/healthz")
