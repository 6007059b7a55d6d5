"""What a server pack's upload, its confirmation or a form's change of it came to: what
``PackShelf`` (bot/app/shelf/shelf.py) answers, and the replies render."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.quiz.model import Pack
from bot.quiz.packs.server_packs import UploadRefusal
from bot.quiz.reader.imports.reading import Imported
from bot.quiz.reader.pictures import Picture
from bot.quiz.reader.problems import Problem


@dataclass(frozen=True, slots=True)
class Checked:
    """What an uploaded file makes, before anything is stored: ``imported`` (its pack under
    the id members see, its YAML, its format, what was left out), or its ``problems``, or a
    ``refusal`` (limits, a built-in id); ``replaces``: the server's own pack of that id;
    ``pictures``: those checked from the upload's attachments, by digest (the pack's images
    carry their digests, a kept one's too)."""

    imported: Imported | None = None
    problems: tuple[Problem, ...] = ()
    refusal: UploadRefusal | None = None
    replaces: Pack | None = None
    pictures: Mapping[str, Picture] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Uploaded:
    """What became of a confirmed upload or a form's change: stored (``pack`` under its stored
    id), or the loader's ``problems``, or a ``refusal`` (limits, a built-in id, a pack that kept
    changing); ``taken`` if another click confirmed or cancelled the upload first."""

    pack: Pack | None = None
    problems: tuple[Problem, ...] = ()
    refusal: UploadRefusal | None = None
    replaced: bool = False
    taken: bool = False

    @property
    def stored(self) -> bool:
        return self.pack is not None and not self.problems and self.refusal is None


class ContentGoneError(LookupError):
    """What a round plays is gone (its pack version, or a question of it, e.g. a built-in pack
    edited across a restart): no retry will bring it back, so the round ends."""
