"""The stand-in for people: names for ids, clear refusals, roles given later, the page and its
live feed, and a heartbeat ack that comes a moment later, as Discord's does."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest

from standin.driver import StandInClient, StandInRefusedError
from standin.permissions import MANAGE_GUILD
from tests.standin.conftest import MiniBot

EVENT_WAIT_S = 5.0


async def post(standin: StandInClient, path: str, body: dict[str, Any]) -> tuple[int, Any]:
    async with (
        aiohttp.ClientSession() as session,
        session.post(f"{standin.url}/_standin{path}", json=body) as response,
    ):
        return response.status, await response.json()


async def test_members_channels_and_commands_by_name(start_standin: Any, run_bot: Any) -> None:
    async with start_standin(1, 3) as standin, run_bot():  # one guild: no need to name it
        asked = await standin.command("member-1-1", "#general", "/hello")
        report = await standin.wait_for_response(asked)
        guild = (await standin.state())["guilds"][0]
    assert report["responses"][0]["body"]["data"]["content"] == "Hello"
    alice = next(m["id"] for m in guild["members"] if m["name"] == "member-1-1")
    assert report["user_id"] == alice


async def test_refusals_say_what_is_wrong(standin: StandInClient, bot: MiniBot) -> None:
    status, reply = await post(standin, "/interactions/command", {"command": "hello"})
    assert (status, reply["error"]) == (400, "missing field 'user_id'")
    ambiguous = {"user": "member-1-1", "channel": "general", "command": "hello"}
    status, reply = await post(standin, "/interactions/command", ambiguous)
    assert (status, reply["error"]) == (
        400,
        "2 channels are called 'general': give the guild too, or an id",
    )
    wrong = {"guild": "Server 1", "channel": "general", "command": "hello", "user": "member-1-9"}
    status, reply = await post(standin, "/interactions/command", wrong)
    assert status == 404
    assert reply["error"].startswith("no member called 'member-1-9' in Server 1; did you mean")
    unknown = wrong | {"user": "member-1-1", "command": "/quiz start"}
    status, reply = await post(standin, "/interactions/command", unknown)
    assert status == 409
    assert "no command /quiz is registered" in reply["error"]
    assert "(registered: /hello, /slow" in reply["error"]


async def test_an_existing_member_is_given_a_role(standin: StandInClient) -> None:
    given = await standin.give_role("Server 1", "member-1-2", "Moderator")
    guild = (await standin.state())["guilds"][0]
    moderator = next(r["id"] for r in guild["roles"] if r["name"] == "Moderator")
    member = next(m for m in guild["members"] if m["name"] == "member-1-2")
    assert given["roles"] == [moderator] == member["roles"]
    assert int(member["permissions"]) & MANAGE_GUILD
    with pytest.raises(StandInRefusedError, match="cannot be given"):
        await standin.give_role("Server 1", "member-1-2", "quizbot")  # a managed role


async def test_the_page_is_served_with_its_files(standin: StandInClient) -> None:
    async with aiohttp.ClientSession() as session:
        for path in ("/", "/_standin/"):
            async with session.get(standin.url + path) as response:
                assert response.status == 200
                assert "<title>quizbot playground</title>" in await response.text()
        async with session.get(f"{standin.url}/_standin/web/app.js") as response:
            assert response.headers["Content-Type"] == "text/javascript"
        async with session.get(f"{standin.url}/_standin/web/..%2Fcore.py") as response:
            assert response.status == 404


async def events(standin: StandInClient, user: str) -> AsyncIterator[tuple[str, Any]]:
    """The member's event stream: (event, data) pairs, from the first `ready`."""
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"{standin.url}/_standin/events", params={"user": user}) as response,
    ):
        kind = ""
        async for raw in response.content:
            line = raw.decode().rstrip("\n")
            if line.startswith("event: "):
                kind = line.removeprefix("event: ")
            elif line.startswith("data: "):
                yield kind, json.loads(line.removeprefix("data: "))


async def next_event(stream: AsyncIterator[tuple[str, Any]], kind: str) -> Any:
    async with asyncio.timeout(EVENT_WAIT_S):
        async for seen, data in stream:
            if seen == kind:
                return data
    raise AssertionError(f"the stream ended before {kind}")


