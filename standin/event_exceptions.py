"""Exceptions to a recurring event: one occurrence canceled, or moved to other times.

An exception is named by the original start of its occurrence (its id is a snowflake of that
moment), which must be an occurrence of the event's rule, the current one or a later one. Creating
an exception for an occurrence that has one replaces it.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

from standin import errors, event_rules, recurrence, timestamps
from standin.errors import field_error
from standin.model import Json
from standin.scheduled_events import EventException, ScheduledEvent

UNKNOWN_EXCEPTION = 10070  # Discord lists no code of its own for an unknown exception


def created(event: ScheduledEvent, body: Json, now: dt.datetime) -> EventException:
    event_rules.check_recurring(event)
    path: list[str | int] = ["original_scheduled_start_time"]
    original = timestamps.parse(body["original_scheduled_start_time"], path)
    rule = event.rule
    if abs(original - now) > recurrence.START_REACH:  # the stand-in's bound on counting
        raise field_error(
            path, "BASE_TYPE_INVALID", f"Must be within {recurrence.START_REACH.days} days of now."
        )
    if rule is None or original < event.start or not rule.includes(original):
        raise field_error(
            path,
            "BASE_TYPE_INVALID",
            "Must be the start of an occurrence of the event, the current one or a later one.",
        )
    return patched(EventException(event.id, original), body, now)


def patched(exception: EventException, body: Json, now: dt.datetime) -> EventException:
    changes: Json = {}
    if "scheduled_start_time" in body:
        start = timestamps.optional(body["scheduled_start_time"], ["scheduled_start_time"])
        changes["start"] = start
        if start is not None and start <= now:
            raise field_error(
                ["scheduled_start_time"],
                "GUILD_SCHEDULED_EVENT_SCHEDULE_PAST",
                "Cannot schedule event in the past.",
            )
    if "scheduled_end_time" in body:
        changes["end"] = timestamps.optional(body["scheduled_end_time"], ["scheduled_end_time"])
    if "is_canceled" in body:
        changes["canceled"] = bool(body["is_canceled"])
    changed = dataclasses.replace(exception, **changes)
    start = changed.start or changed.original_start
    if changed.end is not None and changed.end <= start:
        raise field_error(
            ["scheduled_end_time"],
            "BASE_TYPE_INVALID",
            "The scheduled end time must be after the scheduled start time.",
        )
    return changed


def find(event: ScheduledEvent, exception_id: int) -> EventException:
    exception = event.exceptions.get(exception_id)
    if exception is None:
        raise errors.unknown("Guild Scheduled Event Exception", UNKNOWN_EXCEPTION)
    return exception
