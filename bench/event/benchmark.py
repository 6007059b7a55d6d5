"""Quiz night benchmark: one round of ten questions for thousands of members, end to end.

    python -m bench.event [--members 5000] [--database-url URL] [--seconds 20]
                          [--questions 10] [--answers buttons|modal] [--logs DIR] [--profile DIR]

Starts the Discord stand-in (``python -m standin``, one guild of ``--members`` members) and the
real ``quizbot run`` against it, each in its own process, with a fresh database (a SQLite file,
or a new database on the PostgreSQL server of ``--database-url``, dropped afterwards). The
guild owner starts a round of ``--questions`` questions of ``--seconds`` seconds; every member
clicks once per question, on the arrival curve of bench/event/arrivals.py (most within the
first five seconds, a tail to the close, a share of double clicks), through the stand-in's
control API; questions close on their time. Per question and overall it reports the clicks
answered within Discord's three seconds (deferred, failed), first-response p50 and p99, close
to reveal (the close, the render and the edit as the stand-in applied it), the close and the
settle transactions (the bot's metrics; the settle follows the close in a transaction of its
own, behind the reveal), the standings after the last close, the longest write
transaction (on SQLite, the write lock's longest hold), and the bot's CPU and RSS at the peak.
Then it checks the database: every answer told "Locked in" stored once with its first choice,
and the scores, per-points counts, cards and review log equal a recomputation from the stored
answers. With ``--answers modal`` the questions are typed: each member opens the question's
modal (the bot must open it within three seconds) and submits a text (bench/event/modals.py),
and the table's clicks are the submissions. Prints a table, then one JSON line.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import NullPool

from bench.answers.benchmark import locked_in, locked_in_typed
from bench.answers.load import Click
from bench.answers.rig import Place, QuizRound, check_answers, check_typed, scratch_database
from bench.event.arrivals import Arrival, plan
from bench.event.checks import recompute
from bench.event.clicks import QuestionClicks, Sent, click_question
from bench.event.figures import HEADER, Question, summary
from bench.event.modals import ModalQuestion, Opened, submit_question
from bench.event.observe import (
    CLOSE_SECONDS,
    SETTLE_SECONDS,
    Observer,
    longest_write_between,
    metrics_base,
    scrape,
    settled,
)
from bench.event.pack import OPTIONS, PACK, QUESTIONS, correct_options, quiz_night_pack, typed_texts
from bench.event.sampler import Samples, sampling
from bench.faults.packs import write_packs
from bench.rig.clicks import OPENS_MODAL
from bench.rig.processes import BotProcess, StandInProcess, log_file
from bench.rig.procstat import rss_mb
from bench.rig.profiling import profiled
from bot.quiz.model import OPTION_LETTERS
from standin.driver import StandInClient

SEED = 20261202
CONNECTIONS = 512


@dataclass(frozen=True)
class Asked:
    """A question as posted: its message, its buttons' custom_ids by option, when it appeared."""

    message_id: str
    custom_ids: dict[int, str]
    question_id: str
    appeared: float  # wall time


