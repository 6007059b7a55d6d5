"""The `quizbot playground` command line: its options, and running a session."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

MIN_MEMBERS = 3  # the owner, a Moderator and a member whose Discord is in Greek


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=int, default=8080, help="the page's port (0: any free)")
    parser.add_argument(
        "--members", type=int, default=12, help="people in the server, the owner included"
    )
    parser.add_argument(
        "--database-url",
        metavar="URL",
        help="the bot's database (default: SQLite in the user's data folder)",
    )
    parser.add_argument("--open", action="store_true", help="open the page in a browser")


def data_dir() -> Path:
    """The user's data folder for quizbot (XDG_DATA_HOME/quizbot on Linux)."""
    import platformdirs  # noqa: PLC0415  # only this command needs it

    return platformdirs.user_data_path("quizbot")


def run_playground(args: argparse.Namespace) -> int:
    from bot.playground.session import Options, serve  # noqa: PLC0415  # aiohttp and the stand-in

    options = Options(
        data_dir=data_dir(),
        port=args.port,
        members=max(args.members, MIN_MEMBERS),
        database_url=args.database_url,
        open_browser=args.open,
    )
    return asyncio.run(serve(options, sys.stdout))
