"""Deadlines, gateway drops, 429s, rate limits and shards, through the unmodified client."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp

from standin.driver import StandInClient


async def test_late_initial_response_gets_10062(start_standin: Any, run_bot: Any) -> None:
    async with start_standin(1, 3, interaction_deadline=0.1) as quick:
        guild = (await quick.state())["guilds"][0]
        member = next(m["id"] for m in guild["members"] if m["name"].startswith("member-"))
        async with run_bot() as bot:
            interaction_id = await quick.command(member, guild["channels"][0]["id"], "late")
            await quick.wait_for(lambda: _failed(quick, interaction_id))
            bot.release.set()
            await quick.wait_for(lambda: bot.errors)
    assert [(e.status, e.code) for e in bot.errors] == [(404, 10062)]


async def _failed(standin: StandInClient, interaction_id: int) -> bool:
    return bool((await standin.interaction(interaction_id))["failed"])


async def test_dropped_connection_resumes_without_losing_an_interaction(
    standin: StandInClient, bot: Any, place: dict[str, Any]
) -> None:
    assert await standin.drop_gateway() == 1
    interaction_id = await standin.command(place["alice"], place["channel"], "hello")
    report = await standin.wait_for_response(interaction_id)
    await asyncio.wait_for(bot.resumed.wait(), 5)
    assert report["acknowledged"]
    assert not report["failed"]
    [session] = (await standin.state())["sessions"]  # resumed, not identified again
    assert session["connected"]


async def test_injected_429_is_retried_by_discord_py(
    standin: StandInClient, bot: Any, place: dict[str, Any]
) -> None:
    await standin.inject_fault("POST /channels/{channel_id}/messages", status=429, retry_after=0.01)
    interaction_id = await standin.command(place["alice"], place["channel"], "post")
    await standin.wait_for(lambda: _with_followup(standin, interaction_id))
    posts = [
        r["status"]
        for r in await standin.request_log()
        if r["route"] == "/channels/{channel_id}/messages"
    ]
    assert posts == [429, 200]
    assert await standin.rate_limited_count() == 1
    assert await standin.earned_rate_limits() == 0  # it was injected, not earned
    contents = [m["content"] for m in await standin.messages(place["channel"], place["alice"])]
    assert "post 1" in contents


async def _with_followup(standin: StandInClient, interaction_id: int) -> bool:
    return len((await standin.interaction(interaction_id))["responses"]) >= 2


async def test_discord_py_keeps_within_the_channel_limit(start_standin: Any, run_bot: Any) -> None:
    async with start_standin(1, 2, message_window=0.3) as quick:
        guild = (await quick.state())["guilds"][0]
        member = next(m["id"] for m in guild["members"] if m["name"].startswith("member-"))
        async with run_bot():
            interaction_id = await quick.command(
                member, guild["channels"][0]["id"], "post", count=7
            )
            await quick.wait_for(lambda: _with_followup(quick, interaction_id))
        assert await quick.rate_limited_count() == 0
        posted = await quick.messages(guild["channels"][0]["id"], member)
        assert sum(m["content"].startswith("post ") for m in posted) == 7


async def test_sixth_message_in_a_window_gets_429_with_discord_headers(
    standin: StandInClient, place: dict[str, Any]
) -> None:
    url = f"{standin.url}/api/v10/channels/{place['channel']}/messages"
    headers = {"Authorization": "Bot x", "Content-Type": "application/json"}
    async with aiohttp.ClientSession(headers=headers) as session:
        for number in range(6):
            async with session.post(url, data=f'{{"content": "m{number}"}}') as response:
                status, reply, got = response.status, await response.json(), response.headers
    assert status == 429
    assert reply["global"] is False
    assert 0 < reply["retry_after"] <= 5
    assert got["Via"]
    assert got["X-RateLimit-Limit"] == "5"
    assert got["X-RateLimit-Remaining"] == "0"
    assert got["X-RateLimit-Scope"] == "user"
    assert got["Content-Type"] == "application/json"
    assert await standin.rate_limited_count() == 1
    assert await standin.earned_rate_limits() == 1


async def test_two_shards_split_the_guilds(start_standin: Any, run_bot: Any) -> None:
    async with start_standin(4, 1, max_concurrency=2) as standin:  # a bucket per shard
        async with (
            run_bot(shard_id=0, shard_count=2) as first,
            run_bot(shard_id=1, shard_count=2) as second,
        ):
            ids = [{g.id for g in bot.guilds} for bot in (first, second)]
        state = await standin.state()
    assert ids[0].isdisjoint(ids[1])
    assert ids[0] | ids[1] == {int(g["id"]) for g in state["guilds"]}
    assert all(len(shard) == 2 for shard in ids)
    assert all((guild >> 22) % 2 == shard for shard, found in enumerate(ids) for guild in found)
