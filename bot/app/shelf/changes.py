"""A server pack changed from Discord's forms (bot/app/authoring/): read as it is now, edited,
written out as YAML and checked in the pack checker's workers like an upload (a picture the
form attached checked there too; the others kept from the version it was read at), and stored
only on that version. Should another change land between the read and the write, the edit is
applied again to the new version, up to ``CHANGE_ATTEMPTS`` times.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime

from bot.app.shelf.checker import PackChecker, ParseTimeoutError
from bot.app.shelf.outcomes import Uploaded
from bot.quiz.model import Pack
from bot.quiz.packs.pack_pictures import with_digests
from bot.quiz.packs.server_packs import MAX_SERVER_PACKS, UploadRefusal, as_server_pack, too_big
from bot.quiz.reader.imports.formats import Format
from bot.quiz.reader.imports.reading import UploadedFile
from bot.quiz.reader.loader import parse_pack
from bot.quiz.reader.pack_yaml import pack_yaml
from bot.quiz.reader.problems import PackError
from bot.storage.database import Database
from bot.storage.packs import server_packs
from bot.storage.packs.versions import ServerPackSource

CHANGE_ATTEMPTS = 3  # a pack changed by another moderator between a form's read and write
PackEdit = Callable[[Pack | None], Pack]


@dataclass(frozen=True, slots=True)
class PackChange:
    """``edit`` applied to the server's pack ``pack_id`` (as members see it; None when there is
    none yet) by moderator ``by``; ``attached``: pictures the form brings, file name -> bytes."""

    guild_id: int
    pack_id: str
    edit: PackEdit
    by: int
    now: datetime
    attached: Mapping[str, bytes] = field(default_factory=dict)


async def change_pack(db: Database, checker: PackChecker, change: PackChange) -> Uploaded:
    """Stores the edited pack as its next version (see the module docstring). ``edit`` raises
    EditRefusedError for a change the pack cannot take."""
    try:
        for _ in range(CHANGE_ATTEMPTS):
            current = await server_packs.current_source(db, change.guild_id, change.pack_id)
            changed = await _change_once(db, checker, change, current)
            if changed is not None:
                return changed
    except PackError as error:
        return Uploaded(problems=error.problems)
    except ParseTimeoutError as late:
        return Uploaded(refusal=UploadRefusal("serverpacks.too_slow", math.ceil(late.limit_s)))
    return Uploaded(refusal=UploadRefusal("forms.busy"))


async def _change_once(
    db: Database, checker: PackChecker, change: PackChange, current: ServerPackSource | None
) -> Uploaded | None:
    """One try of ``change_pack``; None when the pack moved on meanwhile."""
    before = None if current is None else await asyncio.to_thread(_stored_pack, current)
    file_name = current.file_name if current is not None else f"{change.pack_id}.yaml"
    source = pack_yaml(change.edit(before), change.pack_id)
    refusal = too_big(len(source.encode()))
    if refusal is not None:
        return Uploaded(refusal=refusal)
    # YAML whatever the file's name says (an import's version keeps its file's name).
    file = UploadedFile(source.encode(), file_name, format=Format.YAML)
    kept = {} if current is None else {change.pack_id: current.pictures}
    checked = await checker.check(file, change.attached, kept)
    pack = checked.imported.pack
    pictures = {q.image.file: q.image.digest for q in pack.questions if q.image is not None}
    upload = ServerPackSource(
        change.guild_id, change.pack_id, file_name, source, change.by, change.now, pictures=pictures
    )
    stored = as_server_pack(pack, change.guild_id)
    try:
        replaced = await server_packs.save_server_pack(
            db,
            upload,
            stored,
            checked.pictures.values(),
            based_on=None if current is None else current.version_id,
            new=current is None,
        )
    except server_packs.PackChangedError:
        return None
    except server_packs.TooManyPacksError:
        return Uploaded(refusal=UploadRefusal("serverpacks.too_many", MAX_SERVER_PACKS))
    return Uploaded(pack=stored, replaced=replaced)


def _stored_pack(source: ServerPackSource) -> Pack:
    """A stored version's pack (it passed the checker when stored), showing its pictures."""
    return with_digests(parse_pack(source.source.encode(), source.file_name), source.pictures)
