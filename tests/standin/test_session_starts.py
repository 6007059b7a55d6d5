"""IDENTIFY as Discord takes it (topics/gateway: "Identifying", "Sharding", "Session Start
Limit"): one per bucket ``shard_id % max_concurrency`` per 5 s, a sooner one answered op 9; a
budget of session starts that RESUME does not spend, told truthfully by GET /gateway/bot; and,
once it runs out, every session closed with 4004 and the token refused, as when Discord resets
it. The stand-in's clock is a test's own here, so nothing waits."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import aiohttp
import discord
import pytest

from bot.app.runtime.discord_url import point_discord_at
from standin.config import Limits, StandInConfig
from standin.driver import StandInClient
from tests.standin.conftest import MiniBot

Json = dict[str, Any]
BOT = {"Authorization": "Bot standin-token"}
DAY_MS = 24 * 3600 * 1000
ANSWER_S = 5.0  # a bound on a frame's coming, never waited out by a passing test


class Ticks:
    """The stand-in's injectable clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@asynccontextmanager
async def scene(ticks: Ticks, **limits: Any) -> AsyncIterator[tuple[StandInClient, Any]]:
    config = StandInConfig(limits=Limits(**limits), clock=ticks)
    async with (
        StandInClient.start(guilds=2, members=1, config=config) as standin,
        aiohttp.ClientSession() as http,
    ):
        yield standin, http


async def identify(http: aiohttp.ClientSession, standin: StandInClient, shard: list[int]) -> Any:
    """A connection that has sent IDENTIFY for ``shard``, and its first answer (a READY
    dispatch, op 9, or the close)."""
    assert standin.core is not None
    socket = await http.ws_connect(standin.core.gateway_url)
    hello = await socket.receive_json()
    assert hello["op"] == 10
    payload = {"op": 2, "d": {"token": "Bot standin-token", "intents": 1, "shard": shard}}
    await socket.send_str(json.dumps(payload))
    return socket, await answer(socket)


async def answer(socket: Any) -> Json:
    message = await socket.receive(timeout=ANSWER_S)
    if message.type is aiohttp.WSMsgType.TEXT:
        return dict(json.loads(message.data))
    return {"closed": socket.close_code}


async def until(socket: Any, event: str) -> Json:
    """The frames the connection gets, read up to ``event`` (or its close)."""
    for _ in range(100):
        frame = await answer(socket)
        if frame.get("t") == event or "closed" in frame:
            return frame
    raise AssertionError(f"no {event} in 100 frames")


async def gateway_bot(http: aiohttp.ClientSession, standin: StandInClient) -> Json:
    async with http.get(f"{standin.url}/api/v10/gateway/bot", headers=BOT) as reply:
        assert reply.status == 200, await reply.text()
        return dict(await reply.json())


async def test_a_bucket_takes_one_identify_per_window_and_a_sooner_one_gets_op_9() -> None:
    ticks = Ticks()
    async with scene(ticks, max_concurrency=2) as (standin, http):
        _, first = await identify(http, standin, [0, 4])
        _, other_bucket = await identify(http, standin, [1, 4])  # 1 % 2: its own bucket
        _, too_early = await identify(http, standin, [2, 4])  # 2 % 2: shard 0's bucket
        ticks.now += 4.999
        _, still_early = await identify(http, standin, [2, 4])
        ticks.now += 0.001  # 5 s after shard 0's
        _, in_time = await identify(http, standin, [2, 4])
        counts = await standin.rate_limits()
        sessions = (await standin.state())["sessions"]
        remaining = (await gateway_bot(http, standin))["session_start_limit"]["remaining"]
    assert [first["t"], other_bucket["t"], in_time["t"]] == ["READY"] * 3
    assert too_early == still_early == {"op": 9, "d": False}
    assert counts["identify_refusals"] == 2
    assert counts["identified"] == 3
    assert sorted(s["shard"][0] for s in sessions) == [0, 1, 2]
    assert remaining == 1000 - 3  # a refused IDENTIFY spends no session start


async def test_gateway_bot_tells_the_session_starts_left_and_a_resume_spends_none() -> None:
    ticks = Ticks()
    async with scene(ticks, session_starts=5, max_concurrency=3) as (standin, http):
        before = (await gateway_bot(http, standin))["session_start_limit"]
        socket, ready = await identify(http, standin, [0, 1])
        ticks.now += 60.0
        spent = (await gateway_bot(http, standin))["session_start_limit"]
        await socket.close()
        again = await http.ws_connect(ready["d"]["resume_gateway_url"])
        await again.receive_json()  # HELLO
        resume = {"token": "Bot standin-token", "session_id": ready["d"]["session_id"], "seq": 1}
        await again.send_str(json.dumps({"op": 6, "d": resume}))
        resumed = await until(again, "RESUMED")
        after_resume = (await gateway_bot(http, standin))["session_start_limit"]
        ticks.now += 24 * 3600.0  # a day after the first start: the budget is whole again
        renewed = (await gateway_bot(http, standin))["session_start_limit"]
    assert before == {"total": 5, "remaining": 5, "reset_after": 0, "max_concurrency": 3}
    assert spent == {
        "total": 5,
        "remaining": 4,
        "reset_after": DAY_MS - 60_000,
        "max_concurrency": 3,
    }
    assert resumed["t"] == "RESUMED"
    assert after_resume["remaining"] == 4
    assert renewed == before


async def test_once_the_session_starts_run_out_every_session_ends_and_the_token_is_refused() -> (
    None
):
    ticks = Ticks()
    async with scene(ticks, session_starts=2, max_concurrency=2) as (standin, http):
        first, _ = await identify(http, standin, [0, 2])
        second, _ = await identify(http, standin, [1, 2])
        assert (await gateway_bot(http, standin))["session_start_limit"]["remaining"] == 0
        ticks.now += 5.0
        _, over = await identify(http, standin, [0, 2])
        ended = [await until(first, "CLOSED"), await until(second, "CLOSED")]
        _, later = await identify(http, standin, [1, 2])
        async with http.get(f"{standin.url}/api/v10/users/@me", headers=BOT) as reply:
            rest_status = reply.status
        counts = await standin.rate_limits()
    assert over == {"closed": 4004}
    assert ended == [{"closed": 4004}, {"closed": 4004}]
    assert later == {"closed": 4004}
    assert rest_status == 401
    assert counts["token_reset"] is True
    assert counts["token_refusals"] == 2
    assert counts["identified"] == 2
    assert counts["invalid_requests"] == 1  # the 401


async def test_discord_py_stops_on_the_4004_of_a_spent_budget() -> None:
    """The unmodified client, identifying once the budget is spent, ends as with a reset token."""
    config = StandInConfig(limits=Limits(session_starts=0))
    async with StandInClient.start(guilds=1, members=1, config=config) as standin:
        point_discord_at(standin.url)
        bot = MiniBot()
        with pytest.raises(discord.ConnectionClosed) as closed:
            await bot.start("standin-token")
        await bot.close()
        counts = await standin.rate_limits()
    assert closed.value.code == 4004
    assert (counts["token_refusals"], counts["identified"]) == (1, 0)
