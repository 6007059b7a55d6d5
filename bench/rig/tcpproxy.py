"""A TCP proxy in front of a database server, which can cut the network for a while.

``cut_for(seconds)`` resets every live connection and, for that long, accepts new ones only to
close them at once: to the bot the database is gone, yet the server itself is never stopped.
"""

from __future__ import annotations

import asyncio
import contextlib
import time

CHUNK = 64 * 1024


class TcpProxy:
    def __init__(self, upstream_host: str, upstream_port: int) -> None:
        self.upstream_host = upstream_host
        self.upstream_port = upstream_port
        self.port = 0
        self.cuts: list[tuple[float, float]] = []  # (start, end) of each cut, time.monotonic
        self.refused = 0  # connections turned away during cuts
        self._refusing_until = 0.0
        self._live: set[asyncio.StreamWriter] = set()
        self._server: asyncio.Server | None = None

    async def start(self) -> int:
        self._server = await asyncio.start_server(self._accept, "127.0.0.1", 0)
        self.port = int(self._server.sockets[0].getsockname()[1])
        return self.port

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
        self._reset_all()
        if self._server is not None:
            await self._server.wait_closed()

    async def cut_for(self, seconds: float) -> tuple[float, float]:
        """Cuts the network for ``seconds`` (a deliberate outage); (start, end) of the cut."""
        start = time.monotonic()
        self._refusing_until = start + seconds
        self._reset_all()
        await asyncio.sleep(seconds)
        end = time.monotonic()
        self.cuts.append((start, end))
        return start, end

    @property
    def cutting(self) -> bool:
        return time.monotonic() < self._refusing_until

    def _reset_all(self) -> None:
        for writer in list(self._live):
            writer.transport.abort()  # a reset, as when the network drops, not a polite close
        self._live.clear()

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.cutting:
            self.refused += 1
            writer.transport.abort()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection(
                self.upstream_host, self.upstream_port
            )
        except OSError:
            writer.transport.abort()
            return
        self._live.update((writer, up_writer))
        try:
            await asyncio.gather(_pipe(reader, up_writer), _pipe(up_reader, writer))
        finally:
            for end in (writer, up_writer):
                self._live.discard(end)
                end.transport.abort()


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """Copies one direction until it ends; then closes the other side's write half."""
    with contextlib.suppress(ConnectionError, OSError):
        while chunk := await reader.read(CHUNK):
            writer.write(chunk)
            await writer.drain()
    writer.transport.abort()
