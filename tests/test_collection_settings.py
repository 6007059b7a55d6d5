"""The garbage collector and Ctrl-C work in every worker as tests/conftest.py sets them."""

from __future__ import annotations

import gc
import signal

import pytest

from tests.conftest import GC_THRESHOLDS, interrupt


def test_the_worker_collects_with_the_suites_thresholds_and_a_frozen_heap() -> None:
    assert gc.get_threshold() == GC_THRESHOLDS
    assert gc.get_freeze_count() > 0  # what collection loaded is never walked again


def test_ctrl_c_interrupts_through_the_suites_own_handler() -> None:
    assert signal.getsignal(signal.SIGINT) is interrupt  # asyncio.Runner then installs none
    with pytest.raises(KeyboardInterrupt):
        signal.raise_signal(signal.SIGINT)
