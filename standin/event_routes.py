"""Discord's REST routes for guild scheduled events, their users and their exceptions.

Each route first lets the scheduler catch up with the clock, so what it answers is what Discord
would show at the stand-in's now. The rules are in standin/event_rules.py.
"""

from __future__ import annotations

from standin.errors import field_error
from standin.model import Guild
from standin.rest import NO_CONTENT, Call, route
from standin.scheduled_events import ScheduledEvent, user_payload

_EVENTS = "/guilds/{guild_id}/scheduled-events"
_EVENT = _EVENTS + "/{guild_scheduled_event_id}"
MAX_USERS = 100  # a page of GET .../users


async def _guild(call: Call) -> Guild:
    await call.core.scheduler.tick()
    return call.core.world.guild(call.id("guild_id"))


async def _event(call: Call) -> tuple[Guild, ScheduledEvent]:
    guild = await _guild(call)
    return guild, call.core.scheduler.event(guild.id, call.id("guild_scheduled_event_id"))


@route("GET", _EVENTS)
async def list_events(call: Call) -> object:
    guild = await _guild(call)
    counted = call.flag("with_user_count")
    return [e.payload(user_count=counted) for e in call.core.scheduler.events_of(guild.id)]


@route("POST", _EVENTS)
async def create_event(call: Call) -> object:
    guild = await _guild(call)
    event = await call.core.scheduler.create(guild, call.core.world.bot, call.body or {})
    return event.payload()


@route("GET", _EVENT)
async def get_event(call: Call) -> object:
    _, event = await _event(call)
    return event.payload(user_count=call.flag("with_user_count"))


@route("PATCH", _EVENT)
async def modify_event(call: Call) -> object:
    guild, event = await _event(call)
    changed = await call.core.scheduler.modify(guild, event, call.core.world.bot, call.body or {})
    return changed.payload()


@route("DELETE", _EVENT)
async def delete_event(call: Call) -> object:
    guild, event = await _event(call)
    await call.core.scheduler.delete(guild, event, call.core.world.bot)
    return NO_CONTENT


@route("GET", _EVENT + "/users")
async def event_users(call: Call) -> object:
    """Interested users in ascending id order: ``after`` an id, or the last ``limit`` ``before``
    one (``before`` wins when both are given), with ``member`` when ``with_member`` is set."""
    guild, event = await _event(call)
    limit = _limit(call.query.get("limit"))
    ids = sorted(event.interested)
    if "before" in call.query:
        before = _snowflake(call.query["before"], "before")
        ids = [i for i in ids if i < before][-limit:]
    else:
        after = _snowflake(call.query["after"], "after") if "after" in call.query else 0
        ids = [i for i in ids if i > after][:limit]
    world = call.core.world
    with_member = call.flag("with_member")
    return [
        user_payload(event, world.user(i), guild.members.get(i) if with_member else None)
        for i in ids
    ]


@route("GET", _EVENT + "/users/counts")
async def event_user_counts(call: Call) -> object:
    """The stand-in records interest in the whole series only: each exception counts 0."""
    _, event = await _event(call)
    asked = call.query.getall("guild_scheduled_event_exception_ids", [])
    return {
        "guild_scheduled_event_count": len(event.interested),
        "guild_scheduled_event_exception_counts": {
            str(_snowflake(i, "guild_scheduled_event_exception_ids")): 0 for i in asked
        },
    }


@route("POST", _EVENT + "/exceptions")
async def create_exception(call: Call) -> object:
    guild, event = await _event(call)
    scheduler, bot = call.core.scheduler, call.core.world.bot
    return (await scheduler.put_exception(guild, event, bot, call.body or {})).payload()


@route("PATCH", _EVENT + "/exceptions/{exception_id}")
async def modify_exception(call: Call) -> object:
    guild, event = await _event(call)
    scheduler, bot = call.core.scheduler, call.core.world.bot
    exception = await scheduler.patch_exception(
        guild, event, bot, call.id("exception_id"), call.body or {}
    )
    return exception.payload()


@route("DELETE", _EVENT + "/exceptions/{exception_id}")
async def delete_exception(call: Call) -> object:
    guild, event = await _event(call)
    await call.core.scheduler.delete_exception(
        guild, event, call.core.world.bot, call.id("exception_id")
    )
    return NO_CONTENT


def _limit(value: str | None) -> int:
    if value is None:
        return MAX_USERS
    try:
        limit = int(value)
    except ValueError:
        raise field_error(["limit"], "NUMBER_TYPE_COERCE", "Value is not int.") from None
    if limit < 1:
        raise field_error(["limit"], "NUMBER_TYPE_MIN", "int value should be 1 or more.")
    if limit > MAX_USERS:
        raise field_error(["limit"], "NUMBER_TYPE_MAX", f"int value should be {MAX_USERS} or less.")
    return limit


def _snowflake(value: str, name: str) -> int:
    if not value.isascii() or not value.isdigit() or len(value) > 20:  # noqa: PLR2004
        raise field_error([name], "NUMBER_TYPE_COERCE", "Value is not snowflake.")
    return int(value)
