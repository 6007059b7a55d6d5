"""Whom a message mentions, and so notifies, as Discord works it out.

Mentions are read from the text a person reads: the message's content and, in a Components V2
layout, its text displays (never embeds or button labels). The body's ``allowed_mentions`` says
which of them may notify; absent, Discord's default applies: every kind in a channel message,
users only in an interaction response or a webhook message. Permissions come last: @everyone
and @here, and a role that is not mentionable, need MENTION_EVERYONE where the message goes.

Only creating a message notifies. An edit (and the followup that fills a "thinking" deferral,
which is an edit of that message) rebuilds the message's mention fields from its new text and
the edit's own ``allowed_mentions`` (the default again when the edit has none), but pings
nobody. Discord's own rules, in discord-api-docs: resources/message (Allowed Mentions Object;
Edit Message), components/reference (Text Display).
"""

from __future__ import annotations

import re
from collections.abc import Container, Mapping
from dataclasses import dataclass

from standin.errors import field_error
from standin.layouts import TEXT_DISPLAY, walk
from standin.model import Channel, Guild, Json, Message
from standin.permissions import MENTION_EVERYONE

Kinds = frozenset[str]  # of "users", "roles", "everyone": what allowed_mentions.parse names
USERS, ROLES, EVERYONE = "users", "roles", "everyone"
ALL_KINDS: Kinds = frozenset({USERS, ROLES, EVERYONE})  # a channel message's default
USERS_ONLY: Kinds = frozenset({USERS})  # the default of interaction responses and webhooks

_USER = re.compile(r"<@!?(\d{1,20})>")
_ROLE = re.compile(r"<@&(\d{1,20})>")
_EVERYONE = re.compile(r"@(?:everyone|here)")


@dataclass(frozen=True, slots=True)
class Mentions:
    """Who a body reaches: users and roles by id, and whether @everyone or @here."""

    users: tuple[int, ...] = ()
    roles: tuple[int, ...] = ()
    everyone: bool = False

    def __bool__(self) -> bool:
        return bool(self.users or self.roles or self.everyone)

    def as_json(self) -> Json:
        return {
            "users": [str(u) for u in self.users],
            "roles": [str(r) for r in self.roles],
            "everyone": self.everyone,
        }


NOBODY = Mentions()


@dataclass(frozen=True, slots=True)
class Audience:
    """Whom a message could reach where it goes: the users there (a server's members, a DM's
    recipients) but its sender, the server's roles with whether each is mentionable, and whether
    the sender has MENTION_EVERYONE there."""

    sender: int
    users: Container[int]
    roles: Mapping[int, bool]
    mention_everyone: bool


def audience(guild: Guild | None, channel: Channel, sender: int, permissions: int) -> Audience:
    """Whom a message of ``sender`` (with ``permissions`` in ``channel``) could reach there."""
    if guild is None:  # a DM or a group DM: its recipients only
        ends = {user.id for user in channel.recipients}
        return Audience(sender, ends, {}, mention_everyone=False)
    roles = {r.id: r.mentionable for r in guild.roles.values() if r.id != guild.id}
    everyone = bool(permissions & MENTION_EVERYONE)
    return Audience(sender, guild.members.keys(), roles, mention_everyone=everyone)


def log_entry(message: Message, found: Mentions, *, notify: bool) -> Json:
    """A line of the world's mention log (the driver's ``mentions()``)."""
    return {
        "message_id": str(message.id),
        "channel_id": str(message.channel_id),
        "event": "create" if notify else "edit",
        "notified": notify,
        "ephemeral": message.visible_to is not None,
        **found.as_json(),
    }


@dataclass(frozen=True, slots=True)
class _Allowance:
    kinds: Kinds  # parsed from the text: any user, role, or @everyone/@here
    users: frozenset[int]  # listed one by one
    roles: frozenset[int]


def mentions_in(body: Json, allowed: object, default: Kinds, audience: Audience) -> Mentions:
    """Who the text of ``body`` reaches under ``allowed`` (its allowed_mentions, or None)."""
    text = mention_text(body)
    allowance = _allowance(allowed, default)
    users = [
        user
        for user in _ids(_USER, text)
        if user in audience.users
        and user != audience.sender
        and (USERS in allowance.kinds or user in allowance.users)
    ]
    roles = [
        role
        for role in _ids(_ROLE, text)
        if role in audience.roles
        and (ROLES in allowance.kinds or role in allowance.roles)
        and (audience.roles[role] or audience.mention_everyone)
    ]
    everyone = (
        EVERYONE in allowance.kinds
        and audience.mention_everyone
        and _EVERYONE.search(text) is not None
    )
    return Mentions(tuple(users), tuple(roles), everyone)


def mention_text(body: Json) -> str:
    """The text Discord reads mentions from: content, then every text display."""
    texts = [str(body.get("content") or "")]
    texts += [
        str(component.get("content") or "")
        for component in walk(body.get("components") or [])
        if component.get("type") == TEXT_DISPLAY
    ]
    return "\n".join(texts)


def check_allowed_mentions(body: Json, at: list[str | int]) -> None:
    """Discord's 50035 for ``parse`` naming a kind that is also listed by id."""
    allowed = body.get("allowed_mentions")
    if not isinstance(allowed, dict):
        return
    parse = allowed.get("parse") or []
    for kind in (USERS, ROLES):
        if kind in parse and allowed.get(kind):
            raise field_error(
                [*at, "allowed_mentions"],
                "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                f'parse:["{kind}"] and {kind}: [ids...] are mutually exclusive.',
            )


def _allowance(allowed: object, default: Kinds) -> _Allowance:
    if not isinstance(allowed, dict):  # absent (or null): the route's default
        return _Allowance(default, frozenset(), frozenset())
    kinds = frozenset(k for k in allowed.get("parse") or [] if k in ALL_KINDS)
    return _Allowance(kinds, _listed(allowed.get(USERS)), _listed(allowed.get(ROLES)))


def _listed(ids: object) -> frozenset[int]:
    if not isinstance(ids, list):
        return frozenset()
    return frozenset(int(i) for i in ids if isinstance(i, int | str) and str(i).isdigit())


def _ids(pattern: re.Pattern[str], text: str) -> list[int]:
    """The ids the pattern finds, each once, in the order they first appear."""
    return list(dict.fromkeys(int(match.group(1)) for match in pattern.finditer(text)))
