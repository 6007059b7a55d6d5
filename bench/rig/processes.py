"""The processes of a fault benchmark (and of the shard test): the Discord stand-in and the real
``quizbot run``."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import IO

# How long a process may take to be ready. A quiet machine needs 2-3 s; the suite starts its fault
# scenarios beside five workers' first tests, and there a bot once took more than 30 s.
STARTUP_S = 60.0
STOP_S = 10.0
READY = "quizbot ready"
# A fake bot token long enough that redacting it never mangles an ordinary log word.
TOKEN = "MTIz.fault-benchmark-token.abc"  # noqa: S105


class StandInProcess:
    """``python -m standin`` on a free port, seeded with one guild."""

    def __init__(self, process: asyncio.subprocess.Process, url: str, log: IO[str]) -> None:
        self.process = process
        self.url = url
        assert process.stdout is not None  # noqa: S101 - piped
        # Its later output (warnings) goes to the log, so the pipe never fills up.
        self._drain = asyncio.create_task(_drain(process.stdout, log))

    @classmethod
    async def start(
        cls, members: int, log: IO[str], *, guilds: int = 1, options: Sequence[str] = ()
    ) -> StandInProcess:
        """``options``: more of ``python -m standin``'s flags (e.g. --shards 4)."""
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            *("-m", "standin", "--port", "0", "--guilds", str(guilds)),
            *("--members", str(members), *options),
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        assert process.stdout is not None  # noqa: S101 - piped above
        seen: list[str] = []
        try:
            async with asyncio.timeout(STARTUP_S):
                await _read_until(process.stdout, "standin listening on", seen)
        except BaseException:
            await terminate(process)
            raise
        log.write("".join(seen))
        return cls(process, seen[-1].rsplit(" ", 1)[-1].strip(), log)

    async def stop(self) -> None:
        await terminate(self.process)
        await self._drain


class BotProcess:
    """One ``quizbot run`` process; its log lines are kept (with their time) and written out."""

    def __init__(self, process: asyncio.subprocess.Process, log: IO[str]) -> None:
        self.process = process
        self.started = time.monotonic()
        self.ready_at: float | None = None
        self.lines: list[str] = []
        self._log = log
        self._ready = asyncio.Event()
        assert process.stdout is not None  # noqa: S101 - piped
        self._reader = asyncio.create_task(self._read(process.stdout))

    @classmethod
    async def start(cls, discord_url: str, env: dict[str, str], log: IO[str]) -> BotProcess:
        process = await asyncio.create_subprocess_exec(
            *(sys.executable, "-m", "bot", "run", "--discord-url", discord_url),
            env={**os.environ, "DISCORD_TOKEN": TOKEN, **env},
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        log.write(f"=== quizbot run, pid {process.pid}\n")
        return cls(process, log)

    async def _read(self, stream: asyncio.StreamReader) -> None:
        while raw := await stream.readline():
            line = raw.decode(errors="replace")
            self.lines.append(line)
            self._log.write(line)
            if READY in line and self.ready_at is None:
                self.ready_at = time.monotonic()
                self._ready.set()

    async def wait_ready(self, timeout: float = STARTUP_S) -> float:  # noqa: ASYNC109 - a deadline
        """The time it logged that it is ready; raises if it ends or takes too long."""
        ended = asyncio.ensure_future(self.process.wait())
        ready = asyncio.ensure_future(self._ready.wait())
        try:
            await asyncio.wait({ended, ready}, timeout=timeout, return_when="FIRST_COMPLETED")
        finally:
            ended.cancel()
            ready.cancel()
        if self.ready_at is None:
            tail = "".join(self.lines[-20:])
            raise RuntimeError(f"quizbot run was not ready within {timeout} s:\n{tail}")
        return self.ready_at

    @property
    def alive(self) -> bool:
        return self.process.returncode is None

    async def kill(self) -> float:
        """kill -9, as a crash or an OOM kill would; the moment it died."""
        with contextlib.suppress(ProcessLookupError):
            self.process.send_signal(signal.SIGKILL)
        await self.process.wait()
        killed = time.monotonic()
        await self._reader
        self._log.write(f"=== killed with SIGKILL (pid {self.process.pid})\n")
        return killed

    async def stop(self) -> None:
        await terminate(self.process)
        with contextlib.suppress(asyncio.CancelledError):
            await self._reader


async def _read_until(stream: asyncio.StreamReader, wanted: str, seen: list[str]) -> None:
    while not seen or wanted not in seen[-1]:
        line = (await stream.readline()).decode()
        if not line:
            raise RuntimeError(f"the stand-in did not start: {''.join(seen)}")
        seen.append(line)


async def terminate(process: asyncio.subprocess.Process) -> None:
    if process.returncode is None:
        with contextlib.suppress(ProcessLookupError):
            process.send_signal(signal.SIGINT)
        try:
            await asyncio.wait_for(process.wait(), STOP_S)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()


async def _drain(stream: asyncio.StreamReader, sink: IO[str]) -> None:
    while raw := await stream.readline():
        sink.write(raw.decode(errors="replace"))


def log_file(directory: Path, name: str) -> IO[str]:
    directory.mkdir(parents=True, exist_ok=True)
    return (directory / f"{name}.log").open("a", encoding="utf-8", buffering=1)
