"""One long-lived thread that runs SQLite's answer batches, handed over without an executor.

``asyncio.to_thread`` costs a context copy, an executor's locks and two chained futures per
call, and under a burst of clicks the event loop spent a tenth of its time handing batches
over; here a hand-over is one put on a C queue, and the answer comes back through
``call_soon_threadsafe``.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

_Job = tuple[Callable[[], Any], asyncio.Future[Any], asyncio.AbstractEventLoop]


class WriterThread:
    def __init__(self, name: str) -> None:
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._serve, name=name, daemon=True)
        self._thread.start()

    async def run(self, work: Callable[[], T]) -> T:
        """``work()``'s result, computed in the thread."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[T] = loop.create_future()
        self._jobs.put((work, done, loop))
        return await done

    def stop(self) -> None:
        """Ends the thread once the jobs already handed over are done."""
        self._jobs.put(None)
        self._thread.join()

    def _serve(self) -> None:
        while (job := self._jobs.get()) is not None:
            work, done, loop = job
            try:
                result = work()
            except BaseException as error:  # noqa: BLE001  # it belongs to the caller
                loop.call_soon_threadsafe(_fail, done, error)
            else:
                loop.call_soon_threadsafe(_succeed, done, result)


def _succeed(done: asyncio.Future[Any], result: object) -> None:
    if not done.cancelled():
        done.set_result(result)


def _fail(done: asyncio.Future[Any], error: BaseException) -> None:
    if not done.cancelled():
        done.set_exception(error)
