"""`quizbot import [FORMAT] FILE`: a pack file from questions in another format (CSV, Open Trivia
DB JSON, GIFT, Aiken, a term list), told by the file's extension and content unless FORMAT
says.

The pack is written only once the pack loader accepts it, so what comes out is a valid pack.
What the file holds that quizbot cannot ask is left out, each named at its line on stderr.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.english import counted
from bot.quiz.model import Difficulty
from bot.quiz.reader.cleantext import first_refused, refusal
from bot.quiz.reader.imports.formats import NAMES, Format
from bot.quiz.reader.imports.reading import PackFields, decoded, import_text
from bot.quiz.reader.problems import PackError

AUTO = "auto"
FORMATS = (AUTO, *(kind.value for kind in Format if kind is not Format.YAML))
MAX_INPUT_BYTES = 4 * 1024 * 1024  # a pack is at most 1 MiB; what could make one is read whole
# The options that become texts of the pack, and whether each is a long text (cleantext).
_TEXT_OPTIONS = {"pack_id": False, "title": False, "summary": True, "locale": False}
USAGE_ERROR = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "inputs",
        nargs="+",
        metavar="[FORMAT] FILE",
        help=f"FORMAT: {', '.join(FORMATS)} (default auto: by the file's extension and content)",
    )
    parser.add_argument("-o", "--output", type=Path, metavar="OUT", help="default: stdout")
    parser.add_argument("--id", dest="pack_id", help="the pack id (default: from FILE's name)")
    parser.add_argument("--title", help="default: FILE's name")
    parser.add_argument("--summary", help="default: where the questions came from")
    parser.add_argument("--difficulty", choices=[level.value for level in Difficulty])
    parser.add_argument("--locale", default="en", help="the questions' language (default: en)")


def run_import(args: argparse.Namespace) -> int:
    """0 with the pack written; 1 with every problem printed and nothing written; 2 for a
    FORMAT it does not know."""
    inputs: list[str] = args.inputs
    if len(inputs) > 2 or (len(inputs) == 2 and inputs[0] not in FORMATS):  # noqa: PLR2004
        _complain([f"import: give FILE, or FORMAT FILE with FORMAT one of {', '.join(FORMATS)}"])
        return USAGE_ERROR
    wanted = None if len(inputs) == 1 or inputs[0] == AUTO else Format(inputs[0])
    source = Path(inputs[-1])
    refused = _refused_options(args)
    if refused:
        _complain(refused)
        return 1
    try:
        size = source.stat().st_size
        if size > MAX_INPUT_BYTES:
            _complain([f"{source}: is {size / 2**20:.1f} MiB; the limit is 4 MiB"])
            return 1
        data = source.read_bytes()
    except OSError as error:
        _complain([f"{source}: cannot read it: {error}"])
        return 1
    fields = PackFields(args.pack_id, args.title, args.summary, args.difficulty)
    try:
        text = decoded(data, str(source))
        imported = import_text(text, str(source), locale=args.locale, wanted=wanted, fields=fields)
    except PackError as error:
        _complain(error.problems)
        return 1
    _complain(imported.notes)
    output: Path | None = args.output
    if output is None:
        sys.stdout.write(imported.source)
    else:
        output.write_text(imported.source, encoding="utf-8")
        pack = imported.pack
        read_as = NAMES[imported.format]
        made = counted(len(pack.questions), "question")
        _complain([f"{output}: pack '{pack.id}', {made} ({read_as})"])
    return 0


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
