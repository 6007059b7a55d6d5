"""What the page's events panel and clock read: the live feed's `scheduled_event` (to a server's
members only) and `clock` events, and the occurrence each listed event shows (exceptions
applied), as a Discord client shows it."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp

from standin.driver import StandInClient
from tests.standin.scheduling import Json, Rest, external

FEED_WAIT_S = 5.0
WEEK = dt.timedelta(days=7)


async def feed(standin: StandInClient, user: str) -> AsyncIterator[tuple[str, Any]]:
    """The member's live feed, (kind, data) in the order sent."""
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


async def next_of(stream: AsyncIterator[tuple[str, Any]]) -> tuple[str, Any]:
    async with asyncio.timeout(FEED_WAIT_S):
        return await anext(stream)


async def test_a_servers_members_hear_of_its_events_and_everyone_of_the_clock(
    standin: StandInClient, rest: Rest
) -> None:
    guild = (await standin.state())["guilds"][0]
    here, elsewhere = feed(standin, "member-1-1"), feed(standin, "member-2-1")
    assert (await next_of(here))[0] == (await next_of(elsewhere))[0] == "ready"
    status, event = await rest.call("POST", f"/guilds/{guild['id']}/scheduled-events", external())
    assert status == 200, event
    created = {"guild_id": guild["id"], "change": "GUILD_SCHEDULED_EVENT_CREATE"}
    assert await next_of(here) == ("scheduled_event", created)
    await standin.interested("member-1-2", event["id"])
    interest = {"guild_id": guild["id"], "change": "GUILD_SCHEDULED_EVENT_USER_ADD"}
    assert await next_of(here) == ("scheduled_event", interest)
    moved = await standin.advance_clock(90 * 60)  # the event starts: its update follows
    kind, clock = await next_of(here)
    assert (kind, clock["offset_s"], moved["offset_s"]) == ("clock", 90 * 60, 90 * 60)
    started = {"guild_id": guild["id"], "change": "GUILD_SCHEDULED_EVENT_UPDATE"}
    assert await next_of(here) == ("scheduled_event", started)
    # The other server's member heard the clock, and nothing of this server's event before it.
    kind, clock = await next_of(elsewhere)
    assert (kind, clock["offset_s"]) == ("clock", 90 * 60)
    await here.aclose()
    await elsewhere.aclose()


async def weekly(rest: Rest, guild: Json) -> tuple[str, dt.datetime]:
    """A weekly event of an hour, its first occurrence an hour from now: (path, first start)."""
    body = external(start_h=1.0, end_h=2.0)
    start = dt.datetime.fromisoformat(body["scheduled_start_time"])
    body["recurrence_rule"] = {
        "start": body["scheduled_start_time"],
        "frequency": 2,  # WEEKLY
        "interval": 1,
        "by_weekday": [start.weekday()],
    }
    status, event = await rest.call("POST", f"/guilds/{guild['id']}/scheduled-events", body)
    assert status == 200, event
    return f"/guilds/{guild['id']}/scheduled-events/{event['id']}", start


def shown(listed: Json) -> tuple[dt.datetime, dt.datetime]:
    occurrence = listed["occurrence"]
    return dt.datetime.fromisoformat(occurrence["start"]), dt.datetime.fromisoformat(
        occurrence["end"]
    )


async def test_a_listed_event_shows_the_occurrence_its_exceptions_leave(
    standin: StandInClient, rest: Rest
) -> None:
    guild = (await standin.state())["guilds"][0]
    path, first = await weekly(rest, guild)
    hour = dt.timedelta(hours=1)
    [listed] = await standin.scheduled_events(guild["id"])
    assert shown(listed) == (first, first + hour)
    later = first + dt.timedelta(minutes=30)
    move = {
        "original_scheduled_start_time": first.isoformat(),
        "scheduled_start_time": later.isoformat(),
    }
    assert (await rest.call("POST", f"{path}/exceptions", move))[0] == 200
    [listed] = await standin.scheduled_events(guild["id"])
    assert shown(listed) == (later, later + hour)  # moved, the same length
    skip = {"original_scheduled_start_time": first.isoformat(), "is_canceled": True}
    assert (await rest.call("POST", f"{path}/exceptions", skip))[0] == 200  # replaces the move
    moved_next = {
        "original_scheduled_start_time": (first + WEEK).isoformat(),
        "scheduled_start_time": (first + WEEK + hour).isoformat(),
    }
    assert (await rest.call("POST", f"{path}/exceptions", moved_next))[0] == 200
    [listed] = await standin.scheduled_events(guild["id"])
    assert dt.datetime.fromisoformat(listed["scheduled_start_time"]) == first  # as Discord sends
    assert shown(listed) == (first + WEEK + hour, first + WEEK + 2 * hour)  # what a client shows
