"""The heavy commands' work runs in the pack checker's worker processes: a job's result comes
back from another process, and what it raises comes back as a failure with its traceback; the
server's rate is the heavy commands' own, not the uploads'."""

from __future__ import annotations

import os
import time
from collections.abc import AsyncIterator

import pytest

from bot.app.shelf.checker import PackChecker, ParseFailedError
from bot.app.shelf.heavy_work import HeavyWork
from bot.quiz.packs.heavy_commands import HEAVY_PER_WINDOW, HEAVY_WINDOW_S
from bot.quiz.packs.upload_rate import UPLOADS_PER_WINDOW


@pytest.fixture
async def checker() -> AsyncIterator[PackChecker]:
    checker = PackChecker(workers=1)
    try:
        yield checker
    finally:
        await checker.close()


async def test_a_job_runs_in_a_worker_process(checker: PackChecker) -> None:
    heavy = HeavyWork(checker, time.monotonic)
    assert await heavy.run(os.getpid) == checker.processes[0].pid != os.getpid()
    assert await heavy.run(divmod, 7, 2) == (3, 1)  # its arguments travel with it


async def test_what_a_job_raises_comes_back_as_a_failure(checker: PackChecker) -> None:
    heavy = HeavyWork(checker, time.monotonic)
    with pytest.raises(ParseFailedError, match="ValueError: invalid literal"):
        await heavy.run(int, "not a number")
    assert await heavy.run(int, "12") == 12  # the worker serves on


async def test_the_heavy_commands_have_a_rate_of_their_own(checker: PackChecker) -> None:
    heavy = HeavyWork(checker, time.monotonic)
    assert (heavy.rate.limit, heavy.rate.window_s) == (HEAVY_PER_WINDOW, HEAVY_WINDOW_S)
    assert heavy.rate.limit <= UPLOADS_PER_WINDOW  # no more costly to the workers than uploads
