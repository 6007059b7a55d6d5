"""How worker processes start: forked from a server process of their own, which holds none of the
bot's loop, sockets or threads (it is started with the spawn method) and has the module they run
imported; so a worker is up in milliseconds, not in the second a fresh interpreter takes to
import the pack loader. Spawned themselves where there is no fork (Windows)."""

from __future__ import annotations

import functools
import multiprocessing
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # Windows has no ForkServerContext to import
    from multiprocessing.context import ForkServerContext, SpawnContext

FORK_SERVER = "forkserver"


def worker_context(module: str) -> ForkServerContext | SpawnContext:
    """The start method for workers that run ``module``'s code."""
    if FORK_SERVER not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([module])
    return context


@functools.cache
def workers_ready(module: str) -> None:
    """Starts the fork server and waits until it has imported ``module`` and forked once (call it
    in a thread, once per process): a worker's start waits for that, and then takes a
    millisecond and can stay on the event loop."""
    context = worker_context(module)
    if context.get_start_method() != FORK_SERVER:
        return
    process = context.Process(target=_nothing, name="quizbot-worker-warm-up")
    process.start()
    process.join()


def _nothing() -> None:
    """The warm-up process's life."""
