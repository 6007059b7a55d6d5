"""The loader benchmark's inputs, made small: each is within its size and decided as the
benchmark expects (accepted or refused), so the timings it prints are of the cases it names."""

from __future__ import annotations

import pytest

from bench.loader.benchmark import decide
from bench.loader.inputs import WORST

SMALL = 16 * 1024


@pytest.mark.parametrize("name", sorted(WORST))
def test_each_worst_input_is_within_its_size_and_decided_as_expected(name: str) -> None:
    worst = WORST[name]
    data = worst.make(SMALL).encode()
    assert SMALL // 2 <= len(data) <= SMALL
    accepted, first_problem = decide(data)
    assert accepted is worst.accepted, first_problem


def test_there_are_at_least_ten_kinds() -> None:
    assert len(WORST) >= 10
