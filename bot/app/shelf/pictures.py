"""Questions' pictures as the bot sends them: attached to the message that shows them, never
fetched from anywhere, and named there by ``attachment://<file>`` (the pack's own file name).

The shipped packs' pictures are in memory (the library read them at start); a server's are read
from the database by digest and kept, the most recently shown first, up to ``KEPT_BYTES``.
"""

from __future__ import annotations

import io
from collections.abc import Mapping

import discord
from cachetools import LRUCache

from bot.app.shelf.outcomes import ContentGoneError
from bot.cache import SharedReads
from bot.quiz.model import Image
from bot.quiz.reader.pictures import Picture
from bot.storage.database import Database
from bot.storage.packs.pictures import stored_picture

KEPT_BYTES = 64 * 1024 * 1024


def attachment_url(image: Image) -> str:
    """How a message names the picture it carries."""
    return f"attachment://{image.file}"


class PictureShelf:
    def __init__(self, db: Database, shipped: Mapping[str, Picture]) -> None:
        self._db = db
        self._shipped = shipped
        self._stored: SharedReads[str, Picture | None] = SharedReads(
            LRUCache(KEPT_BYTES, getsizeof=lambda picture: picture.size if picture else 1),
            keep=lambda picture: picture is not None,
        )

    async def picture(self, digest: str) -> Picture | None:
        shipped = self._shipped.get(digest)
        if shipped is not None:
            return shipped
        return await self._stored.get(digest, lambda: stored_picture(self._db, digest))

    async def file(self, image: Image, locale: str) -> discord.File:
        """A fresh attachment of ``image``'s picture, its alt text in ``locale``; raises
        ContentGoneError if the picture is no longer stored."""
        picture = await self.picture(image.digest) if image.digest else None
        if picture is None:
            raise ContentGoneError(f"the picture {image.file} is no longer stored")
        alt = image.alt.get(locale)
        return discord.File(io.BytesIO(picture.data), filename=image.file, description=alt)

    async def files(self, image: Image | None, locale: str) -> list[discord.File]:
        """The attachments of a message showing ``image`` (none without one)."""
        return [] if image is None else [await self.file(image, locale)]
