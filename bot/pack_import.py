"""`quizbot import opentdb|csv FILE`: a pack file from Open Trivia DB JSON or a simple CSV.

The pack is written only once the pack loader accepts it, so what comes out is a valid pack.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path

import yaml

from bot.quiz.cleantext import first_refused, refusal
from bot.quiz.importers import PackImportError, from_csv, from_opentdb, pack_document
from bot.quiz.loader import parse_pack
from bot.quiz.model import Difficulty
from bot.quiz.problems import PackError

FORMATS = ("opentdb", "csv")
MAX_INPUT_BYTES = 4 * 1024 * 1024  # a pack is at most 1 MiB; what could make one is read whole
_NOT_SLUG = re.compile(r"[^a-z0-9-]+")
# The options that become texts of the pack, and whether each is a long text (cleantext).
_TEXT_OPTIONS = {"pack_id": False, "title": False, "summary": True, "locale": False}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("format", choices=FORMATS, help="opentdb: the API's JSON; csv: see README")
    parser.add_argument("file", type=Path, metavar="FILE")
    parser.add_argument("-o", "--output", type=Path, metavar="OUT", help="default: stdout")
    parser.add_argument("--id", dest="pack_id", help="the pack id (default: from FILE's name)")
    parser.add_argument("--title", help="default: FILE's name")
    parser.add_argument("--summary", help="default: where the questions came from")
    parser.add_argument("--difficulty", choices=[level.value for level in Difficulty])
    parser.add_argument("--locale", default="en", help="the questions' language (default: en)")


def run_import(args: argparse.Namespace) -> int:
    """0 with the pack written; 1 with every problem printed and nothing written."""
    source: Path = args.file
    refused = _refused_options(args)
    if refused:
        _complain(refused)
        return 1
    try:
        size = source.stat().st_size
        if size > MAX_INPUT_BYTES:
            _complain([f"{source}: is {size / 2**20:.1f} MiB; the limit is 4 MiB"])
            return 1
        text = source.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        _complain([f"{source}: cannot read it: {error}"])
        return 1
    try:
        document = _document(args, text)
    except PackImportError as error:
        _complain(error.problems)
        return 1
    rendered = yaml.safe_dump(document, allow_unicode=True, sort_keys=False, width=100)
    output: Path | None = args.output
    try:
        pack = parse_pack(rendered.encode(), str(output or "<stdout>"))
    except PackError as error:
        _complain(error.problems)
        return 1
    if output is None:
        sys.stdout.write(rendered)
    else:
        output.write_text(rendered, encoding="utf-8")
        _complain([f"{output}: pack '{pack.id}', {len(pack.questions)} questions"])
    return 0


def _document(args: argparse.Namespace, text: str) -> dict[str, object]:
    source: Path = args.file
    found_difficulty: str | None = None
    if args.format == "opentdb":
        questions, found_difficulty = from_opentdb(text, str(source))
        origin = "Open Trivia DB"
    else:
        questions = from_csv(text, str(source))
        origin = source.name
    return pack_document(
        pack_id=args.pack_id or _slug(source.stem),
        title=args.title or source.stem,
        summary=args.summary or f"Questions imported from {origin}.",
        difficulty=args.difficulty or found_difficulty or Difficulty.MEDIUM.value,
        locale=args.locale,
        questions=questions,
    )


def _refused_options(args: argparse.Namespace) -> list[str]:
    """Options holding a character a text may not (a terminal can pass a control character,
    and an undecodable byte arrives as a lone surrogate)."""
    problems = []
    for name, long in _TEXT_OPTIONS.items():
        value: str | None = getattr(args, name)
        found = None if value is None else first_refused(value, long=long)
        if value is not None and found is not None:
            option = "--id" if name == "pack_id" else f"--{name}"
            problems.append(f"{option}: {refusal(value[found])}")
    return problems


def _complain(lines: Sequence[object]) -> None:
    """To stderr, so that stdout holds only the pack."""
    sys.stderr.write("".join(f"{line}\n" for line in lines))


def _slug(name: str) -> str:
    return _NOT_SLUG.sub("-", name.lower()).strip("-")[:40] or "imported"
