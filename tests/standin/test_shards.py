"""Several bot processes on one stand-in: each shard's connection gets its own guilds and their
interactions; the global rate limit counts per bot token, across connections; GET /gateway/bot
tells the shard count and max_concurrency the stand-in was given."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import aiohttp
import discord
import pytest

from bot.quiz.shards.serving import shard_of
from standin.config import Limits, StandInConfig
from standin.ratelimit import RateLimitedError, RateLimiter
from tests.standin.conftest import MiniBot, running

SHARDS = 2


async def test_each_shard_connection_gets_its_own_guilds_and_their_interactions(
    start_standin: Callable[..., Any],
) -> None:
    async with (
        start_standin(guilds=4, members=3, max_concurrency=SHARDS) as standin,
        running(MiniBot(shard_id=0, shard_count=SHARDS)) as first,
        running(MiniBot(shard_id=1, shard_count=SHARDS)) as second,
    ):
        guilds = (await standin.state())["guilds"]
        on_shard = {
            shard: {int(g["id"]) for g in guilds if shard_of(int(g["id"]), SHARDS) == shard}
            for shard in (0, 1)
        }
        assert all(on_shard.values())  # guilds on both shards
        assert {g.id for g in first.guilds} == on_shard[0]
        assert {g.id for g in second.guilds} == on_shard[1]
        seen: dict[int, list[int]] = {0: [], 1: []}
        for shard, bot in ((0, first), (1, second)):
            bot.on_interaction = _recorder(seen[shard])  # type: ignore[attr-defined]
        for guild in guilds:
            channel = next(c["id"] for c in guild["channels"] if c["name"] == "general")
            member = next(m["id"] for m in guild["members"] if m["name"].startswith("member-"))
            interaction = await standin.command(member, channel, "hello")
            await standin.wait_for_response(interaction, timeout=5)
        for shard in (0, 1):
            assert sorted(seen[shard]) == sorted(on_shard[shard])


def _recorder(into: list[int]) -> Callable[[discord.Interaction], Any]:
    async def record(interaction: discord.Interaction) -> None:
        into.append(interaction.guild_id or 0)

    return record


def test_the_global_rate_limit_is_per_token_across_connections() -> None:
    limiter = RateLimiter(StandInConfig(limits=Limits(global_count=3), clock=lambda: 0.0))
    for _ in range(3):
        limiter.admit("GET", "/users/@me", {}, "Bot one")
    with pytest.raises(RateLimitedError):
        limiter.admit("GET", "/users/@me", {}, "Bot one")  # another process, the same bot
    assert limiter.admit("GET", "/users/@me", {}, "Bot two") == {}  # another bot


async def test_gateway_bot_tells_the_shard_count_and_max_concurrency(
    start_standin: Callable[..., Any],
) -> None:
    async with (
        start_standin(guilds=1, members=1, recommended_shards=8, max_concurrency=4) as standin,
        aiohttp.ClientSession() as session,
        session.get(
            f"{standin.url}/api/v10/gateway/bot", headers={"Authorization": "Bot x"}
        ) as reply,
    ):
        body = await reply.json()
    assert body["shards"] == 8
    assert body["session_start_limit"]["max_concurrency"] == 4
    assert body["url"].startswith("ws://")
