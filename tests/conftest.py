"""What tests in every folder share: the migrated databases they copy, made once per worker."""

from __future__ import annotations

import asyncio
import gc
import os
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

import pytest
from hypothesis import settings

from bot.storage.migrate import upgrade
from tests.databases import PostgresDatabases, need_postgres

# Where Python is told not to write bytecode (PYTHONDONTWRITEBYTECODE), every process the tests
# start (the workers, each `quizbot`, each stand-in) would compile the package from source again
# and rewrite every test module's asserts: a third of a second per `quizbot` start. The tests
# run the bot as an installed one runs, with its bytecode cached (in __pycache__, ignored by git).
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

# Property tests assert outcomes, not timings: with the workers on two cores one example of a
# loader property took 310-352 ms and hypothesis failed it for passing the 200 ms deadline.
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")

# A worker's heap holds the bot, its libraries and every test module: with Python's default
# thresholds a full collection walked it about every twenty tests, 12 s of the 79 s tests/storage
# and tests/quiz cost in one process (4.7 s with these thresholds and the heap frozen after
# collection). Garbage is still collected, only less often; `quizbot run` freezes its own heap.
GC_THRESHOLDS = (7000, 10, 10)
gc.set_threshold(*GC_THRESHOLDS)


def interrupt(signum: int, frame: FrameType | None) -> None:
    """Ctrl-C, as Python's default handler does it."""
    raise KeyboardInterrupt


# pytest-asyncio runs each async test and fixture through asyncio.Runner.run, which, finding
# Python's default SIGINT handler, installs one of its own, and on its way out looks it up again
# with signal.getsignal: that formats the repr of the handler it installed, with the finished task
# and its result, a test's whole world with its packs, twice per run (about a tenth of the CPU an
# end-to-end test's set-up took). With a handler of the suite's own, Runner installs none.
signal.signal(signal.SIGINT, interrupt)


def pytest_collection_finish() -> None:
    """What collection loaded stays for the whole run: no collection walks it again."""
    gc.collect()
    gc.freeze()


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A migrated SQLite file that each test's database is a copy of."""
    path = tmp_path_factory.mktemp("template") / "quizbot.db"
    upgrade(f"sqlite+aiosqlite:///{path}")
    return path


@pytest.fixture(scope="session")
def postgres_databases() -> Iterator[PostgresDatabases]:
    """The worker's PostgreSQL databases, each migrated once (tests.databases)."""
    need_postgres()
    databases = asyncio.run(PostgresDatabases.create())
    try:
        yield databases
    finally:
        asyncio.run(databases.drop_all())
