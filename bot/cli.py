"""The `quizbot` command: run the bot, check and list quiz packs, manage the database."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.config import Settings
from bot.quiz.library import FileReport, check_files, find_pack_files, load_library
from bot.quiz.problems import PackError


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    settings = Settings.from_env()
    command: str = args.command
    if command == "validate":
        return validate(args.paths or [settings.quiz_dir])
    if command == "packs":
        return list_packs(settings.quiz_dir)
    if command == "db":
        return upgrade_database(settings)
    if command == "run":
        return run_bot(settings, args.discord_url)
    parser.print_help()
    return 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="quizbot", description=__doc__)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    run = commands.add_parser("run", help="run the bot (needs DISCORD_TOKEN)")
    run.add_argument(
        "--discord-url",
        metavar="URL",
        help="talk to a Discord stand-in at URL instead of Discord (or QUIZBOT_DISCORD_URL)",
    )
    validate_command = commands.add_parser("validate", help="check quiz pack files and folders")
    validate_command.add_argument(
        "paths", nargs="*", type=Path, metavar="PATH", help="default: QUIZBOT_QUIZ_DIR"
    )
    commands.add_parser("packs", help="list the packs in QUIZBOT_QUIZ_DIR")
    database = commands.add_parser("db", help="manage the database (DATABASE_URL)")
    database.add_argument("action", choices=["upgrade"], help="upgrade: apply all migrations")
    return parser


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
    counts = f"{_count(len(packs), 'pack')}, {_count(questions, 'question')}"
    print(f"{counts}, locales {','.join(locales) or '-'}", end="")
    print(f"; {invalid} invalid" if invalid else "")
    return 1 if invalid else 0


def _print_report(report: FileReport) -> None:
    if report.pack is None:
        for problem in report.problems:
            print(problem)
        return
    pack = report.pack
    print(f"ok  {pack.id}  {_count(len(pack.questions), 'question')}  {','.join(pack.locales)}")


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def list_packs(quiz_dir: Path) -> int:
    try:
        library = load_library([quiz_dir])
    except PackError as error:
        print(error, file=sys.stderr)
        return 1
    for pack in library.packs.values():
        guide = f"  guide: {pack.guide.title.get(None)}" if pack.guide else ""
        print(
            f"{pack.id}  {pack.title.get(None)}  {pack.difficulty}  "
            f"{_count(len(pack.questions), 'question')}  {','.join(pack.locales)}{guide}"
        )
    return 0


def upgrade_database(settings: Settings) -> int:
    from bot.storage.migrate import upgrade  # noqa: PLC0415  # only this command needs Alembic

    upgrade(settings.database_url)
    print("database is up to date")
    return 0


def run_bot(settings: Settings, discord_url: str | None) -> int:
    if not settings.discord_token:
        print(
            "quizbot run needs a bot token: create an application and bot user in Discord's "
            "developer portal, then run with DISCORD_TOKEN=<the bot token>.",
            file=sys.stderr,
        )
        return 2
    from bot.app.main import run  # noqa: PLC0415  # the other commands need no Discord client

    return run(settings, discord_url)
