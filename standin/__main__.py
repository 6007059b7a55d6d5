"""`python -m standin [--port 0] [--guilds N --members M] [--token T] [--shards N]
[--clock-file PATH]`: serve the stand-in.

It serves until stopped (SIGINT or SIGTERM).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import importlib
import logging
import signal
import sys
from pathlib import Path

from standin.config import Limits, StandInConfig


def _arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m standin", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--guilds", type=int, default=1)
    parser.add_argument("--members", type=int, default=20)
    parser.add_argument(
        "--token", help="accept only this bot token (401 for any other); default: any token"
    )
    parser.add_argument(
        "--shards", type=int, default=1, help="the shard count GET /gateway/bot recommends"
    )
    parser.add_argument(
        "--max-concurrency", type=int, default=1, help="GET /gateway/bot's max_concurrency"
    )
    parser.add_argument(
        "--clock-file",
        type=Path,
        help='write the clock\'s offset here ({"offset_s": seconds}) for processes that follow it',
    )
    return parser.parse_args(argv)


def _settle_heap() -> None:
    # What is alive once the stand-in serves (the OpenAPI spec, the seeded world) lives as long as
    # the process: frozen, full collections stop walking it on every burst of requests. Only the
    # young generations are collected first: a full collection would walk the whole spec.
    gc.collect(1)
    gc.freeze()


async def serve(arguments: argparse.Namespace) -> None:
    # Imported here: they need jsonschema, which main() first checks for.
    from standin.core import StandIn  # noqa: PLC0415
    from standin.server import StandInServer  # noqa: PLC0415

    limits = Limits(recommended_shards=arguments.shards, max_concurrency=arguments.max_concurrency)
    config = StandInConfig(token=arguments.token, limits=limits, clock_file=arguments.clock_file)
    core = StandIn(config)
    core.world.seed(arguments.guilds, arguments.members)
    server = StandInServer(core)
    # Before "listening": whoever reads that line may stop us at once, and a signal that came
    # before the handlers would be lost (ignored where SIGINT is, as in a background job).
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    url = await server.start(arguments.host, arguments.port)
    _settle_heap()
    sys.stdout.write(f"standin listening on {url}\n")
    sys.stdout.flush()
    try:
        await stop.wait()
    finally:
        await server.stop()


def main(argv: list[str] | None = None) -> int:
    arguments = _arguments(sys.argv[1:] if argv is None else argv)
    try:
        importlib.import_module("jsonschema")  # for the OpenAPI check of every request
    except ImportError:
        sys.stderr.write(
            "the Discord stand-in needs the standin extra (jsonschema): "
            "pip install 'quizbot[standin]'\n"
        )
        return 2
    logging.basicConfig(level=logging.WARNING)
    asyncio.run(serve(arguments))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
