"""The `quizbot` command: run the bot, check a set-up, check and list packs, manage the database.

Every failure a person can act on is one or two lines naming the setting, with exit status 2 for
configuration and 1 for the rest; a traceback only with QUIZBOT_LOG_LEVEL=DEBUG.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
import traceback
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from pathlib import Path

from bot import __version__
from bot.app.runtime.logs import is_configured
from bot.config import Settings, debug_requested
from bot.english import counted
from bot.errors import ConfigError, QuizbotError
from bot.pack_import import add_arguments as add_import_arguments
from bot.pack_import import run_import
from bot.playground.command import add_arguments as add_playground_arguments
from bot.playground.command import run_playground
from bot.quiz.packs.library import FileReport, Library, check_files, find_pack_files, load_library
from bot.quiz.reader.problems import PackError
from bot.quiz.reader.schema import pack_schema
from bot.quiz.reader.template import pack_template

log = logging.getLogger("quizbot")
HEALTH_TIMEOUT_S = 5.0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return _dispatch(args)
    except QuizbotError as error:
        _tell(error.lines, error)
        return error.exit_status
    except Exception as error:
        if debug_requested() and not is_configured():
            raise
        first = (str(error).strip().splitlines() or [""])[0][:200]
        _tell(
            [f"unexpected {type(error).__name__}: {first} (QUIZBOT_LOG_LEVEL=DEBUG shows where)"],
            error,
        )
        return 1


def _tell(lines: Sequence[str], error: BaseException) -> None:
    """To the log once `run` has set it up (as JSON there if asked), else to stderr."""
    if is_configured():
        for line in lines:
            log.error(line, exc_info=error if debug_requested() else None)
        return
    if debug_requested():
        traceback.print_exception(error, file=sys.stderr)
    for line in lines:
        print(f"quizbot: {line}", file=sys.stderr)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="quizbot", description=__doc__)
    parser.add_argument("--version", action="version", version=f"quizbot {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    run = commands.add_parser("run", help="run the bot (needs DISCORD_TOKEN)")
    check = commands.add_parser("check", help="check the settings, database, packs and token")
    check.add_argument("--online", action="store_true", help="also sign in to Discord")
    for command in (run, check):
        command.add_argument(
            "--discord-url",
            metavar="URL",
            help="talk to a Discord stand-in at URL instead of Discord (or QUIZBOT_DISCORD_URL)",
        )
    run.add_argument(
        "--shards",
        metavar="IDS",
        help="serve these shards: 0-3, 0,2,5 or auto (or QUIZBOT_SHARDS); default: all",
    )
    run.add_argument(
        "--shard-count",
        metavar="N",
        help="shards of the whole bot, or auto: Discord's figure (or QUIZBOT_SHARD_COUNT)",
    )
    validate_command = commands.add_parser("validate", help="check quiz pack files and folders")
    validate_command.add_argument(
        "paths", nargs="*", type=Path, metavar="PATH", help="default: QUIZBOT_QUIZ_DIR"
    )
    commands.add_parser("packs", help="list the packs in QUIZBOT_QUIZ_DIR")
    new_pack_command = commands.add_parser("new-pack", help="write a commented pack to start from")
    new_pack_command.add_argument("pack_id", metavar="ID", help="the new pack's id: a-z, 0-9, -")
    new_pack_command.add_argument(
        "--dir", type=Path, metavar="FOLDER", help="where ID.yaml goes (default: QUIZBOT_QUIZ_DIR)"
    )
    commands.add_parser("schema", help="print the JSON Schema of a pack, for editors")
    database = commands.add_parser("db", help="manage the database (DATABASE_URL)")
    database.add_argument("action", choices=["upgrade"], help="upgrade: apply all migrations")
    commands.add_parser("health", help="ask the running bot's /healthz (QUIZBOT_METRICS_PORT)")
    playground = commands.add_parser("playground", help="try quizbot in a browser, no account")
    add_playground_arguments(playground)
    importing = commands.add_parser(
        "import", help="a pack file from CSV, Open Trivia DB JSON, GIFT, Aiken or a term list"
    )
    add_import_arguments(importing)
    return parser


def _dispatch(args: argparse.Namespace) -> int:
    command: str | None = args.command
    if command is None:
        _parser().print_help()
        return 2
    without_settings: dict[str, Callable[[], int]] = {
        "check": lambda: check(args.online, args.discord_url),  # it reports malformed settings
        "playground": lambda: run_playground(args),  # its own bot: a local Discord, data folder
        "schema": print_schema,
        "import": lambda: run_import(args),  # files in, a file out
    }
    if command in without_settings:
        return without_settings[command]()
    if command == "new-pack" and args.dir is not None:
        return new_pack(args.pack_id, args.dir)
    run_flags = (
        {"QUIZBOT_SHARDS": args.shards, "QUIZBOT_SHARD_COUNT": args.shard_count}
        if command == "run"
        else {}
    )
    settings = Settings.load(**run_flags)
    commands: dict[str, Callable[[], int]] = {
        "validate": lambda: validate(args.paths or [_quiz_dir(settings)]),
        "packs": lambda: list_packs(_quiz_dir(settings)),
        "new-pack": lambda: new_pack(args.pack_id, settings.quiz_dir),
        "db": lambda: upgrade_database(settings),
        "health": lambda: health(settings),
        "run": lambda: run_bot(settings, args.discord_url),
    }
    return commands[command]()


def _quiz_dir(settings: Settings) -> Path:
    problems = settings.quiz_dir_problems()
    if problems:
        raise ConfigError(*problems)
    return settings.quiz_dir


def validate(paths: Sequence[Path]) -> int:
    """Prints one line per valid pack and every problem of the others; 1 if any file is invalid."""
    files, missing = find_pack_files(paths)
    for problem in missing:
        print(problem)
    if not files and not missing:
        print(f"no pack files (*.yaml, *.yml) in {', '.join(map(str, paths))}")
        return 1
    reports = check_files(files)
    for report in reports:
        _print_report(report)
    packs = [report.pack for report in reports if report.pack is not None]
    invalid = len(reports) - len(packs) + len(missing)
    questions = sum(len(pack.questions) for pack in packs)
    locales = sorted({locale for pack in packs for locale in pack.locales})
    counts = f"{counted(len(packs), 'pack')}, {counted(questions, 'question')}"
    print(f"{counts}, locales {','.join(locales) or '-'}", end="")
    print(f"; {invalid} invalid" if invalid else "")
    return 1 if invalid else 0


def _print_report(report: FileReport) -> None:
    if report.pack is None:
        for problem in report.problems:
            print(problem)
        return
    pack = report.pack
    pictures = f", {counted(len(report.pictures), 'picture')}" if report.pictures else ""
    questions = counted(len(pack.questions), "question")
    print(f"ok  {pack.id}  {questions}{pictures}  {','.join(pack.locales)}")


def list_packs(quiz_dir: Path) -> int:
    try:
        library = load_library([quiz_dir])
    except PackError as error:
        print(error, file=sys.stderr)
        return 1
    if not library.packs:
        print(f"no quiz packs (*.yaml, *.yml) in {quiz_dir}", file=sys.stderr)
        return 1
    for pack in library.packs.values():
        guide = f"  guide: {pack.guide.title.get(None)}" if pack.guide else ""
        print(
            f"{pack.id}  {pack.title.get(None)}  {pack.difficulty}  "
            f"{counted(len(pack.questions), 'question')}  {','.join(pack.locales)}{guide}"
        )
    return 0


def print_schema() -> int:
    print(json.dumps(pack_schema(), indent=2, ensure_ascii=False))
    return 0


def new_pack(pack_id: str, folder: Path) -> int:
    """Writes folder/ID.yaml from the template; never over an existing file."""
    try:
        text = pack_template(pack_id)
    except ValueError as bad_id:
        raise ConfigError(f"pack id: {bad_id}") from None
    path = folder / f"{pack_id}.yaml"
    folder.mkdir(parents=True, exist_ok=True)
    try:
        with path.open("x", encoding="utf-8") as file:
            file.write(text)
    except FileExistsError:
        raise QuizbotError(f"{path} exists already; choose another id or move it away") from None
    print(f"wrote {path}; check it with: quizbot validate {path}")
    return 0


def upgrade_database(settings: Settings) -> int:
    from bot.storage.migrate import upgrade_async  # noqa: PLC0415  # only this command needs Alembic
    from bot.storage.readiness import wait_for_database  # noqa: PLC0415

    async def upgrade() -> None:
        await wait_for_database(settings.database_url, settings.database_wait_s)
        await upgrade_async(settings.database_url)

    asyncio.run(upgrade())
    print("database is up to date")
    return 0


def run_bot(settings: Settings, discord_url: str | None) -> int:
    problems = settings.run_problems()
    if problems:
        raise ConfigError(*problems)
    # Packs first: a bad pack or an empty folder is told before the Discord client is imported.
    library = served_packs(settings.quiz_dir)
    from bot.app.runtime.main import run  # noqa: PLC0415  # the other commands need no Discord client

    return run(settings, library, discord_url)


def served_packs(quiz_dir: Path) -> Library:
    """The packs to serve; refuses invalid packs and an empty folder."""
    try:
        library = load_library([quiz_dir])
    except PackError as error:
        raise QuizbotError(
            "will not start with invalid packs:", *map(str, error.problems)
        ) from None
    if not library.packs:
        raise ConfigError(
            f"QUIZBOT_QUIZ_DIR: no quiz packs (*.yaml, *.yml) in {quiz_dir.resolve()}; "
            "add packs there or point QUIZBOT_QUIZ_DIR at your packs"
        )
    return library


def check(online: bool, discord_url: str | None) -> int:  # noqa: FBT001  # an argparse flag
    """Prints the report of `quizbot check`; 0 if every line is ok."""
    # It needs the Discord client and the database: imported only for this command.
    from bot.app.runtime.check import report, settings_failure  # noqa: PLC0415

    try:
        settings = Settings.load()
    except ConfigError as error:
        lines = settings_failure(error)
    else:
        lines = asyncio.run(report(settings, online=online, discord_url=discord_url))
    for line in lines:
        print(line)
    failed = sum(not line.ok for line in lines)
    print(counted(failed, "problem") if failed else "all good")
    return 1 if failed else 0


def health(settings: Settings) -> int:
    """Asks the running bot's /healthz; 0 if it answers healthy (a container's HEALTHCHECK)."""
    if not settings.metrics_port:
        raise ConfigError(
            "QUIZBOT_METRICS_PORT is not set (or 0): the health check asks the bot's /healthz "
            "on that port"
        )
    host = "127.0.0.1" if settings.metrics_host in {"0.0.0.0", "::", ""} else settings.metrics_host  # noqa: S104  # a wildcard bind is reached on loopback
    url = f"http://{host}:{settings.metrics_port}/healthz"
    try:
        with urllib.request.urlopen(url, timeout=HEALTH_TIMEOUT_S) as answer:  # http to ourselves
            body = answer.read().decode()
    except urllib.error.HTTPError as unhealthy:
        body = unhealthy.read().decode()
        print(f"unhealthy: {body}")
        return 1
    except OSError as error:
        raise QuizbotError(f"no answer from {url} ({error}); is quizbot run up?") from None
    print(f"healthy: {json.dumps(json.loads(body))}")
    return 0
