"""A pack's pictures: each question's ``image`` checked against its file, and the pack given
the digests of its checked pictures.

A shipped pack finds its files beside it (bot/quiz/packs/library.py). A server's upload brings them
as attachments; a picture the upload does not bring again is kept from the pack's current
version, by the digest stored with it. A problem with a file is reported where the pack names
it, ``file:line:column: questions[3].image: 'ring.png' is …``, at each question naming it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType

from bot.quiz.model import Image, Pack
from bot.quiz.reader.pictures import Picture, PictureError, check_picture
from bot.quiz.reader.problems import PackError, Problem


@dataclass(frozen=True, slots=True)
class PicturedPack:
    """A pack whose every image has its digest, and the pictures checked for it, by digest
    (those kept from an earlier version are stored already and not among them)."""

    pack: Pack
    pictures: Mapping[str, Picture]


def image_files(pack: Pack) -> tuple[str, ...]:
    """The files the pack's questions name, each once, in the order first named."""
    names = (q.image.file for q in pack.questions if q.image is not None)
    return tuple(dict.fromkeys(names))


def check_named(named: Mapping[str, bytes]) -> tuple[dict[str, Picture], dict[str, str]]:
    """Each file checked: the pictures by file name, and what is wrong with the others."""
    pictures: dict[str, Picture] = {}
    problems: dict[str, str] = {}
    for name, data in named.items():
        try:
            pictures[name] = check_picture(data, name)
        except PictureError as error:
            problems[name] = f"'{name}' {error}"
    return pictures, problems


def place_pictures(pack: Pack, digests: Mapping[str, str], problems: Mapping[str, str]) -> Pack:
    """The pack with each image's digest from ``digests`` (by file name); raises PackError
    with ``problems[file]`` at every question naming a file that has one. Every file the pack
    names is in one of the two."""
    found: list[Problem] = []
    questions = []
    for index, question in enumerate(pack.questions):
        image = question.image
        if image is not None and image.file in problems:
            found.append(_problem(pack, index, image, problems[image.file]))
        elif image is not None:
            digest = digests[image.file]
            questions.append(replace(question, image=replace(image, digest=digest)))
            continue
        questions.append(question)
    if found:
        raise PackError(found)
    return replace(pack, questions=tuple(questions))


def with_digests(pack: Pack, digests: Mapping[str, str]) -> Pack:
    """A stored pack with the digests stored with it (file name -> digest); raises PackError
    if one is missing."""
    missing = {name: f"'{name}' is not stored with the pack" for name in image_files(pack)}
    return place_pictures(pack, digests, {k: v for k, v in missing.items() if k not in digests})


def with_uploads(
    pack: Pack, attached: Mapping[str, bytes], kept: Mapping[str, str]
) -> PicturedPack:
    """An uploaded pack with the pictures attached to it (by file name) checked, and those it
    does not attach kept from ``kept`` (file name -> digest, of its current version)."""
    names = image_files(pack)
    pictures, problems = check_named({name: attached[name] for name in names if name in attached})
    digests = {name: picture.digest for name, picture in pictures.items()}
    unused = ", ".join(sorted(set(attached) - set(names))) or "none"
    for name in names:
        if name in kept and name not in attached:
            digests[name] = kept[name]
        elif name not in attached:
            problems[name] = (
                f"'{name}' is not among the pictures attached ({unused}) nor kept from the "
                "pack's current version"
            )
    placed = place_pictures(pack, digests, problems)
    return PicturedPack(placed, MappingProxyType({p.digest: p for p in pictures.values()}))


def _problem(pack: Pack, index: int, image: Image, message: str) -> Problem:
    return Problem(pack.source, image.line, image.column, f"questions[{index}].image", message)
