"""Guild scheduled events and their exceptions, and their JSON as Discord sends it.

The stand-in has text channels only, so its events are EXTERNAL ones (a location, an end time).
A recurring event is one object whose `start` and `end` are its current occurrence; an exception
overrides or cancels one occurrence, named by that occurrence's original start.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from standin import recurrence, snowflake, timestamps
from standin.model import Json, Member, User
from standin.recurrence import Rule

SCHEDULED, ACTIVE, COMPLETED, CANCELED = 1, 2, 3, 4
FINISHED = frozenset({COMPLETED, CANCELED})
EXTERNAL = 3
GUILD_ONLY = 2
INTERESTED = 1  # a user's RSVP: the only response the stand-in records


@dataclass(slots=True)
class EventException:
    event_id: int
    original_start: dt.datetime  # the occurrence it is for, as the rule gives it
    start: dt.datetime | None = None  # the occurrence moved, or None
    end: dt.datetime | None = None
    canceled: bool = False

    @property
    def id(self) -> int:
        """A snowflake of the occurrence's original start, as Discord's are (not unique)."""
        return snowflake.at(self.original_start)

    def payload(self) -> Json:
        return {
            "event_id": str(self.event_id),
            "event_exception_id": str(self.id),
            "scheduled_start_time": timestamps.written(self.start),
            "scheduled_end_time": timestamps.written(self.end),
            "is_canceled": self.canceled,
        }


@dataclass(slots=True)
class ScheduledEvent:
    id: int
    guild_id: int
    creator: User
    name: str
    start: dt.datetime  # the current occurrence's original start
    end: dt.datetime
    location: str
    description: str | None = None
    status: int = SCHEDULED
    image: str | None = None  # the cover's hash
    rule: Rule | None = None
    exceptions: dict[int, EventException] = field(default_factory=dict)
    interested: set[int] = field(default_factory=set)  # user ids

    @property
    def finished(self) -> bool:
        return self.status in FINISHED

    @property
    def duration(self) -> dt.timedelta:
        return self.end - self.start

    def current_exception(self) -> EventException | None:
        return self.exceptions.get(snowflake.at(self.start))

    def effective(self) -> tuple[dt.datetime, dt.datetime]:
        """The current occurrence's start and end, an exception's overrides applied."""
        moved = self.current_exception()
        if moved is None:
            return self.start, self.end
        start = moved.start or self.start
        return start, moved.end or start + self.duration

    def payload(self, *, user_count: bool = False) -> Json:
        """As the REST routes and the gateway send it (ExternalScheduledEventResponse)."""
        body: Json = {
            "id": str(self.id),
            "guild_id": str(self.guild_id),
            "channel_id": None,
            "creator_id": str(self.creator.id),
            "creator": self.creator.payload(),
            "name": self.name,
            "description": self.description,
            "image": self.image,
            "scheduled_start_time": timestamps.written(self.start),
            "scheduled_end_time": timestamps.written(self.end),
            "status": self.status,
            "entity_type": EXTERNAL,
            "entity_id": None,
            "entity_metadata": {"location": self.location},
            "privacy_level": GUILD_ONLY,
            "recurrence_rule": None if self.rule is None else self.rule.payload(),
            "guild_scheduled_event_exceptions": [
                e.payload() for e in sorted(self.exceptions.values(), key=lambda e: e.id)
            ],
            "sku_ids": [],
        }
        if user_count:
            body["user_count"] = len(self.interested)
        return body


def user_payload(event: ScheduledEvent, user: User, member: Member | None) -> Json:
    """One entry of GET .../users (ScheduledEventUserResponse); `member` when asked and known."""
    body: Json = {
        "guild_scheduled_event_id": str(event.id),
        "guild_scheduled_event_exception_id": None,
        "user_id": str(user.id),
        "user": user.payload(),
        "response": INTERESTED,
    }
    if member is not None:
        body["member"] = member.payload()
    return body


def interest_payload(event: ScheduledEvent, user_id: int) -> Json:
    """GUILD_SCHEDULED_EVENT_USER_ADD's and _REMOVE's fields."""
    return {
        "guild_scheduled_event_id": str(event.id),
        "user_id": str(user_id),
        "guild_id": str(event.guild_id),
    }


def saved(event: ScheduledEvent) -> Json:
    """The event as a saved world keeps it (see `restored`)."""
    return {
        "id": str(event.id),
        "guild_id": str(event.guild_id),
        "creator_id": str(event.creator.id),
        "name": event.name,
        "description": event.description,
        "image": event.image,
        "start": event.start.isoformat(),
        "end": event.end.isoformat(),
        "location": event.location,
        "status": event.status,
        "rule": None if event.rule is None else event.rule.payload(),
        "exceptions": [
            {
                "original_start": e.original_start.isoformat(),
                "start": timestamps.written(e.start),
                "end": timestamps.written(e.end),
                "canceled": e.canceled,
            }
            for e in event.exceptions.values()
        ],
        "interested": [str(i) for i in sorted(event.interested)],
    }


def restored(data: Json, users: dict[int, User]) -> ScheduledEvent | None:
    """A saved event again; None when its creator is no longer known."""
    creator = users.get(int(data["creator_id"]))
    if creator is None:
        return None
    event = ScheduledEvent(
        id=int(data["id"]),
        guild_id=int(data["guild_id"]),
        creator=creator,
        name=data["name"],
        start=dt.datetime.fromisoformat(data["start"]),
        end=dt.datetime.fromisoformat(data["end"]),
        location=data["location"],
        description=data["description"],
        status=int(data["status"]),
        image=data["image"],
        rule=None if data["rule"] is None else recurrence.from_payload(data["rule"]),
        interested={int(i) for i in data["interested"] if int(i) in users},
    )
    for saved_exception in data["exceptions"]:
        exception = EventException(
            event.id,
            dt.datetime.fromisoformat(saved_exception["original_start"]),
            _moment(saved_exception["start"]),
            _moment(saved_exception["end"]),
            bool(saved_exception["canceled"]),
        )
        event.exceptions[exception.id] = exception
    return event


def _moment(text: str | None) -> dt.datetime | None:
    return None if text is None else dt.datetime.fromisoformat(text)
