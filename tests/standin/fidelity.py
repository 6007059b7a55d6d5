"""The fidelity table's machinery: a place to break Discord's rules in, the bot's requests as
raw HTTP (JSON or multipart with files), and the rule a row states.

A row names the doc section, a request that breaks the rule, one that keeps it, and the code
Discord answers the first with. Requests are built once the place exists (they need its ids).
"""

from __future__ import annotations

import io
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp

from standin.driver import StandInClient
from standin.model import Json
from standin.permissions import ATTACH_FILES, EMBED_LINKS, READ_MESSAGE_HISTORY, SEND_MESSAGES

BOT = {"Authorization": "Bot standin-token"}
ROLE = 0


@dataclass(frozen=True, slots=True)
class Request:
    method: str
    path: str
    body: object = None
    files: dict[str, bytes] = field(default_factory=dict)  # filename -> bytes: multipart


@dataclass(slots=True)
class Place:
    """A guild with a channel for each permission taken from the bot (its role's overwrite)."""

    standin: StandInClient
    http: aiohttp.ClientSession
    guild: Json
    channels: dict[str, str]
    application_id: str
    bot_role: str

    async def send(self, request: Request) -> tuple[int, Any]:
        """The request as the bot sends it: its status and JSON reply (None for 204)."""
        url = f"{self.standin.url}/api/v10{request.path}"
        data: aiohttp.FormData | None = None
        body = request.body
        if request.files:
            data = aiohttp.FormData()
            data.add_field("payload_json", json.dumps(body or {}))
            for index, (name, content) in enumerate(request.files.items()):
                data.add_field(f"files[{index}]", io.BytesIO(content), filename=name)
        sent: dict[str, Any] = {"data": data} if data is not None else {"json": body}
        async with self.http.request(request.method, url, headers=BOT, **sent) as reply:
            return reply.status, None if reply.status == 204 else await reply.json()

    async def post(self, channel: str, body: Json) -> Json:
        """A message the bot posted in one of the place's channels, which must succeed."""
        status, message = await self.send(
            Request("POST", f"/channels/{self.channels[channel]}/messages", body)
        )
        assert status == 200, message
        found: Json = message
        return found


# Each channel of the place, with what the bot's role is denied there.
DENIED = {
    "files": ATTACH_FILES,
    "embeds": EMBED_LINKS,
    "history": READ_MESSAGE_HISTORY,
    "silent": SEND_MESSAGES,
}


async def place_in(standin: StandInClient, http: aiohttp.ClientSession) -> Place:
    state = await standin.state()
    guild = state["guilds"][0]
    bot_role = next(r["id"] for r in guild["roles"] if r["name"] == "quizbot")
    channels = {c["name"]: c["id"] for c in guild["channels"]}
    for name, denied in DENIED.items():
        # Denied to @everyone too: the bot's ATTACH_FILES comes from @everyone's defaults.
        overwrites = [
            {"id": bot_role, "type": ROLE, "deny": denied},
            {"id": guild["id"], "type": ROLE, "deny": denied},
        ]
        channels[name] = (await standin.add_channel(guild["id"], name, overwrites))["id"]
    return Place(standin, http, guild, channels, state["application_id"], bot_role)


Build = Callable[[Place], Awaitable[Request]]


@dataclass(frozen=True, slots=True)
class Rule:
    """One of Discord's documented rules: ``broken`` is refused with ``status`` and ``code``
    (and, for a 50035, the field error ``field_code`` somewhere in its tree); ``kept`` is
    accepted."""

    name: str
    doc: str
    broken: Build
    kept: Build
    status: int
    code: int
    field_code: str | None = None


def field_codes(tree: object) -> list[str]:
    """Every field error code in a 50035's ``errors`` tree."""
    if not isinstance(tree, dict):
        return []
    found = [e["code"] for e in tree.get("_errors", [])]
    for key, child in tree.items():
        if key != "_errors":
            found += field_codes(child)
    return found
