"""Packs a server's moderators upload: their ids inside the bot, the limits, a server's view.

A server pack is stored and recorded under ``<id>@<guild id>`` (at most 40 + 1 + 20 characters,
within the 64 of the pack_id columns), so two servers may both upload a ``capitals`` and their
answers, cards and scores never mix; members see and type the plain ``<id>``. Built-in ids never
contain "@", so a server pack can't be mistaken for one.

Stored ids are built and taken apart here only: ``typed_pack`` is the one look-up of an id a
member typed (it refuses any id with "@", so no one reaches another server's pack, or names
their own by its inside id), and ``stored_suffix`` is what SQL matches a server's packs by.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from bot.quiz.model import Pack
from bot.quiz.packs.library import Library
from bot.quiz.reader.loader import MAX_PACK_BYTES

MAX_SERVER_PACKS = 20
UPLOAD_PICTURES = 5  # pictures one upload may attach; the others are kept from the last one
SEPARATOR = "@"


def stored_suffix(guild_id: int) -> str:
    """How every stored id of the server's packs ends."""
    return f"{SEPARATOR}{guild_id}"


def stored_pack_id(pack_id: str, guild_id: int) -> str:
    return f"{pack_id}{stored_suffix(guild_id)}"


def has_separator(typed: str) -> bool:
    """Whether a typed pack id carries the inside suffix, which no member may type."""
    return SEPARATOR in typed


def typed_pack(library: Library, typed: str) -> Pack | None:
    """The pack a member means by ``typed`` in the view ``library`` (of ``library.guild_id``):
    the built-in of that id, else that server's own; None for anything else, and for any id
    with the separator in it."""
    if has_separator(typed):
        return None
    found = library.get(typed)
    if found is None and library.guild_id is not None:
        found = library.get(stored_pack_id(typed, library.guild_id))
    return found


def shown_pack_id(stored_id: str) -> str:
    """The id members see: a server pack's without its server."""
    return stored_id.partition(SEPARATOR)[0]


def guild_of(stored_id: str) -> int | None:
    """The server a stored pack id belongs to; None for a built-in pack."""
    _, separator, guild = stored_id.partition(SEPARATOR)
    return int(guild) if separator else None


def as_server_pack(pack: Pack, guild_id: int) -> Pack:
    return replace(pack, id=stored_pack_id(pack.id, guild_id))


@dataclass(frozen=True, slots=True)
class UploadRefusal:
    """Why an upload that loaded is still refused; ``key`` names the message."""

    key: str
    limit: int = 0


def too_big(size: int) -> UploadRefusal | None:
    """Checked before a file is read or parsed."""
    if size > MAX_PACK_BYTES:
        return UploadRefusal("serverpacks.too_big", MAX_PACK_BYTES // 1024)
    return None


def check_upload(pack: Pack, *, builtins: Library, own_ids: Iterable[str]) -> UploadRefusal | None:
    """None when a valid pack may be stored; ``own_ids`` are the server's packs' shown ids."""
    if builtins.get(pack.id) is not None:
        return UploadRefusal("serverpacks.shadows_builtin")
    owned = set(own_ids)
    if pack.id not in owned and len(owned) >= MAX_SERVER_PACKS:
        return UploadRefusal("serverpacks.too_many", MAX_SERVER_PACKS)
    return None


@dataclass(frozen=True, slots=True)
class GuildPacks:
    """What one server sees. ``offered``: built-ins it has not disabled, then its own packs
    (for choosing and starting). ``known``: every built-in and its own packs (for rounds,
    reviews and boards already under way, which keep working when a pack is disabled)."""

    guild_id: int | None
    offered: Library
    known: Library
    own: tuple[Pack, ...]
    disabled: frozenset[str]
    builtins_on: tuple[Pack, ...]  # built-ins this server may turn off
    builtins_off: tuple[Pack, ...]  # built-ins it turned off, which it may turn on again


def guild_packs(
    builtins: Library, guild_id: int | None, own: Iterable[Pack], disabled: Iterable[str]
) -> GuildPacks:
    """``own`` are the server's packs under their stored ids (see ``as_server_pack``)."""
    own_packs = tuple(sorted(own, key=lambda pack: pack.id))
    off = frozenset(disabled)
    kept = tuple(pack for pack in builtins.packs.values() if pack.id not in off)
    return GuildPacks(
        guild_id=guild_id,
        offered=Library.of([*kept, *own_packs], guild_id=guild_id),
        known=Library.of([*builtins.packs.values(), *own_packs], guild_id=guild_id),
        own=own_packs,
        disabled=off,
        builtins_on=kept,
        builtins_off=tuple(pack for pack in builtins.packs.values() if pack.id in off),
    )
