"""An upload's way into a server: read and checked, then shown to its moderator as a preview
with Confirm and Cancel; stored only once confirmed.

Between the two the pack it makes waits in the database (bot/storage/packs/pending_uploads.py), so
the preview's buttons work after a restart and in whichever process serves the server then;
a preview expires after 15 minutes, and a moderator's newer upload replaces it. Its buttons
then say so, and nothing else is lost: the server's packs are as they were. The pictures an
upload attaches are checked with its file and held with it, so Confirm stores exactly what the
preview showed.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.app.kit.context import AppContext
from bot.app.shelf.outcomes import Checked, Uploaded
from bot.quiz.reader.imports.reading import UploadedFile
from bot.storage.packs.pending_uploads import (
    PendingUpload,
    drop_upload,
    held_upload,
    hold_upload,
    pending_upload,
)
from bot.storage.packs.versions import ServerPackSource
from bot.storage.settings import settings


@dataclass(frozen=True, slots=True)
class Preview:
    """What a file makes, and the token its buttons name when it may be stored."""

    checked: Checked
    token: str | None = None


class Held(enum.Enum):
    GONE = "gone"  # expired, replaced, confirmed or cancelled already
    NOT_HERE = "not_here"  # another member's, or another server's


@dataclass(frozen=True, slots=True)
class Upload:
    """A file a moderator uploaded to a server, and the pictures attached to it (file name ->
    bytes)."""

    guild_id: int
    member_id: int
    file_name: str
    data: bytes
    pictures: Mapping[str, bytes] = field(default_factory=dict)


async def import_language(ctx: AppContext, guild_id: int, server_locale: str | None) -> str:
    """The language an imported file's questions are taken to be in: the server's (as its
    rounds are), so that a round of the pack speaks it too."""
    configured = (await settings.guild_settings(ctx.db, guild_id)).locale
    return configured or server_locale or "en"


async def preview_upload(ctx: AppContext, upload: Upload, language: str) -> Preview:
    """Checks the file; holds the pack it makes for the moderator's Confirm if it may be
    stored."""
    file = UploadedFile(upload.data, upload.file_name, language)
    checked = await ctx.shelf.check(upload.guild_id, file, upload.pictures)
    if checked.imported is None or checked.refusal is not None:
        return Preview(checked)
    pack = checked.imported.pack
    held = pending_upload(
        upload.guild_id,
        upload.member_id,
        pack_id=pack.id,
        file_name=upload.file_name,
        source=checked.imported.source,
        now=ctx.clock.now(),
        pictures={q.image.file: q.image.digest for q in pack.questions if q.image is not None},
    )
    return Preview(checked, await hold_upload(ctx.db, held, checked.pictures.values()))


async def _held(ctx: AppContext, token: str, guild_id: int, member_id: int) -> PendingUpload | Held:
    held = await held_upload(ctx.db, token, ctx.clock.now())
    if held is None:
        return Held.GONE
    if (held.guild_id, held.member_id) != (guild_id, member_id):
        return Held.NOT_HERE
    return held


async def confirm_upload(
    ctx: AppContext, token: str, *, guild_id: int, member_id: int
) -> Uploaded | Held:
    """Stores a held upload for the moderator who uploaded it, in its server."""
    held = await _held(ctx, token, guild_id, member_id)
    if isinstance(held, Held):
        return held
    source = ServerPackSource(
        guild_id,
        held.pack_id,
        held.file_name,
        held.source,
        member_id,
        ctx.clock.now(),
        pictures=held.pictures,
    )
    outcome = await ctx.shelf.store(source, taking=token)
    return Held.GONE if outcome.taken else outcome


async def cancel_upload(
    ctx: AppContext, token: str, *, guild_id: int, member_id: int
) -> Held | None:
    """Forgets a held upload; None once it is forgotten."""
    held = await _held(ctx, token, guild_id, member_id)
    if isinstance(held, Held):
        return held
    return None if await drop_upload(ctx.db, token) else Held.GONE
