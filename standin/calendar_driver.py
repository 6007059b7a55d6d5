"""The driver's methods for time and scheduled events (`StandInClient` has them all)."""

from __future__ import annotations

import datetime as dt
from typing import Any

Json = dict[str, Any]


class CalendarDriver:
    async def _call(
        self, method: str, path: str, body: Json | None = None, params: dict[str, str] | None = None
    ) -> Any:  # noqa: ANN401  (JSON: each caller states the shape it gets)
        raise NotImplementedError  # the control API call, which `StandInClient` makes

    # Time

    async def clock(self) -> Json:
        """The stand-in's now: ``{"now": ISO 8601, "offset_s": seconds ahead of real time}``."""
        state: Json = await self._call("GET", "/clock")
        return state

    async def advance_clock(self, seconds: float) -> Json:
        """Move the clock forward (never back); what comes due (an event's start or end) has
        happened, and been sent to the gateway, when this returns. The new `clock()`."""
        state: Json = await self._call("POST", "/clock", {"advance_s": seconds})
        return state

    async def set_clock(self, when: dt.datetime) -> Json:
        """Move the clock to `when` (aware, not earlier than now); as `advance_clock`."""
        state: Json = await self._call("POST", "/clock", {"to": when.isoformat()})
        return state

    # Scheduled events

    async def scheduled_events(self, guild_id: int | str) -> list[Json]:
        """The guild's events as Discord sends them (with ``user_count``), each with ``users``:
        the interested members' ``id`` and ``name``."""
        found: list[Json] = await self._call(
            "GET", "/scheduled-events", params={"guild_id": str(guild_id)}
        )
        return found

    async def create_scheduled_event(
        self, user_id: int | str, guild_id: int | str, body: Json
    ) -> Json:
        """A member creates an event in the client (they need Create Events): `body` holds
        Create Guild Scheduled Event's fields (``name``, ``scheduled_start_time``, ...)."""
        fields = {"guild_id": str(guild_id), "user_id": str(user_id), "event": body}
        event: Json = await self._call("POST", "/scheduled-events", fields)
        return event

    async def interested(self, user_id: int | str, event_id: int | str) -> Json:
        """The member presses "Interested" (GUILD_SCHEDULED_EVENT_USER_ADD); the event."""
        body = {"user_id": str(user_id)}
        event: Json = await self._call("POST", f"/scheduled-events/{event_id}/interested", body)
        return event

    async def uninterested(self, user_id: int | str, event_id: int | str) -> Json:
        """The member takes it back (GUILD_SCHEDULED_EVENT_USER_REMOVE); the event."""
        body = {"user_id": str(user_id)}
        event: Json = await self._call("DELETE", f"/scheduled-events/{event_id}/interested", body)
        return event
