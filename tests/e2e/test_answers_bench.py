"""The answers benchmark, small: the real processes, a few hundred clicks, the database checked.

No timing is asserted (the figures depend on the machine); what must hold is that every click
was answered, every first click was told "Locked in", and the database holds exactly one answer
per (member, question) clicked, with the option of the member's first click.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.answers.benchmark import measure, parser
from tests.databases import POSTGRES_URL, need_postgres_here

pytestmark = pytest.mark.e2e

MEMBERS = 60  # with 30 % clicking twice: about 80 clicks a question, 4 passes in all


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
async def test_the_answers_benchmark_runs_and_the_answers_hold(
    backend: str, tmp_path: Path
) -> None:
    flags = ["--members", str(MEMBERS), "--questions", "1", "--logs", str(tmp_path)]
    if backend == "postgresql":
        await need_postgres_here()
        flags += ["--database-url", POSTGRES_URL]
    result = await measure(parser().parse_args(flags), tmp_path)
    assert result["database"] == backend
    assert result["answers_expected"] == 2 * MEMBERS  # two questions, each member once
    assert result["answers_in_db"] == result["answers_expected"]
    assert result["answers_missing"] == result["answers_wrong_option"] == 0
    assert result["replies_not_locked_in"] == 0
    assert result["failed"] == 0
    assert result["ceiling_per_s"] > 0
    assert result["bot_per_s"] > 0
    assert result["bot_cpu_ms_per_click"] > 0
    assert result["idle_rss_mb"] > 0
    assert result["start_to_ready_s"] > 0
    assert result["idle_rss_restart_mb"] > 0
    assert result["restart_to_ready_s"] > 0
