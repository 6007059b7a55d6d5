"""`python -m standin [--port 0] [--guilds N --members M] [--token T] [--shards N]
[--max-concurrency N] [--identify-window S] [--session-starts N] [--global-limit N]
[--clock-file PATH]`: serve the stand-in.

It serves until stopped (SIGINT or SIGTERM). The limits are Discord's unless given; what they
refused is counted at GET /_standin/rate-limits.
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

_DISCORDS = Limits()  # the defaults


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
        "--max-concurrency",
        type=int,
        default=_DISCORDS.max_concurrency,
        help="GET /gateway/bot's max_concurrency: shard s identifies in bucket "
        "s %% max_concurrency (default %(default)s)",
    )
    parser.add_argument(
        "--identify-window",
        type=float,
        default=_DISCORDS.identify_window,
        help="seconds: one IDENTIFY per bucket per window, a sooner one gets op 9 Invalid "
        "Session (default Discord's %(default)s)",
    )
    parser.add_argument(
        "--session-starts",
        type=int,
        default=_DISCORDS.session_starts,
        help="IDENTIFYs allowed a day (RESUMEs are free); past them every session is closed "
        "with 4004 and the token refused, as Discord resets it (default %(default)s)",
    )
    parser.add_argument(
        "--global-limit",
        type=int,
        default=_DISCORDS.global_count,
        help="REST requests per second per bot token, interaction routes exempt "
        "(default %(default)s)",
    )
    parser.add_argument(
        "--clock-file",
        type=Path,
        help='write the clock\'s offset here ({"offset_s": seconds}) for processes that follow it',
    )
    return parser.parse_args(argv)


def limits_from(arguments: argparse.Namespace) -> Limits:
    return Limits(
        recommended_shards=arguments.shards,
        max_concurrency=arguments.max_concurrency,
        identify_window=arguments.identify_window,
        session_starts=arguments.session_starts,
        global_count=arguments.global_limit,
    )


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

    config = StandInConfig(
        token=arguments.token, limits=limits_from(arguments), clock_file=arguments.clock_file
    )
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
