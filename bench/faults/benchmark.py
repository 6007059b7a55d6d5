"""Fault benchmark: the real ``quizbot run`` process against the Discord stand-in, through a
recording proxy, while faults hit a round and members click.

    python -m bench.faults [--scenarios a,b,...] [--database-url URL] [--members N]
                           [--jobs N] [--logs DIR] [--log-level LEVEL]

Each scenario gets a fresh stand-in (``python -m standin``), a fresh database (a SQLite file,
or with ``--database-url postgresql+asyncpg://...`` a new PostgreSQL database, dropped afterwards,
which the bot reaches through a TCP proxy), and a fresh ``quizbot run``. The guild owner starts
``/quiz start`` with a three-question pack and five seconds per question; members click while
questions are open, and the scenario deals its faults:

- ``kill-mid-round``: kill -9 halfway through question 2's clicks; a new process resumes.
- ``kill-during-reveal`` / ``kill-during-standings``: kill -9 while the reveal edit (the standings
  post) is in flight, twice: first lost on its way to Discord, then (the next such request)
  applied by Discord with the reply never seen by the bot.
- ``storm-{429,5xx}-{messages,edits,callbacks}``: 20 injected faults (429 with retry_after 0.5 s,
  or 500 and 502 alternately) on the route, starting with question 2's post, question 1's reveal,
  or the first click's interaction response.
- ``gateway-drops``: the gateway connection dropped once in each question.
- ``lost-heartbeats``: heartbeats (every second) unacknowledged from question 1 to question 3.
- ``db-cut-10s`` / ``db-cut-60s`` (PostgreSQL only): the database unreachable from a second before
  question 1 closes, for 10 s or 60 s (the server itself keeps running).
- ``max-length-pack``: a pack whose every text is at its limit, in English and Greek.

A scenario holds when: every acknowledged answer ("Locked in") is in the database once, with
the option acknowledged; each question was posted once and revealed; the standings were posted
once; every interaction was answered within 3 s and none left "thinking" (not counting those a
kill cut off, nor those whose every interaction response sent within the 3 s got an injected
fault); no request got a 4xx Discord would refuse it with (late replies to those excused
interactions apart), hit a real rate limit, or failed the OpenAPI check; the bot process is alive
at the end; and the round finished within questions x (seconds + 3 s) + outage + 10 s.

The outage of a kill lasts from the kill to the new process logging that it is ready; of a
storm, from the first injected fault to the last; of a gateway drop, until the bot connects
again; of a database cut, the cut. Unanswered heartbeats are no outage. Recovery is the time
from the end of a fault to the round's next visible progress (a question posted or revealed, or
the standings posted, as applied by the stand-in); a scenario's recovery is its longest.

Scenarios run ``--jobs`` at a time (3; each has its own processes, ports and database), the
longest first; the whole benchmark takes about four minutes, most of it the two 5xx storms on
routes the round waits on (discord.py itself pauses 25 s over its five tries of a request).
``quizbot run`` is started as ``python -m bot`` from the current folder, so it is the bot of the
tree the benchmark runs in; each scenario's bot and stand-in log goes to ``--logs`` (kept) or a
temporary folder. Prints a table, then one JSON line. Exit status 1 if any scenario did not
hold, else 0.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.faults.checks import judge
from bench.faults.database import is_postgres
from bench.faults.model import Evidence, Window
from bench.faults.packs import write_packs
from bench.faults.rig import Rig, RigOptions, open_rig
from bench.faults.scenarios import SCENARIOS, Scenario
from bench.rig.processes import log_file

HARNESS_SLACK_S = 120.0  # beyond a scenario's longest wait: then the harness itself is stuck
DRIVER_GRACE_S = 40.0  # a scenario's own faults (a kill and restart) may outlast the round
LINGER_S = 3.0  # after the last fault: time for a doubled post to show


@dataclass
class Outcome:
    name: str
    held: bool | None  # None: skipped
    figures: dict[str, Any] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    wall_s: float = 0.0
    log: str = ""


async def run_scenario(scenario: Scenario, options: RigOptions, logs: Path) -> Outcome:
    """One scenario from scratch; a scenario the harness itself could not run does not hold."""
    if scenario.postgres_only and not is_postgres(options.database_url):
        return Outcome(scenario.name, None, notes=["needs --database-url postgresql+asyncpg://"])
    started = time.monotonic()
    outcome = Outcome(scenario.name, held=False, log=str(logs / f"{scenario.name}.log"))
    limit = scenario.setup.max_wait_s + HARNESS_SLACK_S
    deadline = asyncio.timeout(limit)
    try:
        with log_file(logs, scenario.name) as log:
            async with deadline, open_rig(options, scenario.setup, log) as rig:
                outcome.notes = rig.notes
                evidence = await _play(rig, scenario)
    except Exception as error:  # noqa: BLE001 - one broken scenario must not stop the others
        stuck = f"the scenario did not end within {limit:.0f} s"
        outcome.failures.append(stuck if deadline.expired() else f"could not run: {error!r}")
    else:
        verdict = judge(evidence)
        outcome.held = not verdict.failures
        outcome.figures, outcome.failures = verdict.figures, verdict.failures
    outcome.wall_s = time.monotonic() - started
    return outcome


async def _play(rig: Rig, scenario: Scenario) -> Evidence:
    await rig.start_round()
    driving = rig.spawn(scenario.drive(rig))
    await rig.wait_round_end()
    try:
        await asyncio.wait_for(driving, DRIVER_GRACE_S)
    except TimeoutError:
        rig.notes.append("the scenario's faults were still going when its time was up")
    await rig.wait_round_end()
    await _linger(rig.all_windows())
    await rig.settle()
    return await rig.evidence()


async def _linger(windows: Sequence[Window]) -> None:
    ends = [w.end for w in windows if w.end is not None]
    if ends:
        await asyncio.sleep(max(max(ends) + LINGER_S - time.monotonic(), 0.0))  # observing


async def run(
    names: Sequence[str], options: RigOptions, logs: Path, jobs: int = 1
) -> list[Outcome]:
    """The scenarios, ``jobs`` at a time (each has its own processes, ports and database)."""
    await write_packs(options.quiz_dir)
    slots = asyncio.Semaphore(max(jobs, 1))

    async def one(name: str) -> Outcome:
        async with slots:
            print(f"running {name} ...", file=sys.stderr, flush=True)
            outcome = await run_scenario(SCENARIOS[name], options, logs)
            held = {None: "skipped", True: "held"}.get(outcome.held, "did NOT hold")
            print(f"{name} {held} ({outcome.wall_s:.0f} s)", file=sys.stderr, flush=True)
            return outcome

    # The longest first, so that they do not end up running alone at the end.
    by_length = sorted(names, key=lambda name: -SCENARIOS[name].setup.expected_s)
    done = dict(zip(by_length, await asyncio.gather(*map(one, by_length)), strict=True))
    return [done[name] for name in names]


COLUMNS = (
    ("answers_acknowledged", "acked"),
    ("answers_lost", "lost"),
    ("answers_duplicated", "dup"),
    ("reveals_missing", "rev-"),
    ("reveals_double", "rev+"),
    ("standings_missing", "std-"),
    ("standings_double", "std+"),
    ("interactions_failed", "ifail"),
    ("interactions_fault_eaten", "ieaten"),
    ("requests_refused", "refused"),
    ("outage_s", "outage"),
    ("round_s", "round"),
    ("allowed_s", "allowed"),
    ("recovery_s", "recov"),
)


def table(outcomes: Sequence[Outcome]) -> str:
    header = f"{'scenario':22} {'held':5} " + " ".join(f"{short:>7}" for _, short in COLUMNS)
    lines = [header + "  what failed"]
    for outcome in outcomes:
        held = "skip" if outcome.held is None else "yes" if outcome.held else "NO"
        cells = " ".join(f"{_cell(outcome.figures.get(key)):>7}" for key, _ in COLUMNS)
        why = "; ".join(outcome.failures or outcome.notes)
        lines.append(f"{outcome.name:22} {held:5} {cells}  {why}")
    return "\n".join(lines)


def _cell(value: object) -> str:
    if value is None:
        return "-"
    return f"{value:.1f}" if isinstance(value, float) else str(value)


SUMMED = (
    "answers_acknowledged",
    "answers_lost",
    "answers_duplicated",
    "reveals_missing",
    "reveals_double",
    "standings_missing",
    "standings_double",
    "interactions_failed",
    "requests_refused",
)


def summary(outcomes: Sequence[Outcome], options: RigOptions, wall_s: float) -> dict[str, Any]:
    ran = [o for o in outcomes if o.held is not None]
    recoveries = [o.figures["recovery_s"] for o in ran if o.figures.get("recovery_s") is not None]
    return {
        "database": "postgresql" if is_postgres(options.database_url) else "sqlite",
        "members": options.members,
        "scenarios_run": len(ran),
        "scenarios_held": sum(bool(o.held) for o in ran),
        "scenarios_skipped": [o.name for o in outcomes if o.held is None],
        **{key: sum(int(o.figures.get(key) or 0) for o in ran) for key in SUMMED},
        "recovery_s": max(recoveries, default=None),
        "openapi_checked": all(o.figures.get("openapi_checked") for o in ran),
        "wall_s": round(wall_s, 1),
        "scenarios": {
            o.name: {"held": o.held, "failures": o.failures, "notes": o.notes, **o.figures}
            for o in outcomes
        },
    }


async def main_async(arguments: argparse.Namespace) -> int:
    names = [n.strip() for n in arguments.scenarios.split(",") if n.strip()]
    unknown = [n for n in names if n not in SCENARIOS]
    if unknown:
        raise SystemExit(f"unknown scenarios {unknown}; known: {', '.join(SCENARIOS)}")
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="quizbot-faults-") as directory:
        workdir = Path(directory)
        logs = Path(arguments.logs) if arguments.logs else workdir / "logs"
        logs.mkdir(parents=True, exist_ok=True)
        options = RigOptions(
            workdir=workdir,
            quiz_dir=workdir / "packs",
            database_url=arguments.database_url,
            members=arguments.members,
            log_level=arguments.log_level,
        )
        outcomes = await run(names, options, logs, arguments.jobs)
    print(table(outcomes))
    print(json.dumps(summary(outcomes, options, time.monotonic() - started)))
    return 0 if all(o.held is not False for o in outcomes) else 1


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.faults", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--scenarios", default=",".join(SCENARIOS), help="default: all")
    parser.add_argument("--database-url", default=None, help="default: SQLite files")
    parser.add_argument("--members", type=int, default=20)
    parser.add_argument(
        "--jobs", type=int, default=3, help="scenarios run at once (default 3; 1 for serial)"
    )
    parser.add_argument("--logs", default=None, help="keep each scenario's logs in this folder")
    parser.add_argument("--log-level", default="INFO", help="the bot's QUIZBOT_LOG_LEVEL")
    raise SystemExit(asyncio.run(main_async(parser.parse_args())))
