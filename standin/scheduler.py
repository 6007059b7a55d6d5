"""The guilds' scheduled events: every change to them, and the gateway events it sends.

Changes come from REST (the bot), from the control API (members pressing "Interested", a person
creating an event) and from time passing (`tick`: the stand-in's clock moved, or real time went
by). Each is sent to the guild's shard as Discord sends it, to a session whose intents include
GUILD_SCHEDULED_EVENTS (1 << 16, not privileged).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from standin import errors, event_exceptions, event_rules, event_timeline
from standin.clock import Clock
from standin.errors import RefusedError
from standin.gateway import Gateway
from standin.model import Guild, Json, User
from standin.scheduled_events import (
    COMPLETED,
    EventException,
    ScheduledEvent,
    interest_payload,
)
from standin.world import World

_log = logging.getLogger(__name__)

GUILD_SCHEDULED_EVENTS = 1 << 16
UNKNOWN_EVENT = 10070
TICK_S = 1.0  # how often real time passing is looked at (a moved clock is looked at at once)
MAX_STEPS = 10  # changes to one event in one tick (a moved clock may pass several)


class Scheduler:
    def __init__(self, world: World, gateway: Gateway, clock: Clock) -> None:
        self._world = world
        self._gateway = gateway
        self._clock = clock
        # Told of every change, with the gateway event's name and the guild (the page's feed).
        self.watchers: list[Callable[[str, int], None]] = []

    def events_of(self, guild_id: int) -> list[ScheduledEvent]:
        found = [e for e in self._world.scheduled_events.values() if e.guild_id == guild_id]
        return sorted(found, key=lambda e: e.id)

    def event(self, guild_id: int, event_id: int) -> ScheduledEvent:
        event = self._world.scheduled_events.get(event_id)
        if event is None or event.guild_id != guild_id:
            raise errors.unknown("Guild Scheduled Event", UNKNOWN_EVENT)
        return event

    async def create(self, guild: Guild, author: User, body: Json) -> ScheduledEvent:
        event_rules.check_can_create(guild, self._world.member(guild.id, author.id))
        event_rules.check_room(self.events_of(guild.id))
        event = event_rules.created(
            body,
            event_id=self._world.ids.next(),
            guild_id=guild.id,
            creator=author,
            now=self._clock.now(),
        )
        self._world.scheduled_events[event.id] = event
        await self._send("GUILD_SCHEDULED_EVENT_CREATE", event.payload(), guild.id)
        return event

    async def modify(
        self, guild: Guild, event: ScheduledEvent, author: User, body: Json
    ) -> ScheduledEvent:
        self._check_manage(guild, event, author)
        event_rules.check_unfinished(event)
        now = self._clock.now()
        draft = event_rules.patched(event, body, now)
        status = body.get("status")
        if status is not None:
            event_rules.check_transition(event, status)
            if status == COMPLETED and status != event.status:
                event_timeline.complete(draft, now)  # a recurring event moves on
            else:
                draft.status = status
        self._world.scheduled_events[event.id] = draft
        await self._updated(draft)
        return draft

    async def delete(self, guild: Guild, event: ScheduledEvent, author: User) -> None:
        self._check_manage(guild, event, author)
        del self._world.scheduled_events[event.id]
        await self._send("GUILD_SCHEDULED_EVENT_DELETE", event.payload(), guild.id)

    async def set_interest(self, event: ScheduledEvent, user_id: int, *, interested: bool) -> None:
        """A member presses "Interested" (or presses it again, to take it back)."""
        self._world.member(event.guild_id, user_id)
        if event.finished:
            raise RefusedError(f"event {event.id} is over: its page offers no Interested button")
        if (user_id in event.interested) == interested:
            state = "already" if interested else "not"
            raise RefusedError(f"user {user_id} is {state} interested in event {event.id}")
        kind = "ADD" if interested else "REMOVE"
        (event.interested.add if interested else event.interested.discard)(user_id)
        await self._send(
            f"GUILD_SCHEDULED_EVENT_USER_{kind}", interest_payload(event, user_id), event.guild_id
        )

    async def put_exception(
        self, guild: Guild, event: ScheduledEvent, author: User, body: Json
    ) -> EventException:
        """Create the exception for an occurrence, or replace the one it has."""
        self._check_manage(guild, event, author)
        event_rules.check_unfinished(event)
        exception = event_exceptions.created(event, body, self._clock.now())
        kind = "UPDATE" if exception.id in event.exceptions else "CREATE"
        event.exceptions[exception.id] = exception
        await self._exception_changed(kind, exception, guild.id)
        return exception

    async def patch_exception(
        self, guild: Guild, event: ScheduledEvent, author: User, exception_id: int, body: Json
    ) -> EventException:
        self._check_manage(guild, event, author)
        event_rules.check_unfinished(event)
        found = event_exceptions.find(event, exception_id)
        exception = event_exceptions.patched(found, body, self._clock.now())
        event.exceptions[exception.id] = exception
        await self._exception_changed("UPDATE", exception, guild.id)
        return exception

    async def delete_exception(
        self, guild: Guild, event: ScheduledEvent, author: User, exception_id: int
    ) -> None:
        self._check_manage(guild, event, author)
        exception = event_exceptions.find(event, exception_id)
        del event.exceptions[exception.id]
        await self._exception_changed("DELETE", exception, guild.id)

    async def tick(self) -> None:
        """Apply what the time passed since the last tick does to every event."""
        now = self._clock.now()
        for event in list(self._world.scheduled_events.values()):
            for _ in range(MAX_STEPS):
                if not event_timeline.step(event, now):
                    break
                await self._updated(event)

    async def run(self) -> None:
        """Tick every `TICK_S` seconds until cancelled (the server runs this while it serves)."""
        while True:
            await asyncio.sleep(TICK_S)
            try:
                await self.tick()
            except Exception:  # noqa: BLE001  (one bad tick must not stop the next)
                _log.exception("the scheduled events' tick failed")

    def _check_manage(self, guild: Guild, event: ScheduledEvent, author: User) -> None:
        event_rules.check_can_manage(guild, self._world.member(guild.id, author.id), event)

    async def _updated(self, event: ScheduledEvent) -> None:
        await self._send("GUILD_SCHEDULED_EVENT_UPDATE", event.payload(), event.guild_id)

    async def _exception_changed(self, kind: str, exception: EventException, guild_id: int) -> None:
        # Discord does not document these events' fields; the exception and its guild, here.
        data = {**exception.payload(), "guild_id": str(guild_id)}
        await self._send(f"GUILD_SCHEDULED_EVENT_EXCEPTION_{kind}", data, guild_id)

    async def _send(self, name: str, data: Json, guild_id: int) -> None:
        for watcher in self.watchers:
            watcher(name, guild_id)
        await self._gateway.dispatch(name, data, guild_id, intent=GUILD_SCHEDULED_EVENTS)
