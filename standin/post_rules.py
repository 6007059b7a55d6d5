"""What the bot needs in a channel to post or edit a message there, and to read it back.

Discord's docs (resources/message, "Create Message" > Limitations, and topics/permissions):
VIEW_CHANNEL to reach the channel at all (else 403 50001), SEND_MESSAGES to post (403 50013);
ATTACH_FILES to upload a file (topics/permissions: "Allows for uploading images and files"),
on a new message or an edit; EMBED_LINKS for a new message's embeds, which Discord refuses
with 403 50013 (discord-api-docs issue 2601: an embed-only message without it is refused; the
stand-in refuses any new message with embeds). A denied SEND_MESSAGES also takes away
ATTACH_FILES, EMBED_LINKS and MENTION_EVERYONE ("Implicit Permissions"). Reading a message, or
the channel's history, needs READ_MESSAGE_HISTORY ("Get Channel Message(s)"): without it the
list is empty and one message is refused. A new message sets only the flags "Create Message"
lists: EPHEMERAL belongs to interaction responses (the field code is the stand-in's choice).

Interaction responses and their webhooks need none of these (nextcord-ext-menus PR 45: they
go out where the bot may not send), and the stand-in checks none of them there.
"""

from __future__ import annotations

from standin import errors
from standin.attachments import Uploads
from standin.errors import DiscordError
from standin.model import Json
from standin.permissions import (
    ATTACH_FILES,
    EMBED_LINKS,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    VIEW_CHANNEL,
    effective,
)

MISSING_ACCESS = 50001
# The flags a new channel message may set (resources/message, Create Message): SUPPRESS_EMBEDS,
# SUPPRESS_NOTIFICATIONS, IS_VOICE_MESSAGE, IS_COMPONENTS_V2. EPHEMERAL is an interaction's only.
POSTABLE_FLAGS = 1 << 2 | 1 << 12 | 1 << 13 | 1 << 15


def check_may_post(allowed: int, body: Json, uploads: Uploads) -> None:
    """Refuses a new message the bot, with channel permissions ``allowed``, may not post."""
    reach(allowed)
    if not allowed & SEND_MESSAGES:
        raise errors.missing_permissions()
    check_may_attach(allowed, uploads)
    if int(body.get("flags") or 0) & ~POSTABLE_FLAGS:
        raise errors.field_error(
            ["flags"],
            "BASE_TYPE_INVALID",
            "Only SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS, "
            "IS_VOICE_MESSAGE and IS_COMPONENTS_V2 can be set on a new message",
        )
    if body.get("embeds") and not effective(allowed) & EMBED_LINKS:
        raise errors.missing_permissions()


def check_may_attach(allowed: int, uploads: Uploads) -> None:
    """Refuses files uploaded (``files[n]``) without ATTACH_FILES, on a post or an edit."""
    if uploads and not effective(allowed) & ATTACH_FILES:
        raise errors.missing_permissions()


def reach(allowed: int) -> None:
    """Refuses a channel the bot cannot view: Discord's "Missing Access"."""
    if not allowed & VIEW_CHANNEL:
        raise DiscordError(403, MISSING_ACCESS, "Missing Access")


def may_read_history(allowed: int) -> bool:
    return bool(allowed & READ_MESSAGE_HISTORY)


def check_may_read(allowed: int) -> None:
    """Refuses one message to a bot that may not read the channel's history."""
    reach(allowed)
    if not may_read_history(allowed):
        raise errors.missing_permissions()
