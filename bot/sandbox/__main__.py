"""`python -m bot.sandbox [--port 0] [--guilds N --members M]`: serve the stand-in until stopped."""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys

from bot.sandbox.core import StandIn
from bot.sandbox.server import SandboxServer


def _arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot.sandbox", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--guilds", type=int, default=1)
    parser.add_argument("--members", type=int, default=20)
    return parser.parse_args(argv)


async def serve(arguments: argparse.Namespace) -> None:
    core = StandIn()
    core.world.seed(arguments.guilds, arguments.members)
    server = SandboxServer(core)
    url = await server.start(arguments.host, arguments.port)
    sys.stdout.write(f"sandbox listening on {url}\n")
    sys.stdout.flush()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    try:
        await stop.wait()
    finally:
        await server.stop()


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.WARNING)
    asyncio.run(serve(_arguments(sys.argv[1:] if argv is None else argv)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
