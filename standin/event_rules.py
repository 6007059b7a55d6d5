"""Discord's rules for a scheduled event, beyond what its OpenAPI document can express.

Who may: creating needs Create Events; editing or deleting needs Manage Events, or Create Events
for an event one created oneself (the server-wide permissions, from the member's roles). What an
EXTERNAL event must have: no channel, a location, an end after its start. A new start must lie
ahead (by the stand-in's clock) and may be set only while the event is SCHEDULED. The status moves
SCHEDULED -> ACTIVE or CANCELED, ACTIVE -> COMPLETED, and a finished event changes no more.
Lengths: a name of 1-100 characters, a description of 1-1000, a location of 1-100.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
from typing import NoReturn

from standin import recurrence, timestamps
from standin.errors import DiscordError, field_error, missing_permissions
from standin.model import Guild, Json, Member, User
from standin.permissions import CREATE_EVENTS, MANAGE_EVENTS, guild_permissions
from standin.scheduled_events import (
    ACTIVE,
    CANCELED,
    COMPLETED,
    EXTERNAL,
    SCHEDULED,
    ScheduledEvent,
)

FINISHED_EVENT = 180000
RECURRING_EVENT_REQUIRED = 180004
MAX_UNFINISHED_EVENTS = 30038
MAX_UNFINISHED = 100  # SCHEDULED or ACTIVE events a guild may have at once
TRANSITIONS = {SCHEDULED: {ACTIVE, CANCELED}, ACTIVE: {COMPLETED}}


def check_can_create(guild: Guild, member: Member) -> None:
    if not guild_permissions(guild, member) & CREATE_EVENTS:
        raise missing_permissions()


def check_can_manage(guild: Guild, member: Member, event: ScheduledEvent) -> None:
    needed = MANAGE_EVENTS
    if event.creator.id == member.user.id:
        needed |= CREATE_EVENTS
    if not guild_permissions(guild, member) & needed:
        raise missing_permissions()


def check_room(events: list[ScheduledEvent]) -> None:
    if sum(not e.finished for e in events) >= MAX_UNFINISHED:
        raise DiscordError(
            400,
            MAX_UNFINISHED_EVENTS,
            f"Maximum number of uncompleted guild scheduled events reached ({MAX_UNFINISHED})",
        )


def check_unfinished(event: ScheduledEvent) -> None:
    if event.finished:
        raise DiscordError(400, FINISHED_EVENT, "Cannot update a finished event")


def created(
    body: Json, *, event_id: int, guild_id: int, creator: User, now: dt.datetime
) -> ScheduledEvent:
    """A new event from a create body (valid by the spec), or the refusal Discord sends."""
    _check_entity(body)
    start = timestamps.parse(body["scheduled_start_time"], ["scheduled_start_time"])
    _check_ahead(start, now)
    end = body.get("scheduled_end_time")
    if end is None:
        _required(["scheduled_end_time"])
    event = ScheduledEvent(
        id=event_id,
        guild_id=guild_id,
        creator=creator,
        name=_name(body["name"]),
        start=start,
        end=timestamps.parse(end, ["scheduled_end_time"]),
        location=_location(body["entity_metadata"]),
        description=_description(body.get("description")),
        image=_image(body.get("image")),
        rule=_rule(body.get("recurrence_rule"), now),
    )
    _check_order(event)
    return event


def patched(event: ScheduledEvent, body: Json, now: dt.datetime) -> ScheduledEvent:
    """A copy of `event` with a modify body's fields (valid by the spec), or Discord's refusal.
    The status is not changed here (see `check_transition`)."""
    _check_entity(body)
    changes: Json = {"exceptions": dict(event.exceptions), "interested": set(event.interested)}
    if "name" in body:
        changes["name"] = _name(body["name"])
    if "description" in body:
        changes["description"] = _description(body["description"])
    if "image" in body:
        changes["image"] = _image(body["image"])
    if "entity_metadata" in body:
        changes["location"] = _location(body["entity_metadata"])
    if "scheduled_start_time" in body:
        changes["start"] = _new_start(event, body["scheduled_start_time"], now)
    if "scheduled_end_time" in body:
        if body["scheduled_end_time"] is None:
            _required(["scheduled_end_time"])
        changes["end"] = timestamps.parse(body["scheduled_end_time"], ["scheduled_end_time"])
    if "recurrence_rule" in body:  # a new rule drops the old one's exceptions
        changes["rule"] = _rule(body["recurrence_rule"], now)
        changes["exceptions"] = {}
    draft = dataclasses.replace(event, **changes)
    _check_order(draft)
    return draft


def check_transition(event: ScheduledEvent, status: int) -> None:
    if status != event.status and status not in TRANSITIONS.get(event.status, set()):
        raise field_error(
            ["status"],
            "BASE_TYPE_INVALID",
            "The status may change only SCHEDULED -> ACTIVE or CANCELED, ACTIVE -> COMPLETED.",
        )


def check_recurring(event: ScheduledEvent) -> None:
    if event.rule is None:
        raise DiscordError(400, RECURRING_EVENT_REQUIRED, "This route requires a recurring event.")


def _check_entity(body: Json) -> None:
    if body.get("entity_type") not in (None, EXTERNAL):
        # Stage and voice events need such a channel, and the stand-in has text channels only.
        raise field_error(
            ["channel_id"], "BASE_TYPE_INVALID", "Channel must be a voice or stage channel."
        )
    if body.get("channel_id") is not None:
        raise field_error(
            ["channel_id"], "BASE_TYPE_INVALID", "An EXTERNAL event must not have a channel_id."
        )


def _check_ahead(start: dt.datetime, now: dt.datetime) -> None:
    if start <= now:
        raise field_error(
            ["scheduled_start_time"],
            "GUILD_SCHEDULED_EVENT_SCHEDULE_PAST",
            "Cannot schedule event in the past.",
        )


def _new_start(event: ScheduledEvent, value: object, now: dt.datetime) -> dt.datetime:
    start = timestamps.parse(value, ["scheduled_start_time"])
    if event.status != SCHEDULED:
        raise field_error(
            ["scheduled_start_time"],
            "GUILD_SCHEDULED_EVENT_INVALID_START_BY_STATUS",
            "The start time can be changed only while the event is scheduled.",
        )
    _check_ahead(start, now)
    return start


def _check_order(event: ScheduledEvent) -> None:
    if event.rule is not None and not event.rule.includes(event.start):
        raise field_error(
            ["scheduled_start_time"],
            "BASE_TYPE_INVALID",
            f"Must be an occurrence of the recurrence rule (from {event.rule.start.isoformat()}).",
        )
    if event.end <= event.start:
        raise field_error(
            ["scheduled_end_time"],
            "BASE_TYPE_INVALID",
            "The scheduled end time must be after the scheduled start time.",
        )


def _name(value: str) -> str:
    if not value.strip():
        raise field_error(["name"], "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
    return value


def _description(value: str | None) -> str | None:
    if value is not None and not value:
        raise field_error(["description"], "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
    return value


def _location(metadata: Json | None) -> str:
    location = (metadata or {}).get("location")
    if location is None:
        _required(["entity_metadata", "location"])
    if not location.strip():
        raise field_error(
            ["entity_metadata", "location"], "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length."
        )
    return str(location)


def _image(value: str | None) -> str | None:
    """The cover's hash, as Discord names an uploaded image."""
    return None if value is None else hashlib.sha256(value.encode()).hexdigest()[:32]


def _rule(value: Json | None, now: dt.datetime) -> recurrence.Rule | None:
    return None if value is None else recurrence.parse(value, now)


def _required(path: list[str | int]) -> NoReturn:
    raise field_error(path, "BASE_TYPE_REQUIRED", "This field is required")
