"""Scheduled events through the unmodified discord.py client: its own calls, and the gateway
events it hears (GUILD_SCHEDULED_EVENT_* with the GUILD_SCHEDULED_EVENTS intent only)."""

from __future__ import annotations

import asyncio
import datetime as dt
from typing import Any

import discord
import pytest

from standin.driver import StandInClient
from tests.standin.scheduling import Rest, connected, external

WAIT_S = 5.0
HOUR = dt.timedelta(hours=1)


class Watcher(discord.Client):
    """Records what discord.py dispatches, and every raw gateway event's name."""

    def __init__(self, intents: discord.Intents) -> None:
        super().__init__(intents=intents, guild_ready_timeout=0.05, enable_debug_events=True)
        self.heard: list[tuple[str, Any]] = []
        self.raw: list[str] = []
        self.changed = asyncio.Event()

    def _hear(self, kind: str, detail: object) -> None:
        self.heard.append((kind, detail))
        self.changed.set()

    async def on_scheduled_event_create(self, event: discord.ScheduledEvent) -> None:
        self._hear("create", event)

    async def on_scheduled_event_update(
        self, _: discord.ScheduledEvent, after: discord.ScheduledEvent
    ) -> None:
        self._hear("update", after)

    async def on_scheduled_event_delete(self, event: discord.ScheduledEvent) -> None:
        self._hear("delete", event)

    async def on_scheduled_event_user_add(
        self, event: discord.ScheduledEvent, user: discord.User
    ) -> None:
        self._hear("user_add", (event.id, user.id))

    async def on_scheduled_event_user_remove(
        self, event: discord.ScheduledEvent, user: discord.User
    ) -> None:
        self._hear("user_remove", (event.id, user.id))

    async def on_guild_role_create(self, role: discord.Role) -> None:
        self._hear("role", role.name)

    async def on_socket_event_type(self, event_type: str) -> None:
        self.raw.append(event_type)

    async def next(self, kind: str) -> Any:
        """The next thing of `kind` heard (waiting for it), taken off the list."""
        async with asyncio.timeout(WAIT_S):
            while True:
                for index, (heard, detail) in enumerate(self.heard):
                    if heard == kind:
                        del self.heard[index]
                        return detail
                self.changed.clear()
                await self.changed.wait()


def default() -> discord.Intents:
    return discord.Intents.default()


async def test_discord_py_creates_edits_starts_ends_and_deletes_and_hears_each(
    standin: StandInClient,
) -> None:
    async with connected(Watcher(default())) as bot:
        assert isinstance(bot, Watcher)
        guild = bot.guilds[0]
        start = discord.utils.utcnow() + HOUR
        event = await guild.create_scheduled_event(
            name="Quiz night",
            start_time=start,
            end_time=start + HOUR,
            entity_type=discord.EntityType.external,
            privacy_level=discord.PrivacyLevel.guild_only,
            location="#quiz",
        )
        created = await bot.next("create")
        assert (created.id, created.location, created.creator_id) == (
            event.id,
            "#quiz",
            bot.user.id,
        )  # type: ignore[union-attr]
        await event.edit(name="Quiz night: attention", description="Ten questions")
        assert (await bot.next("update")).name == "Quiz night: attention"
        started = await event.start()  # discord.py checks the status of the object it is given
        assert (await bot.next("update")).status is discord.EventStatus.active
        await started.end()
        assert (await bot.next("update")).status is discord.EventStatus.completed
        await event.delete()
        assert (await bot.next("delete")).id == event.id
        assert guild.get_scheduled_event(event.id) is None
    assert await standin.openapi_failures() == []


async def test_discord_pys_call_without_entity_type_is_refused_as_discord_would(
    standin: StandInClient,
) -> None:
    async with connected(Watcher(default())) as bot:
        start = discord.utils.utcnow() + HOUR
        with pytest.raises(discord.HTTPException) as refused:
            await bot.guilds[0].create_scheduled_event(  # discord.py then sends neither field
                name="Quiz night", start_time=start, end_time=start + HOUR, location="#quiz"
            )
    assert (refused.value.status, refused.value.code) == (400, 50035)
    [failure] = await standin.openapi_failures()
    assert set(failure["errors"]) == {"entity_type", "privacy_level"}


async def test_interest_reaches_the_bot_and_its_users_list(
    standin: StandInClient, place: dict[str, Any]
) -> None:
    owner = place["guild"]["owner_id"]
    intents = default()
    intents.members = True  # discord.py dispatches a user it has cached only
    async with connected(Watcher(intents)) as bot:
        assert isinstance(bot, Watcher)
        made = await standin.create_scheduled_event(owner, place["guild"]["id"], external())
        event = await bot.next("create")
        await standin.interested(place["alice"], made["id"])
        assert await bot.next("user_add") == (event.id, int(place["alice"]))
        await standin.interested(place["bob"], made["id"])
        await bot.next("user_add")
        await standin.uninterested(place["alice"], made["id"])
        assert await bot.next("user_remove") == (event.id, int(place["alice"]))
        fetched = await bot.guilds[0].fetch_scheduled_event(event.id)
        assert fetched.user_count == 1
        assert [u.id async for u in fetched.users()] == [int(place["bob"])]


