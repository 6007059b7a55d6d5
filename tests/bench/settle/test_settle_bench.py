"""The settle benchmark, small: two member counts, two questions, on SQLite and PostgreSQL.

No timing is asserted (the figures depend on the machine): every close must have been measured,
with the clicks another round took meanwhile, and each figure's growth from one count to the
next printed.
"""

from __future__ import annotations

import pytest

from bench.settle.benchmark import main_async, parser
from tests.databases import POSTGRES_URL, need_postgres_here

pytestmark = pytest.mark.timeout(300)


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
async def test_the_benchmark_measures_every_close_and_its_growth(backend: str) -> None:
    arguments = ["--members", "40,80", "--questions", "2"]
    if backend == "postgresql":
        await need_postgres_here()
        arguments += ["--database-url", POSTGRES_URL]
    result = await main_async(parser().parse_args(arguments))
    assert result["database"] == backend
    small, large = result["sizes"]
    assert [small["members"], large["members"]] == [40, 80]
    for size in (small, large):
        assert len(size["per_question_s"]) == 2
        assert size["settle_max_s"] >= size["settle_p50_s"] > 0
        assert size["other_clicks"] > 0
        assert size["write_hold_max_s"] > 0
    assert "growth" not in small
    assert large["growth"]["members"] == 2.0
