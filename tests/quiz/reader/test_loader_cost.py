"""Every worst input of bench/loader/benchmark.py, as large as an upload may be, is decided well
within a bound of CPU time (the benchmark prints the real figures: docs/benchmarks.md); before
the loader read through libyaml with bounds, `[[],[],…]` took seconds on its own. CPU time, not
the wall clock: a machine busy with other work stretches the one, not the other."""

from __future__ import annotations

import time

import pytest

from bench.loader.benchmark import decide
from bench.loader.inputs import WORST
from bot.quiz.reader.loader import MAX_PACK_BYTES

GENEROUS_S = 2.0


@pytest.mark.parametrize("name", sorted(WORST))
def test_a_worst_input_of_the_upload_limit_is_decided_quickly(name: str) -> None:
    data = WORST[name].make(MAX_PACK_BYTES).encode()
    started = time.process_time()
    accepted, first_problem = decide(data)
    elapsed = time.process_time() - started
    assert accepted is WORST[name].accepted, first_problem
    assert elapsed < GENEROUS_S, f"{name}: {elapsed:.2f} s of CPU time"
