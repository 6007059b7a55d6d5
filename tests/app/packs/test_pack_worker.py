"""The pack checker: uploads are parsed in worker processes, within a hard time limit; a worker
that overruns it is killed and replaced, and closing the checker leaves no process behind.

The parses handed to the workers are in tests/parses.py: a worker process imports them by
name."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import replace

import pytest

from bot.app.shelf import checker as pack_checker
from bot.app.shelf.checker import (
    STOP_LIMIT_S,
    PackChecker,
    ParseFailedError,
    ParseTimeoutError,
)
from bot.quiz.model import Pack
from bot.quiz.reader.imports.reading import UploadedFile
from bot.quiz.reader.loader import parse_pack
from bot.quiz.reader.pictures import check_picture
from bot.quiz.reader.problems import PackError
from tests.parses import FAILING, SLOW, parse_from, parse_or_fail, parse_or_hang, parse_where
from tests.pictures import PICTURED_PACK, picture
from tests.storage.factories import CAPITALS

LIMIT_S = 1.0
WAIT_S = 15.0  # for a worker to start or exit on a busy machine
BROKEN = CAPITALS.replace("difficulty: easy", "difficulty: hard-ish").encode()


async def eventually(condition: Callable[[], bool], timeout: float = WAIT_S) -> None:  # noqa: ASYNC109
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"not so within {timeout} s")
        await asyncio.sleep(0.01)


def alive(pid: int) -> bool:
    """Whether a process of ours still exists (a zombie, not reaped, counts as existing)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


async def parsed(checker: PackChecker, data: bytes, file_name: str) -> Pack:
    """What the checker's workers make of a file: its pack."""
    return (await checker.parse(UploadedFile(data, file_name))).pack


def worker_pids(checker: PackChecker) -> list[int]:
    return [process.pid for process in checker.processes if process.pid is not None]


@pytest.fixture
async def checker() -> AsyncIterator[PackChecker]:
    checker = PackChecker(parse_or_hang, limit_s=LIMIT_S, workers=1)
    try:
        yield checker
    finally:
        await checker.close()
        assert multiprocessing.active_children() == []


async def test_a_pack_is_parsed_in_another_process_and_comes_back_whole() -> None:
    checker = PackChecker(parse_where, workers=1)
    try:
        pack = await parsed(checker, CAPITALS.encode(), "capitals.yaml")
        (pid,) = worker_pids(checker)
        assert pid != os.getpid()
        assert pack.source == f"capitals.yaml in {pid}"
        assert pack == replace(parse_pack(CAPITALS.encode(), "capitals.yaml"), source=pack.source)
        assert pack.title.get("el") == pack.title.get("en")  # read-only texts survive the trip
        with pytest.raises(TypeError):
            pack.title.by_locale["en"] = "changed"  # type: ignore[index]
        again = await parsed(checker, CAPITALS.encode(), "again.yaml")
        assert again.source == f"again.yaml in {pid}"  # one worker serves upload after upload
    finally:
        await checker.close()


async def test_a_broken_file_gets_the_problems_the_loader_finds(checker: PackChecker) -> None:
    with pytest.raises(PackError) as in_process:
        parse_pack(BROKEN, "capitals.yaml")
    with pytest.raises(PackError) as in_worker:
        await parsed(checker, BROKEN, "capitals.yaml")
    assert in_worker.value.problems == in_process.value.problems
    assert "capitals.yaml:5:13: difficulty: 'hard-ish' must be one of" in str(in_worker.value)


async def test_an_overrun_kills_the_worker_and_the_next_upload_gets_a_new_one(
    checker: PackChecker,
) -> None:
    await parsed(
        checker, CAPITALS.encode(), "warm.yaml"
    )  # the limit is the parse's, not the start's
    (first,) = worker_pids(checker)
    started = time.monotonic()
    with pytest.raises(ParseTimeoutError) as late:
        await parsed(checker, SLOW, "slow.yaml")
    assert LIMIT_S <= time.monotonic() - started < LIMIT_S + 2.0
    assert late.value.limit_s == LIMIT_S
    assert worker_pids(checker) == []
    await eventually(lambda: not alive(first))
    pack = await parsed(checker, CAPITALS.encode(), "next.yaml")
    (second,) = worker_pids(checker)
    assert second != first
    assert pack.source == f"next.yaml in {second}"


@pytest.mark.skipif(
    "forkserver" not in multiprocessing.get_all_start_methods(), reason="no fork (Windows)"
)
async def test_a_new_worker_is_forked_from_the_same_server_not_the_bot() -> None:
    """A worker is forked from a server process started once, so a worker started after an
    overrun costs milliseconds, not a fresh interpreter importing the loader."""
    checker = PackChecker(parse_from, limit_s=LIMIT_S, workers=1)
    try:
        first = await parsed(checker, CAPITALS.encode(), "first.yaml")
        (killed,) = worker_pids(checker)
        with pytest.raises(ParseTimeoutError):
            await parsed(checker, SLOW, "slow.yaml")
        second = await parsed(checker, CAPITALS.encode(), "second.yaml")
        assert worker_pids(checker) != [killed]
    finally:
        await checker.close()
    assert first.source == second.source != f"from {os.getpid()}"


