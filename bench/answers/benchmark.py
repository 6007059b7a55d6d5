"""Answers benchmark: the whole bot as users run it, beside the transport ceiling.

    python -m bench.answers [--database-url URL] [--members 600] [--repeat 0.3]
                            [--in-flight 64] [--rate R] [--questions 3] [--logs DIR]
                            [--ceiling-loop asyncio|uvloop] [--profile DIR] [--processes N]
                            [--teams auto]

With ``--teams auto`` the round is a team round (each member's first answer places them in a
team). With ``--processes N`` it measures quizbot alone, in N processes sharing the bot's shards
(bench/answers/shards.py).

Starts the Discord stand-in (``python -m standin``) and, in turn, two bots against it, each in
its own process: first the ceiling, a bare discord.py bot (``bench.answers.ceilingbot``) that
answers every click on its one message with an ephemeral "ok"; then ``quizbot run --discord-url``
with a fresh database (a SQLite file, or a new database on the PostgreSQL server of
``--database-url``), in which the guild owner starts a round. Both get the same clicks through the
stand-in's control API: per question (for the ceiling, per pass over its message) every member
clicks once and a ``--repeat`` share click another option once answered. First with at most
``--in-flight`` clicks outstanding (the throughput), then offered open loop at ``--rate`` clicks a
second (default: half the ceiling just measured), each for ``--questions`` questions.

Afterwards it checks the database: one answer per (member, question) clicked, holding the option
of the member's first click; and every first click was told "Locked in" with its letter. It
measures the CPU each process used while clicks flowed and says which one, if any, was the
limit. Prints a table, then one JSON line. Columns: clicks, answered per second, first response
p50 and p99 and the answer's ("Locked in", a followup when deferred) p99 in ms, as the stand-in
saw them; clicks deferred and failed; the bot's CPU ms per click; the cores kept busy by the bot,
the stand-in, this driver, and by everything else on the machine (PostgreSQL, other work).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench.answers.load import Driver, Flow, plan
from bench.answers.phases import Phase, add_to, half_rate, report, summary
from bench.answers.rig import CeilingProcess, Place, QuizRound, check_answers, scratch_database
from bench.answers.shards import measure_processes, report_processes
from bench.rig.processes import BotProcess, StandInProcess, log_file
from bench.rig.procstat import CpuMeter, rss_mb
from bench.rig.profiling import profiled
from bot.app.kit.catalogue import LANGUAGES, tr
from bot.app.kit.message_parts import literal
from bot.quiz.model import OPTION_LETTERS
from standin.driver import StandInClient

REPO = Path(__file__).resolve().parents[2]
PACK = "ring-attention"  # eight questions: enough for two phases of up to four
QUESTION_SECONDS = 300  # questions are skipped once clicked through, never timed out


class Bench:
    def __init__(
        self, arguments: argparse.Namespace, standin: StandInClient, standin_pid: int
    ) -> None:
        self.args = arguments
        self.standin = standin
        self.standin_pid = standin_pid
        self.rng = random.Random(20260709)

    async def clicks(
        self, message_id: str, buttons: list[tuple[int, str]], bot_pid: int, rate: float | None
    ) -> tuple[Flow, CpuMeter, list[Any]]:
        """One message's clicks; the CPU meter runs only while they flow, and so does the
        profiler (``--profile``) during quizbot's closed-loop clicks."""
        members = (await Place.of(self.standin)).members
        firsts, seconds = plan(members, buttons, self.args.repeat, self.rng)
        driver = Driver(self.standin, message_id)
        meter = CpuMeter({"bot": bot_pid, "standin": self.standin_pid})
        meter.start()
        if rate is None:
            flow = await driver.closed_loop(firsts, seconds, self.args.in_flight)
        else:
            flow = await driver.open_loop(firsts, seconds, rate)
        meter.stop()
        await driver.settle(flow)
        return flow, meter, firsts

    async def ceiling(self, log: Any) -> tuple[Phase, Phase]:  # noqa: ANN401 - a log file
        process = await CeilingProcess.start(
            self.standin.url, log, uvloop=self.args.ceiling_loop == "uvloop"
        )
        buttons = [(option, f"ceiling:{option}") for option in range(4)]
        phases = (
            Phase.begin("ceiling"),
            Phase.begin("ceiling half"),
        )
        try:
            for number in range(2 * self.args.questions):
                phase = phases[number // self.args.questions]
                rate = None if phase is phases[0] else half_rate(self.args, phases[0])
                flow, meter, _ = await self.clicks(
                    process.message_id, buttons, process.process.pid, rate
                )
                add_to(phase, flow, meter)
        finally:
            await process.stop()
        return phases

    async def quizbot(self, url: str, ceiling: Phase, log: Any) -> dict[str, Any]:  # noqa: ANN401
        """The round's figures, with start-up time and idle memory on a fresh database (the
        first start migrates it) and again on the same database (every later start)."""
        env = {"DATABASE_URL": url, "QUIZBOT_QUIZ_DIR": str(REPO / "quizzes")}
        bot = await BotProcess.start(self.standin.url, env, log)
        try:
            ready = await bot.wait_ready()
            figures: dict[str, Any] = {
                "start_to_ready_s": ready - bot.started,
                "idle_rss_mb": rss_mb(bot.process.pid),
            }
            figures |= await self.round(url, bot.process.pid, ceiling)
        finally:
            await bot.stop()
        # Every later start finds the database migrated and never imports Alembic.
        again = await BotProcess.start(self.standin.url, env, log)
        try:
            figures["restart_to_ready_s"] = await again.wait_ready() - again.started
            figures["idle_rss_restart_mb"] = rss_mb(again.process.pid)
        finally:
            await again.stop()
        return figures

    async def round(self, url: str, pid: int, ceiling: Phase) -> dict[str, Any]:
        quiz = QuizRound(self.standin, await Place.of(self.standin))
        count = 2 * self.args.questions
        whole = CpuMeter({"bot": pid})  # clicks and all else: posts, reveals, settling
        whole.start()
        teams = {} if self.args.teams is None else {"teams": self.args.teams}
        await quiz.command(
            "quiz start", pack=PACK, seconds=QUESTION_SECONDS, questions=count, **teams
        )
        phases = (
            Phase.begin("quizbot"),
            Phase.begin("quizbot half"),
        )
        clicked = []
        letters: dict[str, str] = {}  # custom_id -> the letter its button showed (shuffled)
        for index in range(count):
            phase = phases[index // self.args.questions]
            rate = None if phase is phases[0] else half_rate(self.args, ceiling)
            message_id, buttons = await quiz.question(index)
            letters |= {custom: OPTION_LETTERS[p] for p, (_, custom) in enumerate(buttons)}
            profile = self.args.profile if rate is None else None
            standin_profile = profile and profile / "standin" / f"question-{index + 1}.txt"
            async with (
                profiled(pid, profile and profile / f"question-{index + 1}.txt"),
                profiled(self.standin_pid, standin_profile),
            ):
                flow, meter, firsts = await self.clicks(message_id, buttons, pid, rate)
            add_to(phase, flow, meter)
            clicked += [(index, click) for click in firsts]
            await quiz.command("quiz skip" if index + 1 < count else "quiz stop")
        whole.stop()
        check = await check_answers(url, clicked)
        clicks = sum(len(p.flow.answered) for p in phases)
        told = [a for p in phases for a in p.flow.answered if a.click.first]
        # In a team round the reply's second line names the member's team.
        wrong = sum(
            a.final_text.partition("\n")[0] not in locked_in(letters[a.click.custom_id])
            for a in told
        )
        return {
            "phases": phases,
            "bot_cpu_ms_per_click_whole_round": whole.ms_per("bot", clicks),
            "answers_expected": check.expected,
            "answers_in_db": check.in_db,
            "answers_missing": check.missing,
            "answers_wrong_option": check.wrong_option,
            "replies_not_locked_in": wrong,
        }


def locked_in(letter: str) -> set[str]:
    """The "Locked in" a first click on the button of ``letter`` is told, in any language."""
    return {tr(language, "round.locked_in", letter=letter) for language in LANGUAGES}


def locked_in_typed(text: str) -> set[str]:
    """The "Locked in" a first submission of ``text`` in a modal is told, in any language."""
    return {tr(lang, "round.locked_in_given", given=literal(text)) for lang in LANGUAGES}


async def measure(arguments: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    logs = Path(arguments.logs) if arguments.logs else workdir
    with log_file(logs, "answers") as log:
        standin_run = await StandInProcess.start(arguments.members, log)
        try:
            async with StandInClient.connect(standin_run.url) as standin:
                bench = Bench(arguments, standin, standin_run.process.pid)
                ceiling, ceiling_half = await bench.ceiling(log)
                async with scratch_database(arguments.database_url, workdir) as url:
                    figures = await bench.quizbot(url, ceiling, log)
        finally:
            await standin_run.stop()
    return summary(arguments, (ceiling, ceiling_half, *figures.pop("phases")), figures)


def parser() -> argparse.ArgumentParser:
    described = argparse.ArgumentParser(
        prog="python -m bench.answers", description=__doc__.splitlines()[0]
    )
    described.add_argument("--database-url", default=None, help="a PostgreSQL server's URL")
    described.add_argument("--members", type=int, default=600)
    described.add_argument("--repeat", type=float, default=0.3, help="share clicking twice")
    described.add_argument("--in-flight", type=int, default=64)
    described.add_argument("--rate", type=float, default=None, help="open-loop clicks a second")
    described.add_argument("--questions", type=int, default=3, choices=range(1, 5))
    described.add_argument("--logs", default=None, help="keep the processes' logs here")
    described.add_argument(
        "--teams", default=None, help="a team round: /quiz start's teams, e.g. auto (auto teams)"
    )
    described.add_argument(
        "--ceiling-loop",
        choices=("asyncio", "uvloop"),
        default="asyncio",
        help="the ceiling bot's event loop (quizbot runs on uvloop)",
    )
    described.add_argument(
        "--profile",
        type=Path,
        default=None,
        help="sample quizbot with py-spy while the closed-loop clicks flow and write the raw"
        " profiles into this folder (summary: python -m bench.rig.profiling FOLDER/*.txt)",
    )
    described.add_argument(
        "--processes",
        type=int,
        default=None,
        help="N quizbot processes, one shard each, on PostgreSQL (bench/answers/shards.py)",
    )
    described.add_argument(
        "--redis-url",
        default="redis://127.0.0.1:6379/0",
        help="with --processes: the Redis of their shared request budget",
    )
    return described


async def main_async(arguments: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="quizbot-answers-") as directory:
        if arguments.processes:
            return await measure_processes(arguments, Path(directory))
        return await measure(arguments, Path(directory))


def main() -> None:
    arguments = parser().parse_args()
    result = asyncio.run(main_async(arguments))
    table = result.pop("table")
    (report_processes if arguments.processes else report)(result, table)
    sys.exit(0)
