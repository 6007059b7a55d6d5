"""`/quiz pack export`'s reply: a pack as YAML, with the pictures its questions show, so that it
can be uploaded again, here or in another server.

The pictures are files of the same private message, each under the name its questions give it,
so they can be attached to `/quiz pack upload` as they are. A message holds at most ten files:
past ``EXPORT_PICTURES`` pictures the reply names the ones left out (an upload in this server
keeps them from the pack's current version).

The YAML is written in a worker process (bot/app/shelf/heavy_work.py): PyYAML's pure-Python
emitter takes a noticeable time over a large pack, which on the event loop every server's clicks
would wait for.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import discord

from bot.app.kit.catalogue import tr
from bot.app.shelf.heavy_work import HeavyWork
from bot.app.shelf.pictures import PictureShelf
from bot.quiz.model import Pack
from bot.quiz.packs.pack_pictures import image_files
from bot.quiz.packs.server_packs import shown_pack_id
from bot.quiz.reader.pack_yaml import pack_yaml

MESSAGE_FILES = 10  # Discord's most attachments in one message
EXPORT_PICTURES = MESSAGE_FILES - 1  # beside the YAML file


@dataclass(frozen=True, slots=True)
class Export:
    """A pack's YAML under the id members see, and its pictures' files, by name."""

    pack_id: str
    source: bytes
    pictures: tuple[tuple[str, bytes], ...]
    left_out: tuple[str, ...]  # named by its questions, not attached

    def files(self) -> list[discord.File]:
        """Fresh attachments (a discord.File is read once)."""
        yaml_file = discord.File(io.BytesIO(self.source), f"{self.pack_id}.yaml")
        return [yaml_file, *(discord.File(io.BytesIO(data), name) for name, data in self.pictures)]

    def text(self, locale: str) -> str:
        count = len(self.pictures) + len(self.left_out)
        if not count:
            return tr(locale, "serverpacks.exported", id=self.pack_id)
        text = tr(locale, "serverpacks.exported_pictures", id=self.pack_id, count=count)
        if self.left_out:
            files = ", ".join(f"`{name}`" for name in self.left_out)
            left = tr(locale, "serverpacks.export_left_out", count=len(self.left_out), files=files)
            text = f"{text}\n{left}"
        return text


async def exported(pictures: PictureShelf, heavy: HeavyWork, pack: Pack) -> Export:
    """``pack`` as its export: its YAML, written in ``heavy``'s workers, and the first
    ``EXPORT_PICTURES`` pictures it shows."""
    pack_id = shown_pack_id(pack.id)
    digests = {q.image.file: q.image.digest for q in pack.questions if q.image is not None}
    attached: list[tuple[str, bytes]] = []
    for name in image_files(pack)[:EXPORT_PICTURES]:
        digest = digests[name]
        picture = await pictures.picture(digest) if digest else None
        if picture is not None:  # else collected meanwhile: named below as left out
            attached.append((name, picture.data))
    left_out = tuple(name for name in image_files(pack) if name not in dict(attached))
    source = await heavy.run(pack_yaml, pack, pack_id)
    return Export(pack_id, source.encode(), tuple(attached), left_out)