async def test_uploads_wait_for_a_free_worker_and_a_slow_one_holds_only_its_own(
    checker: PackChecker,
) -> None:
    pair = PackChecker(parse_or_hang, limit_s=LIMIT_S, workers=2)
    try:
        slow = asyncio.ensure_future(parsed(pair, SLOW, "slow.yaml"))
        quick = await parsed(pair, CAPITALS.encode(), "quick.yaml")  # the other worker answers
        assert not slow.done()
        assert quick.id == "capitals"
        with pytest.raises(ParseTimeoutError):
            await slow
    finally:
        await pair.close()
    slow = asyncio.ensure_future(parsed(checker, SLOW, "slow.yaml"))
    await eventually(lambda: bool(worker_pids(checker)))  # the slow file holds the one worker
    queued = await parsed(checker, CAPITALS.encode(), "queued.yaml")  # waits for its turn
    assert slow.done()
    assert queued.id == "capitals"
    with pytest.raises(ParseTimeoutError):
        await slow


async def test_a_loader_bug_is_reported_and_the_worker_serves_on() -> None:
    checker = PackChecker(parse_or_fail, workers=1)
    try:
        with pytest.raises(ParseFailedError, match="RecursionError: maximum recursion depth"):
            await parsed(checker, FAILING, "failing.yaml")
        (pid,) = worker_pids(checker)
        assert (await parsed(checker, CAPITALS.encode(), "x.yaml")).source == f"x.yaml in {pid}"
    finally:
        await checker.close()


async def test_a_caller_that_stops_waiting_never_gets_a_stale_reply(checker: PackChecker) -> None:
    slow = asyncio.ensure_future(parsed(checker, SLOW, "slow.yaml"))
    await eventually(lambda: bool(worker_pids(checker)))
    (first,) = worker_pids(checker)
    slow.cancel()
    with pytest.raises(asyncio.CancelledError):
        await slow
    pack = await parsed(checker, CAPITALS.encode(), "after.yaml")
    assert pack.source.startswith("after.yaml in ")
    assert first not in worker_pids(checker)


@pytest.mark.skipif(sys.platform == "win32", reason="no SIGINT to a process there")
async def test_ctrl_c_in_the_terminal_leaves_the_worker_to_the_bot(checker: PackChecker) -> None:
    await parsed(checker, CAPITALS.encode(), "warm.yaml")
    (pid,) = worker_pids(checker)
    os.kill(pid, signal.SIGINT)  # what the terminal sends to the whole process group
    pack = await parsed(checker, CAPITALS.encode(), "after.yaml")
    assert pack.source == f"after.yaml in {pid}"


async def test_closing_leaves_no_process_idle_or_busy_and_refuses_more_uploads() -> None:
    checker = PackChecker(parse_or_hang, limit_s=60.0, workers=2)
    await parsed(checker, CAPITALS.encode(), "idle.yaml")
    busy = asyncio.ensure_future(parsed(checker, SLOW, "slow.yaml"))
    await eventually(lambda: len(worker_pids(checker)) == 2)
    pids = worker_pids(checker)
    started = time.monotonic()
    await checker.close()
    assert time.monotonic() - started < WAIT_S  # the busy one was killed, not waited for
    with pytest.raises(ParseFailedError):
        await busy
    assert multiprocessing.active_children() == []
    assert [pid for pid in pids if alive(pid)] == []
    with pytest.raises(ParseFailedError, match="closed"):
        await parsed(checker, CAPITALS.encode(), "late.yaml")


async def test_an_idle_worker_leaves_as_soon_as_the_bots_end_of_its_pipe_closes() -> None:
    # As when the bot dies: nothing kills the worker, it reads the end of its input and exits.
    checker = PackChecker(parse_where, workers=1)
    await parsed(checker, CAPITALS.encode(), "idle.yaml")
    (pid,) = worker_pids(checker)
    started = time.monotonic()
    await checker.close()
    assert time.monotonic() - started < STOP_LIMIT_S / 2  # not killed after the grace
    assert not alive(pid)


async def test_pictures_are_checked_in_the_worker_with_more_time_for_each(
    checker: PackChecker, monkeypatch: pytest.MonkeyPatch
) -> None:
    file = UploadedFile(PICTURED_PACK.encode(), "p.yaml")
    pictured = await checker.check(file, {"square.png": picture()})
    (stored,) = pictured.pictures.values()
    image = pictured.imported.pack.questions[0].image
    assert image is not None
    assert image.digest == stored.digest == check_picture(picture(), "square.png").digest
    monkeypatch.setattr(pack_checker, "PICTURE_LIMIT_S", 0.25)
    slow = UploadedFile(SLOW, "slow.yaml")
    with pytest.raises(ParseTimeoutError) as late:
        await checker.check(slow, {"a.png": picture(), "b.png": picture()})
    assert late.value.limit_s == LIMIT_S + 2 * 0.25