async def test_events_reach_only_those_who_may_see_them(
    standin: StandInClient, bot: MiniBot
) -> None:
    guild = (await standin.state())["guilds"][0]
    general = next(c["id"] for c in guild["channels"] if c["name"] == "general")
    alice, bob = events(standin, "member-1-1"), events(standin, "member-1-2")
    await next_event(alice, "ready")
    await next_event(bob, "ready")
    asked = await standin.command("member-1-1", general, "hello")
    posted = await next_event(alice, "message_create")
    assert (posted["content"], posted["invoked"]) == ("Hello", "hello")
    assert (await next_event(bob, "message_create"))["id"] == posted["id"]
    assert (await standin.interaction(asked))["original_message_id"] == posted["id"]
    await standin.click("member-1-1", posted["id"], "yes")
    assert (await next_event(alice, "message_update"))["content"] == "You said yes"
    private = await next_event(alice, "message_create")
    assert (private["content"], private["flags"]) == ("only you see this", 64)
    await standin.command("member-1-2", general, "hello")
    seen_by_bob = await next_event(bob, "message_create")
    assert seen_by_bob["content"] == "Hello"  # Alice's private reply never reached Bob
    await alice.aclose()
    await bob.aclose()


async def get(standin: StandInClient, path: str, **query: str) -> Any:
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"{standin.url}/_standin{path}", params=query) as response,
    ):
        assert response.status == 200, await response.text()
        return await response.json()


async def test_a_members_view_has_their_dm_with_the_bot_and_its_messages_live(
    standin: StandInClient, bot: MiniBot
) -> None:
    """As Discord's list of direct messages: the DM with the bot, its commands, its messages
    (to its member only), whether or not the bot wrote there yet."""
    alice = await get(standin, "/client", user="member-1-1")
    direct = alice["direct"]
    assert direct["id"] == str(await standin.dm_channel(alice["user"]["id"]))
    assert "hello" in {c["name"] for c in direct["commands"]}  # offered in DMs too
    alice_events, bob_events = events(standin, "member-1-1"), events(standin, "member-1-2")
    await next_event(alice_events, "ready")
    await next_event(bob_events, "ready")
    await (await bot.create_dm(discord.Object(int(alice["user"]["id"])))).send("psst")
    arrived = await next_event(alice_events, "message_create")
    assert (arrived["channel_id"], arrived["content"]) == (direct["id"], "psst")
    history = await get(standin, "/client/messages", user="member-1-1", channel=direct["id"])
    assert [m["content"] for m in history] == ["psst"]
    guild = (await standin.state())["guilds"][0]
    general = next(c["id"] for c in guild["channels"] if c["name"] == "general")
    await standin.command("member-1-2", general, "hello")
    assert (await next_event(bob_events, "message_create"))["content"] == "Hello"  # not "psst"
    await alice_events.aclose()
    await bob_events.aclose()


async def test_a_member_hears_that_their_interaction_failed(
    start_standin: Any, run_bot: Any
) -> None:
    async with start_standin(1, 3, interaction_deadline=0.2) as standin, run_bot() as bot:
        stream = events(standin, "member-1-1")
        await next_event(stream, "ready")
        asked = await standin.command("member-1-1", "general", "late")
        failed = await next_event(stream, "interaction_failed")
        bot.release.set()
        assert (failed["id"], failed["failed"], failed["acknowledged"]) == (str(asked), True, False)
        await stream.aclose()


async def test_the_heartbeat_ack_takes_a_moment(start_standin: Any) -> None:
    delay = 0.05
    async with (
        start_standin(1, 1, heartbeat_ack_delay=delay) as standin,
        aiohttp.ClientSession() as session,
        session.ws_connect(standin.url.replace("http", "ws") + "/gateway") as socket,
    ):
        assert (await socket.receive_json())["op"] == 10  # HELLO
        sent = time.monotonic()
        await socket.send_json({"op": 1, "d": None})
        assert (await socket.receive_json(timeout=EVENT_WAIT_S))["op"] == 11
        assert time.monotonic() - sent >= delay


async def test_no_event_stream_for_someone_who_is_not_there(standin: StandInClient) -> None:
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"{standin.url}/_standin/events", params={"user": "nobody"}) as response,
    ):
        assert response.status == 404
        assert "no user called 'nobody'" in (await response.json())["error"]
