"""``python -m bench.answers --processes N``: the answers benchmark with the bot in N processes.

N ``quizbot run`` processes serve one bot of N shards (process i runs ``--shards i
--shard-count N``) from one fresh PostgreSQL database; the stand-in holds one guild per shard,
with ``--members`` members each. The owner of every guild starts a round; per question, the
members of all guilds click at once, at most ``--in-flight`` clicks outstanding across them
(closed loop, as the single-process benchmark's first phase), and the answers per second are
counted over all guilds. Afterwards the database is checked guild by guild, as there: one answer
per (member, question) clicked, holding the option of the member's first click.

The stand-in and this driver are one process each, whatever N: on a small machine they, not the
bot, may be what limits the figure; the table says which process was busy.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import time
from pathlib import Path
from typing import Any

from bench.answers.load import Driver, Flow, plan
from bench.answers.rig import AnswerCheck, Place, QuizRound, check_answers, scratch_database
from bench.rig.processes import BotProcess, StandInProcess, log_file
from bench.rig.procstat import CpuMeter
from standin.driver import StandInClient

REPO = Path(__file__).resolve().parents[2]
PACK = "ring-attention"
QUESTION_SECONDS = 300  # questions are skipped once clicked through, never timed out
SEED = 20260709

HEADER = (
    f"{'processes':>9} {'clicks':>6} {'per_s':>8} {'p50_ms':>8} {'p99_ms':>8} {'fail':>5}"
    f" {'cpu_ms':>7} {'bots':>5} {'stand':>5} {'drive':>5} {'other':>5}"
)


async def measure_processes(arguments: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    """The figures of one run with ``arguments.processes`` bot processes."""
    if arguments.database_url is None:
        raise SystemExit("--processes needs --database-url: processes share only PostgreSQL")
    count = arguments.processes
    logs = Path(arguments.logs) if arguments.logs else workdir
    with log_file(logs, "answers-processes") as log:
        options = ("--shards", str(count), "--max-concurrency", str(count))
        standin_run = await StandInProcess.start(
            arguments.members, log, guilds=count, options=options
        )
        try:
            async with (
                StandInClient.connect(standin_run.url) as standin,
                scratch_database(arguments.database_url, workdir) as url,
            ):
                bots = await _start_bots(standin_run.url, url, count, log, arguments.redis_url)
                try:
                    return await _rounds(arguments, standin, url, bots, standin_run.process.pid)
                finally:
                    await asyncio.gather(*(bot.stop() for bot in bots))
        finally:
            await standin_run.stop()


async def _start_bots(
    discord_url: str,
    url: str,
    count: int,
    log: Any,  # noqa: ANN401 - a log file
    redis_url: str,
) -> list[BotProcess]:
    env = {
        "QUIZBOT_REDIS_URL": redis_url,
        "DATABASE_URL": url,
        "QUIZBOT_QUIZ_DIR": str(REPO / "quizzes"),
        "QUIZBOT_SHARD_COUNT": str(count),
    }
    bots = [
        await BotProcess.start(discord_url, env | {"QUIZBOT_SHARDS": str(shard)}, log)
        for shard in range(count)
    ]
    await asyncio.gather(*(bot.wait_ready() for bot in bots))
    return bots


async def _places(standin: StandInClient) -> list[Place]:
    state = await standin.state()
    places = []
    for guild in state["guilds"]:
        channel = next(c["id"] for c in guild["channels"] if c["name"] == "quiz")
        members = [m["id"] for m in guild["members"] if m["name"].startswith("member-")]
        places.append(Place(channel, guild["owner_id"], members))
    return places


async def _rounds(
    arguments: argparse.Namespace,
    standin: StandInClient,
    url: str,
    bots: list[BotProcess],
    standin_pid: int,
) -> dict[str, Any]:
    rng = random.Random(SEED)
    places = await _places(standin)
    quizzes = [QuizRound(standin, place) for place in places]
    questions = arguments.questions
    for quiz in quizzes:
        await quiz.command("quiz start", pack=PACK, seconds=QUESTION_SECONDS, questions=questions)
    pids = {f"bot{i}": bot.process.pid for i, bot in enumerate(bots)}
    meter = CpuMeter({**pids, "standin": standin_pid})
    flow = Flow()
    clicked: list[list[tuple[int, Any]]] = [[] for _ in places]
    in_flight = max(arguments.in_flight // len(places), 1)
    for index in range(questions):
        drivers, plans = [], []
        for number, (quiz, place) in enumerate(zip(quizzes, places, strict=True)):
            message_id, buttons = await quiz.question(index)
            firsts, seconds = plan(place.members, buttons, arguments.repeat, rng)
            drivers.append(Driver(standin, message_id))
            plans.append((firsts, seconds))
            clicked[number] += [(index, click) for click in firsts]
        meter.start()
        started = time.perf_counter()
        flows = await asyncio.gather(
            *(d.closed_loop(f, s, in_flight) for d, (f, s) in zip(drivers, plans, strict=True))
        )
        wall = time.perf_counter() - started
        meter.stop()
        for driver, each in zip(drivers, flows, strict=True):
            await driver.settle(each)
            flow.answered += each.answered
        flow.wall_s += wall
        for quiz in quizzes:
            await quiz.command("quiz skip" if index + 1 < questions else "quiz stop")
    checks = [
        await check_answers(url, clicks, guild_channel=place.channel_id)
        for place, clicks in zip(places, clicked, strict=True)
    ]
    return _figures(arguments, flow, meter, list(pids), checks)


def report_processes(result: dict[str, Any], table: list[str]) -> None:
    print(HEADER)
    for line in table:
        print(line)
    print(json.dumps(result))


def _figures(
    arguments: argparse.Namespace,
    flow: Flow,
    meter: CpuMeter,
    bots: list[str],
    checks: list[AnswerCheck],
) -> dict[str, Any]:
    n = len(flow.answered)
    bots_share = sum(meter.share(name) for name in bots)
    ours = bots_share + meter.share("standin") + meter.share("driver")
    figures = {
        "database": "postgresql",
        "processes": arguments.processes,
        "members_per_guild": arguments.members,
        "repeat": arguments.repeat,
        "in_flight": arguments.in_flight,
        "clicks": n,
        "per_s": flow.per_s,
        "p50_ms": flow.first_ms(0.5),
        "p99_ms": flow.first_ms(0.99),
        "failed": flow.failed,
        "bots_cpu_ms_per_click": sum(meter.used.get(name, 0.0) for name in bots) * 1000 / n
        if n
        else 0.0,
        "bots_cpu_share": bots_share,
        "standin_cpu_share": meter.share("standin"),
        "driver_cpu_share": meter.share("driver"),
        "other_cpu_share": max(meter.share("machine") - ours, 0.0),
        "answers_expected": sum(c.expected for c in checks),
        "answers_in_db": sum(c.in_db for c in checks),
        "answers_missing": sum(c.missing for c in checks),
        "answers_wrong_option": sum(c.wrong_option for c in checks),
    }
    row = (
        f"{arguments.processes:9d} {n:6d} {flow.per_s:8.1f} {flow.first_ms(0.5):8.1f}"
        f" {flow.first_ms(0.99):8.1f} {flow.failed:5d} {figures['bots_cpu_ms_per_click']:7.2f}"
        f" {bots_share:5.2f} {meter.share('standin'):5.2f} {meter.share('driver'):5.2f}"
        f" {figures['other_cpu_share']:5.2f}"
    )
    figures["table"] = [row]
    return figures
