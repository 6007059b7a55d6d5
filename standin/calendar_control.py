"""The control API for time and the guilds' scheduled events: move the clock, list a guild's
events with who is interested, and act as a member in the client (create an event, press
"Interested" or take it back)."""

from __future__ import annotations

from standin import event_timeline, timestamps
from standin.clock import parse_moment
from standin.control import ControlCall, action
from standin.errors import RefusedError
from standin.model import Json
from standin.scheduled_events import ScheduledEvent


@action("GET", "/clock")
async def clock(call: ControlCall) -> object:
    return call.core.clock.state()


@action("POST", "/clock")
async def move_clock(call: ControlCall) -> object:
    """``{"advance_s": N}`` (N >= 0) or ``{"to": "2030-01-07T19:00:00+02:00"}`` (not earlier than
    now); what the new now brings about (events starting, ending) happens before the answer."""
    given = [key for key in ("advance_s", "to") if key in call.body]
    if len(given) != 1:
        raise RefusedError("give either advance_s (seconds, 0 or more) or to (ISO 8601)", 400)
    if given == ["to"]:
        call.core.clock.set(parse_moment(call.body["to"], "to"))
    else:
        seconds = call.body["advance_s"]
        if isinstance(seconds, bool) or not isinstance(seconds, int | float):
            raise RefusedError(f"advance_s must be a number of seconds, not {seconds!r}", 400)
        call.core.clock.advance(float(seconds))
    await call.core.scheduler.tick()
    return call.core.clock.state()


@action("GET", "/scheduled-events")
async def scheduled_events(call: ControlCall) -> object:
    """The guild's events as the bot gets them (with ``user_count``), each with ``users``: the
    members interested, by id and name, in id order; and ``occurrence``, the ``start`` and
    ``end`` a member's client shows (exceptions applied; null once a series has none left)."""
    await call.core.scheduler.tick()
    guild = call.core.world.guild(int(call.body["guild_id"]))
    return [_listed(call, event) for event in call.core.scheduler.events_of(guild.id)]


@action("POST", "/scheduled-events")
async def create_scheduled_event(call: ControlCall) -> object:
    """A member creates an event in the client: ``event`` is Create Guild Scheduled Event's body,
    ``user_id`` the creator (who needs Create Events), ``guild_id`` the guild."""
    await call.core.scheduler.tick()
    guild = call.core.world.guild(int(call.body["guild_id"]))
    author = call.core.world.user(int(call.body["user_id"]))
    body = call.body["event"]
    if not isinstance(body, dict):
        raise RefusedError("event must be a JSON object: Create Guild Scheduled Event's body", 400)
    _check_spec(call, body)
    event = await call.core.scheduler.create(guild, author, body)
    return event.payload(user_count=True)


@action("POST", "/scheduled-events/{event_id}/interested")
async def interested(call: ControlCall) -> object:
    """The member presses "Interested": GUILD_SCHEDULED_EVENT_USER_ADD."""
    return await _set_interest(call, interested=True)


@action("DELETE", "/scheduled-events/{event_id}/interested")
async def uninterested(call: ControlCall) -> object:
    """The member presses it again: GUILD_SCHEDULED_EVENT_USER_REMOVE."""
    return await _set_interest(call, interested=False)


async def _set_interest(call: ControlCall, *, interested: bool) -> Json:
    await call.core.scheduler.tick()
    event = _event(call)
    user_id = int(call.body["user_id"])
    await call.core.scheduler.set_interest(event, user_id, interested=interested)
    return _listed(call, event)


def _event(call: ControlCall) -> ScheduledEvent:
    event_id = call.id("event_id")
    event = call.core.world.scheduled_events.get(event_id)
    if event is None:
        raise RefusedError(f"no scheduled event {event_id}", 404)
    return event


def _listed(call: ControlCall, event: ScheduledEvent) -> Json:
    world = call.core.world
    users = [{"id": str(i), "name": world.user(i).username} for i in sorted(event.interested)]
    shown = event_timeline.shown(event, call.core.clock.now())
    occurrence = None
    if shown is not None:
        occurrence = {"start": timestamps.written(shown[0]), "end": timestamps.written(shown[1])}
    return {**event.payload(user_count=True), "users": users, "occurrence": occurrence}


def _check_spec(call: ControlCall, body: Json) -> None:
    """What a client sends is held to the spec too, so a test's event is one Discord would take."""
    spec = call.core.spec
    template = "/guilds/{guild_id}/scheduled-events"
    errors = None if spec is None else spec.check("POST", template, body)
    if errors is not None:
        raise RefusedError(f"the event is not valid by the OpenAPI spec: {errors}", 400)
