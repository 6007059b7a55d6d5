"""Uploaded pack files are parsed in worker processes, never on the event loop, each within a
hard time limit; so are the pictures attached to them, decoded and re-encoded there.

The pack loader is pure Python, and a 256 KiB file can be made to keep it busy for seconds; on
the event loop that stalls every server's commands, clicks and round timers. A `PackChecker`
keeps a small pool of processes (started on first use, forked from a server process that shares
none of the bot's loop, sockets or threads); each reads one file at a time, in whichever format
it is (a YAML pack, CSV, Open Trivia DB, GIFT, Aiken, a term list: bot/quiz/reader/imports/). A read
that overruns its limit (a few seconds more for each picture) gets its process killed, and the
next use starts a fresh one. What comes back is pickled: the pack, its YAML and its checked
pictures, or the problems found in the file or its pictures.

The same workers run the other work that would hold the event loop for a noticeable time: a
`Job`, a module-level function and its arguments (`PackChecker.run`; bot/app/shelf/heavy_work.py).
What travels between the bot and a worker is pickled as bot/app/shelf/worker_jobs.py says.

This module is what a worker imports, so it imports nothing of Discord or the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import pickle
import signal
import traceback
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import TypeVar, TypeVarTuple, cast

from bot.app.shelf.worker_jobs import Job, done, dumps
from bot.app.shelf.worker_start import worker_context, workers_ready
from bot.quiz.packs.pack_pictures import with_uploads
from bot.quiz.reader.imports.reading import Imported, UploadedFile, read_upload
from bot.quiz.reader.pictures import Picture
from bot.quiz.reader.problems import PackError, Problem

PARSE_LIMIT_S = 5.0  # legitimate packs take milliseconds; a pathological one is cut off here
PICTURE_LIMIT_S = 3.0  # more for each picture: room for re-encoding the largest one taken
START_LIMIT_S = 60.0  # a fresh interpreter importing the loader, on a machine under load
STOP_LIMIT_S = 5.0  # for an idle worker to leave once told, before it is killed
WORKERS = 2  # a server's slow file holds one; the next server's upload still finds the other
MAX_REPLY_BYTES = 64 * 1024 * 1024  # far above the pickled pack of any 256 KiB file
WORKER_NICENESS = 10  # on a busy machine, the bot's event loop comes before a parse
_READY = b"ready"

Parse = Callable[[UploadedFile], Imported]
# A request to a worker: the file, the pictures attached, the pictures kept by pack id.
_Request = tuple[UploadedFile, dict[str, bytes], dict[str, dict[str, str]]]
T = TypeVar("T")
Ts = TypeVarTuple("Ts")


@dataclass(frozen=True, slots=True)
class CheckedFile:
    """What an uploaded file makes, its pack's every image with its digest, and the pictures
    checked from the attachments, by digest (those kept are stored already, not among them)."""

    imported: Imported
    pictures: Mapping[str, Picture]


class ParseTimeoutError(Exception):
    """The file was not parsed within the limit; its worker was killed."""

    def __init__(self, limit_s: float) -> None:
        super().__init__(f"the pack was not parsed within {limit_s} s")
        self.limit_s = limit_s


class ParseFailedError(Exception):
    """No answer about the file: its worker died, or the loader raised something unexpected."""


class PackChecker:
    """Reads uploaded files in worker processes: ``await checker.parse(file)`` gives what
    ``read_upload`` would (``check`` gives its pictures too), or raises ``ParseTimeoutError``.
    ``parse`` must be picklable (a module-level function); it runs in the workers."""

    def __init__(
        self,
        parse: Parse = read_upload,
        *,
        limit_s: float = PARSE_LIMIT_S,
        workers: int = WORKERS,
        start_limit_s: float = START_LIMIT_S,
    ) -> None:
        self.limit_s = limit_s
        self._workers = [_Worker(parse, start_limit_s) for _ in range(workers)]
        self._idle: asyncio.Queue[_Worker] = asyncio.Queue()
        for worker in self._workers:
            self._idle.put_nowait(worker)
        self._closed = False

    @property
    def processes(self) -> list[BaseProcess]:
        """The worker processes running now (started ones, not yet stopped or killed)."""
        return [worker.process for worker in self._workers if worker.process is not None]

    async def parse(self, file: UploadedFile) -> Imported:
        """The pack; raises PackError with its problems, ParseTimeoutError past the limit, and
        ParseFailedError when no worker could say."""
        return (await self.check(file)).imported

    async def check(
        self,
        file: UploadedFile,
        attached: Mapping[str, bytes] | None = None,
        kept: Mapping[str, Mapping[str, str]] | None = None,
    ) -> CheckedFile:
        """The file's pack with its pictures: those ``attached`` (file name -> bytes) checked,
        the others kept from ``kept[pack id]`` (file name -> digest, of each of the server's
        packs by the id members see); raises as ``parse``."""
        pictures = dict(attached or {})
        request = (file, pictures, {k: dict(v) for k, v in (kept or {}).items()})
        limit_s = self.limit_s + PICTURE_LIMIT_S * len(pictures)
        async with self._worker() as worker:
            return await worker.check(request, limit_s)

    async def run(self, function: Callable[[*Ts], T], *args: *Ts, limit_s: float) -> T:
        """``function(*args)`` in a worker, once one is free; raises ParseTimeoutError past
        ``limit_s`` (the worker is killed) and ParseFailedError when it failed or no worker
        could say (the worker's traceback in its message)."""
        async with self._worker() as worker:
            return await worker.run(Job(function, args), limit_s)

    @contextlib.asynccontextmanager
    async def _worker(self) -> AsyncIterator[_Worker]:
        """An idle worker, given back when the block ends."""
        if self._closed:
            raise ParseFailedError("the pack checker is closed")
        worker = await self._idle.get()
        try:
            if self._closed:  # closed while this waited for a worker
                raise ParseFailedError("the pack checker is closed")
            yield worker
        finally:
            self._idle.put_nowait(worker)

    async def close(self) -> None:
        """Stops every worker (those parsing now are killed) and waits until each has exited."""
        self._closed = True
        await asyncio.gather(*(worker.stop() for worker in self._workers))


class _Worker:
    """One process, started when first needed and again after it was killed."""

    def __init__(self, parse: Parse, start_limit_s: float) -> None:
        self._parse = parse
        self._start_limit_s = start_limit_s
        self.process: BaseProcess | None = None
        self._connection: Connection | None = None
        self._exchange: asyncio.Future[bytes] | None = None  # the request in flight
        self._reaping: set[asyncio.Future[None]] = set()
        self._stopped = False

    async def check(self, request: _Request, limit_s: float) -> CheckedFile:
        await self._started()
        return _outcome(await self._ask(dumps(request), limit_s))

    async def run(self, job: Job[T], limit_s: float) -> T:
        await self._started()
        kind, value = pickle.loads(await self._ask(dumps(job), limit_s))  # noqa: S301  # ours
        if kind != "done":
            raise ParseFailedError(f"a job failed in the worker:\n{value}")
        return cast("T", value)

    async def stop(self) -> None:
        self._stopped = True
        if self._exchange is not None:
            self._discard()
        elif self.process is not None and self._connection is not None:
            process, connection = self.process, self._connection
            self.process = self._connection = None
            connection.close()  # the worker reads the end of its input and leaves
            self._reap_later(process, None, connection, kill_after_s=STOP_LIMIT_S)
        await asyncio.gather(*self._reaping)

    async def _started(self) -> None:
        if self.process is not None:
            return
        context = worker_context(__name__)
        await asyncio.to_thread(workers_ready, __name__)
        if self._stopped:  # the checker closed meanwhile: start nothing it would not stop
            raise ParseFailedError("the pack checker is closed")
        ours, theirs = context.Pipe()
        process = context.Process(
            target=serve, args=(theirs, self._parse), name="quizbot-pack-check", daemon=True
        )
        process.start()  # a millisecond or so: the worker's greeting is waited for below
        theirs.close()  # only the worker holds its end, so its death reads as end of file
        self.process, self._connection = process, ours
        try:
            await self._ask(None, self._start_limit_s)  # its greeting: the loader is imported
        except ParseTimeoutError as late:
            raise ParseFailedError("the pack checker's worker did not start") from late

    async def _ask(self, request: bytes | None, limit_s: float) -> bytes:
        """Sends ``request`` (if any) and waits for the reply, killing the worker if none comes
        within ``limit_s`` or if the caller stops waiting."""
        connection = self._connection
        if connection is None:  # stopped (the checker closed) between its start and this
            raise ParseFailedError("the pack checker's worker was stopped")
        exchange = asyncio.ensure_future(asyncio.to_thread(_exchange, connection, request))
        self._exchange = exchange
        try:
            done, _ = await asyncio.wait({exchange}, timeout=limit_s)
        except asyncio.CancelledError:
            self._discard()  # its reply would be read as the next request's
            raise
        if not done:
            self._discard()
            raise ParseTimeoutError(limit_s)
        self._exchange = None
        try:
            return exchange.result()
        except (EOFError, OSError) as error:
            self._discard()
            raise ParseFailedError("the pack checker's worker stopped") from error

    def _discard(self) -> None:
        """Kills the worker at once; the next use starts another."""
        process, connection, exchange = self.process, self._connection, self._exchange
        self.process = self._connection = self._exchange = None
        if process is None or connection is None:
            return
        process.kill()
        self._reap_later(process, exchange, connection, kill_after_s=0.0)

    def _reap_later(
        self,
        process: BaseProcess,
        exchange: asyncio.Future[bytes] | None,
        connection: Connection,
        *,
        kill_after_s: float,
    ) -> None:
        reaping = asyncio.ensure_future(_reap(process, exchange, connection, kill_after_s))
        self._reaping.add(reaping)
        reaping.add_done_callback(self._reaping.discard)


async def _reap(
    process: BaseProcess,
    exchange: asyncio.Future[bytes] | None,
    connection: Connection,
    kill_after_s: float,
) -> None:
    """Waits for a stopped worker to exit (killing it after ``kill_after_s``) and frees it."""
    if exchange is not None:  # its thread reads until the dead worker's end closes
        with contextlib.suppress(Exception):
            await exchange
    connection.close()
    await asyncio.to_thread(process.join, kill_after_s or None)
    if process.exitcode is None:
        process.kill()
        await asyncio.to_thread(process.join)
    process.close()


def _exchange(connection: Connection, request: bytes | None) -> bytes:
    if request is not None:
        connection.send_bytes(request)
    return connection.recv_bytes(MAX_REPLY_BYTES)


def _outcome(reply: bytes) -> CheckedFile:
    kind, value = pickle.loads(reply)  # noqa: S301  # written by our own worker, not by a member
    if kind == "pack" and isinstance(value, CheckedFile):
        return value
    if kind == "problems" and isinstance(value, tuple):
        raise PackError(problem for problem in value if isinstance(problem, Problem))
    raise ParseFailedError(f"the pack loader failed in the worker:\n{value}")


def serve(connection: Connection, parse: Parse) -> None:
    """A worker's life: one file in, its pack or its problems out, until the bot closes its
    end of the pipe (or dies, which closes it too)."""
    # Ctrl-C in a terminal reaches the whole process group; the bot stops its workers itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(AttributeError, OSError):  # not on Windows
        os.nice(WORKER_NICENESS)
    connection.send_bytes(_READY)
    while True:
        try:
            request = connection.recv_bytes()
        except EOFError:
            return
        asked = pickle.loads(request)  # noqa: S301  # the bot's
        connection.send_bytes(done(asked) if isinstance(asked, Job) else _parsed(parse, asked))


def _parsed(parse: Parse, request: _Request) -> bytes:
    file, attached, kept = request
    try:
        imported = parse(file)
        pictured = with_uploads(imported.pack, attached, kept.get(imported.pack.id, {}))
        checked = CheckedFile(replace(imported, pack=pictured.pack), pictured.pictures)
        return dumps(("pack", checked))
    except PackError as error:
        return dumps(("problems", error.problems))
    except Exception as error:  # noqa: BLE001  # the bot logs it; the worker serves on
        return dumps(("failed", "".join(traceback.format_exception(error))))
