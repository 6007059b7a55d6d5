"""Which packs each server sees: the built-ins, minus those it turned off, plus its own uploads.

A server's view is read from the database and cached in the process for ``TTL_S`` seconds. The
process that uploads, removes, disables or enables forgets that server's view at once; another
process sharing the database sees the change when its copy expires (at most ``TTL_S`` later).
A burst of clicks that finds the copy expired waits for one read, not one read each, and a pack
is parsed again only when its upload changed.

A round plays the pack as it was when it started (``played_pack``): a server pack's round its
own stored version, read and parsed once per process, however the pack changed since; a
built-in's round the pack as this process loaded it.

Uploads are read by the pack checker's worker processes, within its time limit, with the
pictures attached to them (``check``: nothing is stored yet, the moderator sees a preview
first), and each server may upload only so often (``UploadRate``). What a check made is stored
by ``store``, once confirmed. Stored packs, which passed that limit when they were checked, are
parsed again in a thread (their pictures are not decoded again: the digests stored with them say
which they show): the event loop keeps answering meanwhile, and a server's view never waits
behind another server's slow upload in the checker. The same workers do the heavy commands'
work, at each server's own rate (``heavy``: bot/app/shelf/heavy_work.py).
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from cachetools import LRUCache, TTLCache

from bot.app.shelf.changes import PackChange, PackEdit, change_pack
from bot.app.shelf.checker import PackChecker, ParseTimeoutError
from bot.app.shelf.heavy_work import HeavyWork
from bot.app.shelf.outcomes import Checked, Uploaded
from bot.app.shelf.pictures import PictureShelf
from bot.app.shelf.question_keys import QuestionKeys
from bot.cache import SharedReads
from bot.quiz.model import Pack
from bot.quiz.packs.library import Library
from bot.quiz.packs.pack_pictures import with_digests
from bot.quiz.packs.server_packs import (
    MAX_SERVER_PACKS,
    GuildPacks,
    UploadRefusal,
    as_server_pack,
    check_upload,
    guild_packs,
    shown_pack_id,
    too_big,
)
from bot.quiz.packs.upload_rate import UploadRate
from bot.quiz.reader.imports.reading import UploadedFile
from bot.quiz.reader.loader import parse_pack
from bot.quiz.reader.pictures import Picture
from bot.quiz.reader.problems import PackError
from bot.storage.database import Database
from bot.storage.packs import server_packs
from bot.storage.packs.server_packs import Removal, UploadTakenError, guild_pack_records
from bot.storage.packs.versions import ServerPackSource, pack_version

TTL_S = 10.0
VERSIONS_KEPT = 64  # parsed versions of rounds' packs, with room for every round running here
log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class ServerView:
    packs: GuildPacks
    keys: QuestionKeys  # of every pack the server knows, for buttons that name one by key

    @property
    def offered(self) -> Library:
        return self.packs.offered

    @property
    def known(self) -> Library:
        return self.packs.known


class PackShelf:
    def __init__(
        self,
        db: Database,
        builtins: Library,
        *,
        ttl_s: float = TTL_S,
        clock: Callable[[], float] = time.monotonic,
        checker: PackChecker | None = None,
        rate: UploadRate | None = None,
    ) -> None:
        self._db = db
        self.builtins = builtins
        self.pictures = PictureShelf(db, builtins.pictures)  # what the packs' questions show
        self._clock = clock
        self._checker = checker or PackChecker()  # its processes start on the first upload
        self.rate = rate or UploadRate()
        self.heavy = HeavyWork(self._checker, clock)  # exports and analytics
        # Every server's view, for ``ttl_s`` from when its read ended.
        self._views: SharedReads[int, ServerView] = SharedReads(
            TTLCache(math.inf, ttl_s, timer=clock)
        )
        self._parsed: dict[tuple[int, str, int | None], Pack | None] = {}  # by version
        self._versions: SharedReads[int, Pack | None] = SharedReads(LRUCache(VERSIONS_KEPT))
        self._anywhere = ServerView(guild_packs(builtins, None, (), ()), QuestionKeys.of(builtins))

    async def view(self, guild_id: int | None) -> ServerView:
        """The server's packs; outside a server (a DM), the built-ins only."""
        if guild_id is None:
            return self._anywhere
        return await self._views.get(guild_id, lambda: self._load(guild_id))

    def forget(self, guild_id: int) -> None:
        self._views.forget(guild_id)  # a read begun before the change is not kept either

    def admit_upload(self, guild_id: int) -> int:
        """0 if the server may upload a pack now (the upload is counted); else how many
        seconds until it may."""
        return self.rate.admit(guild_id, self._clock())

    async def check(
        self, guild_id: int, file: UploadedFile, pictures: Mapping[str, bytes] | None = None
    ) -> Checked:
        """Reads an uploaded file and the ``pictures`` attached to it (file name -> bytes) in
        the checker's workers, and checks the server's limits; stores nothing. A picture the
        pack names and the upload does not attach is kept from the pack's current version."""
        oversize = too_big(len(file.data))
        if oversize is not None:
            return Checked(refusal=oversize)
        current = (await guild_pack_records(self._db, guild_id)).sources
        kept = {source.pack_id: source.pictures for source in current}
        try:
            checked = await self._checker.check(file, pictures, kept)
        except PackError as error:
            return Checked(problems=error.problems)
        except ParseTimeoutError as late:
            return Checked(refusal=UploadRefusal("serverpacks.too_slow", math.ceil(late.limit_s)))
        imported = checked.imported
        own = {shown_pack_id(pack.id): pack for pack in (await self.view(guild_id)).packs.own}
        refusal = check_upload(imported.pack, builtins=self.builtins, own_ids=own)
        replaces = own.get(imported.pack.id)
        return Checked(imported, refusal=refusal, replaces=replaces, pictures=checked.pictures)

    async def store(
        self,
        upload: ServerPackSource,
        pictures: Iterable[Picture] = (),
        *,
        taking: str | None = None,
    ) -> Uploaded:
        """Stores what ``check`` made of an upload (its YAML, parsed again in a thread: it
        passed the checker's limit then; its images showing ``upload.pictures``), with the
        ``pictures`` not stored yet, if the server's limits still let it; ``taking``: the held
        upload this confirms (bot/storage/packs/pending_uploads.py), whose pictures are stored."""
        try:
            pack = await asyncio.to_thread(_pictured, upload)
        except PackError as error:
            return Uploaded(problems=error.problems)
        view = await self.view(upload.guild_id)
        own_ids = [shown_pack_id(own.id) for own in view.packs.own]
        refusal = check_upload(pack, builtins=self.builtins, own_ids=own_ids)
        if refusal is not None:
            return Uploaded(pack=pack, refusal=refusal)
        stored = as_server_pack(pack, upload.guild_id)
        try:
            replaced = await server_packs.save_server_pack(
                self._db, upload, stored, pictures, taking=taking
            )
        except server_packs.TooManyPacksError:  # another process stored one meanwhile
            too_many = UploadRefusal("serverpacks.too_many", MAX_SERVER_PACKS)
            return Uploaded(pack=pack, refusal=too_many)
        except UploadTakenError:
            return Uploaded(taken=True)
        finally:
            self.forget(upload.guild_id)
        return Uploaded(pack=stored, replaced=replaced)

    async def change(
        self,
        guild_id: int,
        pack_id: str,
        edit: PackEdit,
        *,
        by: int,
        now: datetime,
        attached: Mapping[str, bytes] | None = None,
    ) -> Uploaded:
        """Applies a form's ``edit`` to the server's pack as it is now and stores the result
        as its next version, with the pictures ``attached`` (bot/app/shelf/changes.py)."""
        change = PackChange(guild_id, pack_id, edit, by, now, attached or {})
        try:
            return await change_pack(self._db, self._checker, change)
        finally:
            self.forget(guild_id)

    async def remove(self, guild_id: int, pack_id: str) -> Removal:
        """Removes the server's pack ``pack_id`` (as members see it); running rounds of it
        finish on their version."""
        try:
            return await server_packs.remove_server_pack(self._db, guild_id, pack_id)
        finally:
            self.forget(guild_id)

    async def played_pack(
        self, guild_id: int | None, pack_id: str, version_id: int | None
    ) -> Pack | None:
        """The pack a round plays (see the module docstring); None once it is gone: a version
        collected, or a built-in this process no longer has. A round that has forgotten its
        version (long ended, collected) reads the pack as the server knows it now."""
        if version_id is None:
            return (await self.view(guild_id)).known.get(pack_id)
        return await self._versions.get(version_id, lambda: self._load_version(version_id))

    async def _load_version(self, version_id: int) -> Pack | None:
        source = await pack_version(self._db, version_id)
        if source is None:
            return None
        # The current version is parsed already for the server's view; an older one is not
        # put in that cache, where it would push the current one out.
        upload = _upload_of(source)
        if upload in self._parsed:
            return self._parsed[upload]
        return await asyncio.to_thread(_parse, source)

    async def set_disabled(
        self, guild_id: int, pack_id: str, *, disabled: bool, by: int, now: datetime
    ) -> bool:
        """Turns a built-in pack off or on in the server; False if it already was."""
        try:
            return await server_packs.set_pack_disabled(
                self._db, guild_id, pack_id, disabled=disabled, by=by, now=now
            )
        finally:
            self.forget(guild_id)

    async def _load(self, guild_id: int) -> ServerView:
        records = await guild_pack_records(self._db, guild_id)
        own = await self._parse(records.sources)
        packs = guild_packs(self.builtins, guild_id, own, records.disabled)
        return ServerView(packs, QuestionKeys.of(packs.known))

    async def _parse(self, sources: Sequence[ServerPackSource]) -> list[Pack]:
        """The stored packs that still load, each parsed once per upload, off the event loop."""
        uploads = [_upload_of(source) for source in sources]
        found = {upload: self._parsed[upload] for upload in uploads if upload in self._parsed}
        new = [source for source in sources if _upload_of(source) not in found]
        if new:
            for source, pack in zip(new, await asyncio.to_thread(_parse_all, new), strict=True):
                upload = _upload_of(source)
                found[upload] = pack
                self._parsed = {k: v for k, v in self._parsed.items() if k[:2] != upload[:2]}
                self._parsed[upload] = pack
        return [pack for upload in uploads if (pack := found[upload]) is not None]

    async def close(self) -> None:
        """Stops the checker's worker processes."""
        await self._checker.close()


def _upload_of(source: ServerPackSource) -> tuple[int, str, int | None]:
    return (source.guild_id, source.pack_id, source.version_id)


def _parse_all(sources: Sequence[ServerPackSource]) -> list[Pack | None]:
    return [_parse(source) for source in sources]


def _pictured(source: ServerPackSource) -> Pack:
    """An upload's pack, its images showing the pictures stored with it; raises PackError."""
    return with_digests(parse_pack(source.source.encode(), source.file_name), source.pictures)


def _parse(source: ServerPackSource) -> Pack | None:
    """The stored pack; one the loader no longer accepts (after an upgrade) is left out."""
    try:
        pack = _pictured(source)
    except PackError as error:
        log.warning(
            "server %s: pack %s no longer loads: %s", source.guild_id, source.pack_id, error
        )
        return None
    return as_server_pack(pack, source.guild_id)
