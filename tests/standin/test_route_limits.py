"""Per-route rate limits beyond messages (topics/rate-limits): followups and edits per interaction
token, scheduled-event writes and member-role changes per guild, command overwrites per
application. Each bucket takes its count in its window, then answers 429 with Discord's
headers; another top-level resource (token, guild) has a bucket of its own."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest

from standin.config import ROUTE_LIMITS
from standin.driver import StandInClient
from standin.permissions import MANAGE_ROLES
from tests.standin.conftest import MiniBot
from tests.standin.scheduling import BOT, external

Json = dict[str, Any]


@dataclass
class Scene:
    standin: StandInClient
    http: aiohttp.ClientSession
    guilds: list[Json]
    application_id: str

    async def call(self, method: str, path: str, body: object = None) -> tuple[int, Any]:
        url = f"{self.standin.url}/api/v10{path}"
        async with self.http.request(method, url, json=body, headers=BOT) as reply:
            self.headers = dict(reply.headers)
            return reply.status, None if reply.status == 204 else await reply.json()

    async def token(self, guild: Json) -> str:
        """The token of a fresh interaction in ``guild``, answered by the bot."""
        channel = next(c["id"] for c in guild["channels"] if c["name"] == "general")
        member = next(m["id"] for m in guild["members"] if m["name"].startswith("member-"))
        asked = await self.standin.command(member, channel, "hello")
        await self.standin.wait_for_response(asked)
        assert self.standin.core is not None
        return self.standin.core.desk.by_id[asked].token

    headers: dict[str, str] | None = None


# Each bucket: how to reach it for the first or second resource (a request it counts).
Reach = Callable[[Scene, int], Awaitable[tuple[str, str, object]]]


async def _followup(scene: Scene, which: int) -> tuple[str, str, object]:
    token = await scene.token(scene.guilds[which])
    return "POST", f"/webhooks/{scene.application_id}/{token}", {"content": "more"}


async def _event(scene: Scene, which: int) -> tuple[str, str, object]:
    return "POST", f"/guilds/{scene.guilds[which]['id']}/scheduled-events", external()


async def _role(scene: Scene, which: int) -> tuple[str, str, object]:
    guild = scene.guilds[which]
    roles = {r["name"]: r["id"] for r in guild["roles"]}
    await scene.standin.set_role_permissions(guild["id"], roles["quizbot"], MANAGE_ROLES)
    low = await scene.standin.add_role(guild["id"], "Regular", position=1)
    member = next(m["id"] for m in guild["members"] if m["name"].startswith("member-"))
    return "PUT", f"/guilds/{guild['id']}/members/{member}/roles/{low['id']}", None


async def _commands(scene: Scene, which: int) -> tuple[str, str, object]:
    base = f"/applications/{scene.application_id}"
    path = f"{base}/commands" if which == 0 else f"{base}/guilds/{scene.guilds[0]['id']}/commands"
    return "PUT", path, [{"name": "hello", "description": "Say hello with buttons"}]


BUCKETS: dict[str, Reach] = {
    "interaction-webhook": _followup,
    "guild-scheduled-events": _event,
    "guild-member-roles": _role,
    "application-commands": _commands,
}


@pytest.fixture
async def scene(standin: StandInClient, bot: MiniBot) -> AsyncIterator[Scene]:
    state = await standin.state()
    async with aiohttp.ClientSession() as http:
        yield Scene(standin, http, state["guilds"], state["application_id"])


@pytest.mark.parametrize("bucket", list(BUCKETS))
async def test_a_route_takes_its_count_then_answers_429_per_resource(
    scene: Scene, bucket: str
) -> None:
    count, window = ROUTE_LIMITS[bucket]
    method, path, body = await BUCKETS[bucket](scene, 0)
    left = []  # the bot's own start may have used one already (its command sync)
    while not left or left[-1] > 0:
        status, reply = await scene.call(method, path, body)
        assert status in {200, 204}, reply
        assert scene.headers is not None
        assert scene.headers["X-RateLimit-Bucket"] == bucket
        left.append(int(scene.headers["X-RateLimit-Remaining"]))
    assert left == list(range(left[0], -1, -1))
    assert count - len(left) in {0, 1}
    status, reply = await scene.call(method, path, body)
    assert status == 429, reply
    assert scene.headers is not None
    assert scene.headers["X-RateLimit-Scope"] == "user"
    assert 0 < reply["retry_after"] <= window
    assert reply["global"] is False
    other = await BUCKETS[bucket](scene, 1)  # another token, guild or scope: its own bucket
    assert (await scene.call(*other))[0] in {200, 204}
    assert await scene.standin.earned_rate_limits() == 1
