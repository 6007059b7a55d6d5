"""The garbage collector runs in every worker as tests/conftest.py sets it."""

from __future__ import annotations

import gc

from tests.conftest import GC_THRESHOLDS


def test_the_worker_collects_with_the_suites_thresholds_and_a_frozen_heap() -> None:
    assert gc.get_threshold() == GC_THRESHOLDS
    assert gc.get_freeze_count() > 0  # what collection loaded is never walked again
