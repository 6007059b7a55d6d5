"""Every worst input of bench/loader/benchmark.py, as large as an upload may be, is decided well
within a bound generous enough for a busy machine (the benchmark prints the real figures:
docs/benchmarks.md); before the loader read through libyaml with bounds, `[[],[],…]` took
seconds on its own."""

from __future__ import annotations

import time

import pytest

from bench.loader.benchmark import decide
from bench.loader.inputs import WORST
from bot.quiz.server_packs import MAX_PACK_BYTES

GENEROUS_S = 2.0


@pytest.mark.parametrize("name", sorted(WORST))
def test_a_worst_input_of_the_upload_limit_is_decided_quickly(name: str) -> None:
    data = WORST[name].make(MAX_PACK_BYTES).encode()
    started = time.perf_counter()
    accepted, first_problem = decide(data)
    elapsed = time.perf_counter() - started
    assert accepted is WORST[name].accepted, first_problem
    assert elapsed < GENEROUS_S, f"{name}: {elapsed:.2f} s"
