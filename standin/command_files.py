"""Files members attach to slash commands (option type 11 ATTACHMENT), held as Discord holds them.

A Discord client uploads the file first; the interaction then names it by id in the option's
value and carries the attachment object in ``data.resolved.attachments``, whose ``url`` the bot
fetches from the CDN without a token. Here the driver uploads with ``StandInClient.attach``, and the
stand-in serves the file at a CDN-like URL on loopback (standin/command_file_routes.py).
(Files the bot sends with its messages are standin/attachments.py.)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import quote

from standin.errors import RefusedError
from standin.model import Json

MAX_UPLOAD_BYTES = 10 * 1024 * 1024  # Discord's smallest upload limit (no boosts, no Nitro)
CDN_PATH = "/ephemeral-attachments"  # slash-command attachments live here on Discord's CDN


@dataclass(frozen=True, slots=True)
class CommandFile:
    id: int
    channel_id: int
    filename: str
    content_type: str
    data: bytes = field(repr=False)
    base_url: str

    @property
    def url(self) -> str:
        return f"{self.base_url}{CDN_PATH}/{self.channel_id}/{self.id}/{quote(self.filename)}"

    def payload(self) -> Json:
        """The attachment object (OpenAPI ``AttachmentResponse``) as an interaction carries it."""
        return {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
            "ephemeral": True,
        }


@dataclass
class CommandFiles:
    by_id: dict[int, CommandFile] = field(default_factory=dict)

    def add(self, upload: CommandFile) -> CommandFile:
        if len(upload.data) > MAX_UPLOAD_BYTES:
            raise RefusedError(f"{upload.filename} is over Discord's upload limit", 413)
        self.by_id[upload.id] = upload
        return upload

    def find(self, attachment_id: int, channel_id: int) -> CommandFile:
        """An upload made for this channel (a client attaches a file where it runs a command)."""
        upload = self.by_id.get(attachment_id)
        if upload is None or upload.channel_id != channel_id:
            raise RefusedError(f"no attachment {attachment_id} was uploaded in {channel_id}", 400)
        return upload
