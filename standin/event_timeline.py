"""How a scheduled event moves through time, as Discord's docs describe it.

An EXTERNAL event starts (ACTIVE) at its start time and completes at its end time by itself; a
person or a bot may also start it or complete it sooner. A recurring event that completes does
not stay COMPLETED: it moves on to its next occurrence, SCHEDULED again, with the same length.
An occurrence an exception cancels is passed over; one an exception moves runs at its new times.
"""

from __future__ import annotations

import datetime as dt

from standin import snowflake
from standin.scheduled_events import ACTIVE, CANCELED, COMPLETED, SCHEDULED, ScheduledEvent

MAX_SKIPPED = 1000  # canceled occurrences passed over at once before giving up on the series


def complete(event: ScheduledEvent, now: dt.datetime) -> None:
    """The current occurrence is over: the next one, SCHEDULED, or COMPLETED if none is left."""
    upcoming = next_occurrence(event, now)
    if upcoming is None:
        event.status = COMPLETED
        return
    length = event.duration
    event.start, event.end, event.status = upcoming, upcoming + length, SCHEDULED
    event.exceptions = {k: e for k, e in event.exceptions.items() if e.original_start >= upcoming}


def next_occurrence(event: ScheduledEvent, now: dt.datetime) -> dt.datetime | None:
    """The rule's first occurrence after the current one that has not ended by `now` and that no
    exception cancels; None for an event without a rule, or a rule without one."""
    if event.rule is None:
        return None
    after = max(event.start, now - event.duration)
    for _ in range(MAX_SKIPPED):
        found = event.rule.after(after)
        if found is None:
            return None
        canceled = event.exceptions.get(snowflake.at(found))
        if canceled is None or not canceled.canceled:
            return found
        after = found
    return None


def shown(event: ScheduledEvent, now: dt.datetime) -> tuple[dt.datetime, dt.datetime] | None:
    """The occurrence a member's client shows: the current one, as its exception has it; the
    next one when an exception cancels the current one (None when no other is left)."""
    current = event.current_exception()
    if current is None or not current.canceled or event.finished:
        return event.effective()
    upcoming = next_occurrence(event, now)
    if upcoming is None:
        return None
    moved = event.exceptions.get(snowflake.at(upcoming))
    start = moved.start if moved is not None and moved.start is not None else upcoming
    end = moved.end if moved is not None and moved.end is not None else start + event.duration
    return start, end


def step(event: ScheduledEvent, now: dt.datetime) -> bool:
    """One change the passing of time makes to `event`, if any is due by `now`."""
    if event.status in (COMPLETED, CANCELED):
        return False
    start, end = event.effective()
    moved = event.current_exception()
    if event.status == SCHEDULED and moved is not None and moved.canceled and now >= event.start:
        complete(event, now)  # the canceled occurrence's time has come: on to the next
        return True
    if event.status == SCHEDULED and now >= start:
        event.status = ACTIVE
        return True
    if event.status == ACTIVE and now >= end:
        complete(event, now)
        return True
    return False