class Night:
    """The round, question by question, and what each came to."""

    def __init__(
        self,
        arguments: argparse.Namespace,
        standin: StandInClient,
        engine: AsyncEngine,
        bot: BotProcess,
    ) -> None:
        self.args = arguments
        self.bot_pid = bot.process.pid
        self.standin = standin
        self.engine = engine
        self.metrics = metrics_base(bot.lines)
        self.rng = random.Random(SEED)
        self.firsts: list[tuple[int, Click]] = []  # first clicks told "Locked in"
        self.typed: list[tuple[int, str, str]] = []  # first submissions told "Locked in"
        self.not_locked_in = 0  # first clicks answered otherwise (e.g. closed meanwhile)
        self.opened = Opened()  # with --answers modal: the modals asked for, and in time

    async def run(self, session: aiohttp.ClientSession, samples: Samples) -> dict[str, Any]:
        place = await Place.of(self.standin)
        quiz = QuizRound(self.standin, place)
        observer = Observer(self.standin, self.engine, place.channel_id, place.owner)
        await quiz.command(
            "quiz start", pack=PACK, seconds=self.args.seconds, questions=self.args.questions
        )
        questions = []
        started = await scrape(session, self.metrics)
        for index in range(self.args.questions):
            message_id, buttons = await quiz.question(index)
            appeared = time.time()
            question = await observer.open_question(index)
            before = await scrape(session, self.metrics)
            arrivals = plan(
                place.members,
                OPTIONS,
                correct_options()[question.question_id],
                self.args.seconds,
                self.rng,
            )
            async with self._profiled(f"clicks-{index + 1}"):
                asked = Asked(message_id, dict(buttons), question.question_id, appeared)
                clicks = await self._answer(asked, arrivals)
            async with self._profiled(f"close-{index + 1}"):  # the last clicks, close, reveal
                revealed = await observer.revealed_at(message_id, question.closes_at)
                settled_at, after = await settled(session, self.metrics, before)
            close = after[CLOSE_SECONDS] - before[CLOSE_SECONDS]
            settle = after[SETTLE_SECONDS] - before[SETTLE_SECONDS]
            questions.append(
                Question(
                    index, clicks, appeared, question.closes_at, revealed, close, settle, settled_at
                )
            )
            if self.args.answers == "modal":
                self._told_typed(index, clicks.sent, typed_texts()[question.question_id])
            else:
                letters = {custom: OPTION_LETTERS[p] for p, (_, custom) in enumerate(buttons)}
                self._told(index, clicks.sent, letters)
        standings_at = await observer.standings_at()
        figures = summary(questions, samples, standings_at)
        ended = await scrape(session, self.metrics)
        longest, exact = longest_write_between(started, ended)
        figures |= {"write_max_hold_s": longest, "write_max_hold_exact": exact}
        figures["table"] = [q.row(samples) for q in questions]
        if self.args.answers == "modal":
            figures |= {
                "modals_asked": self.opened.asked,
                "modals_opened_within_3s": self.opened.in_time,
                "modals_late_ms": sorted(self.opened.late)[-5:],
            }
        return figures

    async def _answer(self, asked: Asked, arrivals: list[Arrival]) -> QuestionClicks:
        """The question's clicks, or with --answers modal its modals and submissions."""
        message_id, custom_ids, appeared = asked.message_id, asked.custom_ids, asked.appeared
        if self.args.answers != "modal":
            return await click_question(self.standin, message_id, custom_ids, arrivals, appeared)
        texts = typed_texts()[asked.question_id]
        question = ModalQuestion(message_id, custom_ids[OPENS_MODAL], texts)
        clicks, opened = await submit_question(self.standin, question, arrivals, appeared)
        self.opened.asked += opened.asked
        self.opened.in_time += opened.in_time
        self.opened.late += opened.late
        return clicks

    def _profiled(self, name: str) -> contextlib.AbstractAsyncContextManager[None]:
        """py-spy on the bot while the block runs, with ``--profile DIR``."""
        folder = self.args.profile
        return profiled(self.bot_pid, folder and folder / f"{name}.txt")

    def _told_typed(self, index: int, sent: list[Sent], texts: list[str]) -> None:
        for item in sent:
            click = item.answered.click
            if not click.first:
                continue
            text = texts[click.option]
            if item.answered.final_text in locked_in_typed(text):
                self.typed.append((index, click.member, text))
            else:
                self.not_locked_in += 1

    def _told(self, index: int, sent: list[Sent], letters: dict[str, str]) -> None:
        for item in sent:
            click = item.answered.click
            if not click.first:
                continue
            if item.answered.final_text in locked_in(letters[click.custom_id]):
                self.firsts.append((index, click))
            else:
                self.not_locked_in += 1


