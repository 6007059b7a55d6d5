"""What changes in the stand-in, pushed to people as server-sent events (the page's live feed).

`GET /_standin/events?user=NAME_OR_ID` streams, as that member sees them: messages created,
edited and deleted (ephemeral ones only to their member), that member's interactions that failed
(no answer in 3 s: "This interaction failed"), `world` when guilds, channels, roles or members
changed, `scheduled_event` when an event of one of that member's servers changed (its name, times,
status or who is interested: `guild_id` and `change`, the gateway event's name) and `clock` when
the stand-in's clock moved (`now`, `offset_s`). Each event's data is JSON.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from aiohttp import web

from standin.model import Json, Message
from standin.world import World

KEEPALIVE_S = 15.0  # a comment line now and then, so a closed page's stream is noticed
FAILED_MARGIN_S = 0.02  # checked just past the deadline


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    message: Message | None = None
    data: Json | None = None
    for_user: int | None = None  # only this member hears it
    for_guild: int | None = None  # only this server's members hear it


class EventBus:
    def __init__(self) -> None:
        self._queues: set[asyncio.Queue[Event | None]] = set()

    def publish(self, event: Event) -> None:
        for queue in self._queues:
            queue.put_nowait(event)

    def world_changed(self, kind: str, message: Message | None) -> None:
        """The world's watcher: every message change and world change becomes an event."""
        self.publish(Event(kind, message))

    def scheduled_event_changed(self, change: str, guild_id: int) -> None:
        """The scheduler's watcher: the page reads the guild's events again."""
        data = {"guild_id": str(guild_id), "change": change}
        self.publish(Event("scheduled_event", data=data, for_guild=guild_id))

    def clock_moved(self, state: Json) -> None:
        self.publish(Event("clock", data=state))

    @contextlib.contextmanager
    def subscribe(self) -> Iterator[asyncio.Queue[Event | None]]:
        queue: asyncio.Queue[Event | None] = asyncio.Queue()
        self._queues.add(queue)
        try:
            yield queue
        finally:
            self._queues.discard(queue)

    def close(self) -> None:
        """Ends every stream (the server is stopping)."""
        for queue in self._queues:
            queue.put_nowait(None)

    def watch_deadline(
        self, failed: Callable[[], bool], after: float, report: Callable[[], Json], user_id: int
    ) -> None:
        """Tell `user_id` if the interaction has failed once `after` seconds have passed."""

        def check() -> None:
            if failed():
                self.publish(Event("interaction_failed", data=report(), for_user=user_id))

        asyncio.get_running_loop().call_later(after + FAILED_MARGIN_S, check)


def client_message(message: Message) -> Json:
    """A message as Discord sends it, plus `invoked` ("quiz start") for a command's response."""
    return {**message.payload(), "invoked": message.invoked}


def for_viewer(world: World, event: Event, viewer: int) -> Json | None:
    """The event's data as `viewer` may see it, or None when it is not for them."""
    if event.for_user is not None and event.for_user != viewer:
        return None
    if event.for_guild is not None:
        guild = world.guilds.get(event.for_guild)
        if guild is None or viewer not in guild.members:
            return None
    message = event.message
    if message is None:
        return event.data or {}
    if event.kind == "message_delete":
        return {"id": str(message.id), "channel_id": str(message.channel_id)}
    if message.channel_id not in world.channels or not world.can_see(viewer, message):
        return None
    return client_message(message)


def _frame(kind: str, data: Json) -> bytes:
    return f"event: {kind}\ndata: {json.dumps(data)}\n\n".encode()


async def stream(
    request: web.Request, bus: EventBus, world: World, viewer: int
) -> web.StreamResponse:
    response = web.StreamResponse(
        headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store"}
    )
    await response.prepare(request)
    with bus.subscribe() as queue, contextlib.suppress(ConnectionError):
        await response.write(_frame("ready", {"user_id": str(viewer)}))
        while True:
            try:
                event = await asyncio.wait_for(queue.get(), KEEPALIVE_S)
            except TimeoutError:
                await response.write(b": keepalive\n\n")
                continue
            if event is None:
                break
            data = for_viewer(world, event, viewer)
            if data is not None:
                await response.write(_frame(event.kind, data))
    return response