async def test_a_bot_with_default_intents_is_sent_the_interest_too(
    standin: StandInClient, place: dict[str, Any]
) -> None:
    async with connected(Watcher(default())) as bot:
        assert isinstance(bot, Watcher)
        made = await standin.create_scheduled_event(
            place["guild"]["owner_id"], place["guild"]["id"], external()
        )
        await bot.next("create")
        await standin.interested(place["alice"], made["id"])
        await standin.add_role(place["guild"]["id"], "after")  # a marker sent after it
        await bot.next("role")
    # It came, and discord.py dropped it: without the members intent the user is not in its cache.
    assert "GUILD_SCHEDULED_EVENT_USER_ADD" in bot.raw
    assert not [kind for kind, _ in bot.heard if kind == "user_add"]


async def test_a_bot_without_the_intent_hears_no_scheduled_events(
    standin: StandInClient, place: dict[str, Any]
) -> None:
    intents = default()
    intents.guild_scheduled_events = False
    async with connected(Watcher(intents)) as bot:
        assert isinstance(bot, Watcher)
        made = await standin.create_scheduled_event(
            place["guild"]["owner_id"], place["guild"]["id"], external()
        )
        await standin.interested(place["alice"], made["id"])
        await standin.add_role(place["guild"]["id"], "after")
        await bot.next("role")
    assert not [name for name in bot.raw if name.startswith("GUILD_SCHEDULED_EVENT")]


async def test_a_guilds_events_come_with_guild_create(
    standin: StandInClient, place: dict[str, Any]
) -> None:
    made = await standin.create_scheduled_event(
        place["guild"]["owner_id"], place["guild"]["id"], external(name="Before you came")
    )
    async with connected(Watcher(default())) as bot:
        guild = bot.get_guild(int(place["guild"]["id"]))
        assert guild is not None
        [event] = guild.scheduled_events
    assert (event.id, event.name, event.status) == (
        int(made["id"]),
        "Before you came",
        discord.EventStatus.scheduled,
    )


async def test_the_bot_hears_a_recurring_event_move_on_and_the_clock_start_it(
    standin: StandInClient, rest: Rest, place: dict[str, Any]
) -> None:
    body = external()
    start = dt.datetime.fromisoformat(body["scheduled_start_time"])
    body["recurrence_rule"] = {"start": start.isoformat(), "frequency": 3}  # daily
    async with connected(Watcher(default())) as bot:
        assert isinstance(bot, Watcher)
        _, made = await rest.call("POST", f"/guilds/{place['guild']['id']}/scheduled-events", body)
        await bot.next("create")
        await standin.set_clock(start)
        assert (await bot.next("update")).status is discord.EventStatus.active
        path = f"/guilds/{place['guild']['id']}/scheduled-events/{made['id']}"
        await rest.call("PATCH", path, {"status": 3})
        moved = await bot.next("update")
    assert moved.status is discord.EventStatus.scheduled
    assert moved.start_time == start + dt.timedelta(days=1)


async def test_the_bot_hears_its_permissions_change(
    standin: StandInClient, place: dict[str, Any]
) -> None:
    async with connected(Watcher(default())) as bot:
        guild = bot.get_guild(int(place["guild"]["id"]))
        assert guild is not None
        assert guild.me.guild_permissions.manage_events
        await standin.set_role_permissions(place["guild"]["id"], "quizbot", 1 << 10)  # View only
        await standin.wait_for(lambda: not guild.me.guild_permissions.manage_events, WAIT_S)
        assert not guild.me.guild_permissions.create_events
        assert guild.me.guild_permissions.view_channel


async def test_exceptions_reach_the_gateway(
    standin: StandInClient, rest: Rest, place: dict[str, Any]
) -> None:
    body = external()
    start = body["scheduled_start_time"]
    body["recurrence_rule"] = {"start": start, "frequency": 3}
    async with connected(Watcher(default())) as bot:
        assert isinstance(bot, Watcher)
        events_path = f"/guilds/{place['guild']['id']}/scheduled-events"
        _, made = await rest.call("POST", events_path, body)
        skip = {"original_scheduled_start_time": start, "is_canceled": True}
        await rest.call("POST", f"{events_path}/{made['id']}/exceptions", skip)
        await standin.add_role(place["guild"]["id"], "after")
        await bot.next("role")
    assert "GUILD_SCHEDULED_EVENT_EXCEPTION_CREATE" in bot.raw