async def measure(arguments: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    logs = Path(arguments.logs) if arguments.logs else workdir
    typed = arguments.answers == "modal"
    quiz_dir = await write_packs(workdir / "packs", [quiz_night_pack(typed=typed)])
    load_before = os.getloadavg()
    with log_file(logs, "event") as log:
        standin_run = await StandInProcess.start(arguments.members, log)
        try:
            async with scratch_database(arguments.database_url, workdir) as url:
                figures = await _night(arguments, standin_run, url, quiz_dir, log)
        finally:
            await standin_run.stop()
    return {
        "members": arguments.members,
        "database": "postgresql" if arguments.database_url else "sqlite",
        "questions": arguments.questions,
        "question_seconds": arguments.seconds,
        "answers": arguments.answers,
        **figures,
        "load_average_before": load_before[0],
        "load_average_after": os.getloadavg()[0],
    }


async def _night(
    arguments: argparse.Namespace,
    standin_run: StandInProcess,
    url: str,
    quiz_dir: Path,
    log: Any,  # noqa: ANN401 - a log file
) -> dict[str, Any]:
    env = {"DATABASE_URL": url, "QUIZBOT_QUIZ_DIR": str(quiz_dir), "QUIZBOT_METRICS_PORT": "0"}
    bot = await BotProcess.start(standin_run.url, env, log)
    engine = create_async_engine(url, poolclass=NullPool)
    # Many clicks wait for the bot at once, each on its own connection; thousands at once had
    # the stand-in's listening socket reset some. A click waiting for a connection counts in
    # driver_outside_p99_ms and member_wait_p99_ms, not in the stand-in's first response.
    connector = aiohttp.TCPConnector(limit=CONNECTIONS)
    try:
        ready = await bot.wait_ready()
        figures: dict[str, Any] = {
            "start_to_ready_s": ready - bot.started,
            "idle_rss_mb": rss_mb(bot.process.pid),
        }
        pids = {"bot": bot.process.pid, "standin": standin_run.process.pid, "driver": os.getpid()}
        async with aiohttp.ClientSession(connector=connector) as session:
            night = Night(arguments, StandInClient(standin_run.url, session, None), engine, bot)
            async with sampling(pids) as samples:
                figures |= await night.run(session, samples)
        figures |= await _check(url, engine, night)
    finally:
        await engine.dispose()
        await bot.stop()
    # On SQLite every write waits for the one write lock; PostgreSQL's writes lock rows only.
    sqlite = url.startswith("sqlite")
    figures["sqlite_lock_max_hold_s"] = figures["write_max_hold_s"] if sqlite else None
    return figures


async def _check(url: str, engine: AsyncEngine, night: Night) -> dict[str, Any]:
    modal = night.args.answers == "modal"
    answers = await (check_typed(url, night.typed) if modal else check_answers(url, night.firsts))
    recomputed = await recompute(engine)
    return {
        "answers_expected": answers.expected,
        "answers_in_db": answers.in_db,
        "answers_missing": answers.missing,
        "answers_wrong_option": answers.wrong_option,
        "first_clicks_not_locked_in": night.not_locked_in,
        "scores_match_recomputation": recomputed.holds("scores", "score_counts"),
        "cards_match_recomputation": recomputed.holds("cards", "review_logs"),
        "mismatches": {k: v for k, v in recomputed.mismatches.items() if v},
    }


def parser() -> argparse.ArgumentParser:
    described = argparse.ArgumentParser(
        prog="python -m bench.event", description=__doc__.splitlines()[0]
    )
    described.add_argument("--database-url", default=None, help="a PostgreSQL server's URL")
    described.add_argument("--members", type=int, default=5000)
    described.add_argument("--seconds", type=int, default=20, help="each question's time")
    described.add_argument(
        "--questions", type=int, default=QUESTIONS, choices=range(1, QUESTIONS + 1)
    )
    described.add_argument(
        "--answers",
        choices=("buttons", "modal"),
        default="buttons",
        help="click an option, or type each answer in the question's modal",
    )
    described.add_argument("--logs", default=None, help="keep the processes' logs here")
    described.add_argument(
        "--profile",
        type=Path,
        default=None,
        help="sample quizbot with py-spy during each question's clicks and, apart, from its"
        " last clicks to its reveal, into this folder (python -m bench.rig.profiling FILES)",
    )
    return described


def report(result: dict[str, Any]) -> None:
    print(HEADER)
    for line in result.pop("table"):
        print(line)
    print(json.dumps(result))


async def main_async(arguments: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="quizbot-event-") as directory:
        return await measure(arguments, Path(directory))


def main() -> None:
    report(asyncio.run(main_async(parser().parse_args())))
    sys.exit(0)
