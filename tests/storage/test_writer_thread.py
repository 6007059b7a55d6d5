"""The SQLite writer thread: results and errors reach their callers, in order, from one thread."""

from __future__ import annotations

import asyncio
import threading

import pytest

from bot.storage.writer_thread import WriterThread


async def test_jobs_run_in_order_on_one_thread_and_their_results_come_back() -> None:
    writer = WriterThread("test-writer")
    ran: list[tuple[int, str]] = []

    def job(number: int) -> int:
        ran.append((number, threading.current_thread().name))
        return number * 10

    try:
        results = await asyncio.gather(*(writer.run(lambda n=n: job(n)) for n in range(20)))
    finally:
        writer.stop()

    assert results == [n * 10 for n in range(20)]
    assert ran == [(n, "test-writer") for n in range(20)]


async def test_an_error_reaches_its_caller_only() -> None:
    writer = WriterThread("test-writer")

    def fail() -> int:
        raise ValueError("no such round")

    try:
        with pytest.raises(ValueError, match="no such round"):
            await writer.run(fail)
        assert await writer.run(lambda: 7) == 7
    finally:
        writer.stop()


async def test_stop_ends_the_thread() -> None:
    writer = WriterThread("test-writer-stop")
    await writer.run(lambda: None)
    writer.stop()
    assert "test-writer-stop" not in {thread.name for thread in threading.enumerate()}
