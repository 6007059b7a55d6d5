"""The library of quiz packs: files found in folders, each checked, pack ids unique across files.

A pack's pictures are files beside it, checked with it (bot/quiz/packs/pack_pictures.py); the
library holds them, by digest, for the messages that show them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

import yaml

from bot.quiz.model import Pack
from bot.quiz.packs.pack_pictures import check_named, image_files, place_pictures
from bot.quiz.reader.loader import parse_pack
from bot.quiz.reader.pictures import Picture, size_problem
from bot.quiz.reader.problems import PackError, Problem
from bot.quiz.reader.yamltree import compose

PACK_SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True, slots=True)
class FileReport:
    """What checking one pack file found: the pack, or the problems in it."""

    path: Path
    pack: Pack | None
    problems: tuple[Problem, ...] = ()
    pictures: Mapping[str, Picture] = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True, slots=True)
class Library:
    """The packs a bot serves, by pack id (a server's own under its stored id), in id order.
    ``guild_id``: the server whose view it is; an id a member typed is looked up in it with
    ``bot.quiz.packs.server_packs.typed_pack``, never with ``get``."""

    packs: Mapping[str, Pack] = field(default_factory=lambda: MappingProxyType({}))
    guild_id: int | None = None
    pictures: Mapping[str, Picture] = field(default_factory=lambda: MappingProxyType({}))

    @classmethod
    def of(
        cls,
        packs: Iterable[Pack],
        guild_id: int | None = None,
        pictures: Mapping[str, Picture] | None = None,
    ) -> Library:
        by_id = {pack.id: pack for pack in sorted(packs, key=lambda p: p.id)}
        return cls(MappingProxyType(by_id), guild_id, MappingProxyType(dict(pictures or {})))

    def get(self, pack_id: str) -> Pack | None:
        """The pack of this exact id, as stored and recorded (``<id>@<guild>`` for a server's)."""
        return self.packs.get(pack_id)


def find_pack_files(paths: Sequence[Path]) -> tuple[list[Path], list[Problem]]:
    """The pack files named or held (directly) in the given folders, in name order."""
    files: list[Path] = []
    problems: list[Problem] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(p for p in path.iterdir() if p.suffix in PACK_SUFFIXES))
        elif path.is_file():
            files.append(path)
        else:
            problems.append(Problem(str(path), 1, 1, "file", "does not exist"))
    return files, problems


def check_files(files: Sequence[Path]) -> list[FileReport]:
    """Checks each file on its own, then that no two files use the same pack id."""
    reports = [_check_file(path) for path in files]
    first_with_id: dict[str, FileReport] = {}
    for index, report in enumerate(reports):
        if report.pack is None:
            continue
        first = first_with_id.setdefault(report.pack.id, report)
        if first is not report:
            reports[index] = FileReport(report.path, None, (_duplicate_id(report, first),))
    return reports


def load_library(paths: Sequence[Path]) -> Library:
    """Every pack in the given files and folders; raises PackError listing all problems."""
    files, problems = find_pack_files(paths)
    reports = check_files(files)
    problems.extend(problem for report in reports for problem in report.problems)
    if problems:
        raise PackError(problems)
    pictures = {digest: p for report in reports for digest, p in report.pictures.items()}
    return Library.of((r.pack for r in reports if r.pack is not None), pictures=pictures)


def _check_file(path: Path) -> FileReport:
    try:
        pack = parse_pack(path.read_bytes(), str(path))
        pictures, problems = _pictures_beside(path.parent, image_files(pack))
        digests = {name: picture.digest for name, picture in pictures.items()}
        pictured = place_pictures(pack, digests, problems)
    except PackError as error:
        return FileReport(path, None, error.problems)
    except OSError as error:
        return FileReport(path, None, (Problem(str(path), 1, 1, "file", error.strerror or ""),))
    by_digest = MappingProxyType({picture.digest: picture for picture in pictures.values()})
    return FileReport(path, pictured, pictures=by_digest)


def _pictures_beside(
    folder: Path, names: Sequence[str]
) -> tuple[dict[str, Picture], dict[str, str]]:
    """The pictures of the files named, from ``folder``, checked; what is wrong with the rest.
    A file over the size limit is refused unread."""
    named: dict[str, bytes] = {}
    problems: dict[str, str] = {}
    for name in names:
        path = folder / name
        if not path.is_file():
            problems[name] = f"'{name}' is not a file beside the pack (in {folder})"
        elif (oversize := size_problem(path.stat().st_size)) is not None:
            problems[name] = f"'{name}' {oversize}"
        else:
            named[name] = path.read_bytes()
    pictures, unreadable = check_named(named)
    return pictures, problems | unreadable


def _duplicate_id(report: FileReport, first: FileReport) -> Problem:
    assert report.pack is not None  # noqa: S101  # only packs that loaded can clash
    line, column = _id_position(report.path)
    first_line, first_column = _id_position(first.path)
    message = (
        f"pack id '{report.pack.id}' is already used by {first.path}:{first_line}:{first_column}"
    )
    return Problem(str(report.path), line, column, "id", message)


def _id_position(path: Path) -> tuple[int, int]:
    """Where a valid pack file gives its id; read again only to name a clash precisely."""
    root = compose(path.read_bytes().decode("utf-8"), str(path))  # the loader's own reading
    assert isinstance(root, yaml.MappingNode)  # noqa: S101  # the file parsed as a pack
    for key, value in root.value:
        if key.value == "id":
            return value.start_mark.line + 1, value.start_mark.column + 1
    return 1, 1
