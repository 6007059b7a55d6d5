"""The fault benchmark's fast scenarios, through the same code as ``python -m bench.faults``: the
real ``quizbot run`` process against the stand-in, faults dealt while members click.

The scenarios run two at a time (each has its own processes, ports and database): all at once,
four bots, four stand-ins and their drivers beside the other test workers left a bot on two
cores short of Discord's three seconds for its `/quiz start` now and then.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from pathlib import Path

import pytest

from bench.faults.benchmark import Outcome, run_scenario
from bench.faults.packs import write_packs
from bench.faults.rig import RigOptions
from bench.faults.scenarios import FAST, SCENARIOS
from tests.databases import POSTGRES_URL, need_postgres_here, postgres_unavailable

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(420), pytest.mark.xdist_group("faults")]
ON_POSTGRES = "db-cut-10s"
LOG_LINES = 40
AT_ONCE = 2


async def _run_fast(workdir: Path) -> dict[str, Outcome]:
    sqlite = RigOptions(workdir=workdir, quiz_dir=workdir / "packs")
    await write_packs(sqlite.quiz_dir)
    runs = {name: run_scenario(SCENARIOS[name], sqlite, workdir) for name in FAST}
    if await postgres_unavailable() is None:
        postgres = RigOptions(workdir=workdir, quiz_dir=sqlite.quiz_dir, database_url=POSTGRES_URL)
        runs[ON_POSTGRES] = run_scenario(SCENARIOS[ON_POSTGRES], postgres, workdir)
    turns = asyncio.Semaphore(AT_ONCE)

    async def in_turn(run: Awaitable[Outcome]) -> Outcome:
        async with turns:
            return await run

    outcomes = await asyncio.gather(*(in_turn(run) for run in runs.values()))
    return dict(zip(runs, outcomes, strict=True))


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Outcome]:
    return asyncio.run(_run_fast(tmp_path_factory.mktemp("faults")))


def explain(outcome: Outcome) -> str:
    """What failed, the scenario's figures, and the warnings and errors the bot logged."""
    log = Path(outcome.log).read_text(encoding="utf-8") if Path(outcome.log).exists() else ""
    logged = [line for line in log.splitlines() if " WARNING " in line or " ERROR " in line]
    figures = {k: v for k, v in outcome.figures.items() if v}
    return "\n".join(
        [
            f"{outcome.name} did not hold:",
            *(f"  - {failure}" for failure in outcome.failures),
            *(f"  note: {note}" for note in outcome.notes),
            f"  figures: {figures}",
            f"  the bot's warnings and errors (all in {outcome.log}):",
            *(f"    {line}" for line in logged[-LOG_LINES:]),
        ]
    )


@pytest.mark.parametrize("name", FAST)
def test_the_scenario_holds_on_sqlite(outcomes: dict[str, Outcome], name: str) -> None:
    outcome = outcomes[name]
    assert outcome.held, explain(outcome)


async def test_a_database_cut_of_10_s_holds_on_postgres(outcomes: dict[str, Outcome]) -> None:
    await need_postgres_here()
    outcome = outcomes[ON_POSTGRES]
    assert outcome.held, explain(outcome)
