"""Seasons: a server's named stretch of competition ("Spring term"), with a board of its own.

At most one season runs in a server. Every answer given while it runs counts on its board as
well as on the all-time, weekly and monthly ones; which season an answer counts for is decided
when the answer is settled and stored with the score (bot/storage/rounds/settle.py), never derived
from dates afterwards, so a season's board never changes once it has ended, whatever the clock
or time zone. A season ends by a moderator's command or at its end: the start of the day after
its last day, in the server's time zone.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from bot.quiz.reader.cleantext import first_refused

MAX_NAME = 50


@dataclass(frozen=True, slots=True)
class Season:
    id: int
    guild_id: int
    name: str
    started_at: datetime
    started_by: int
    channel_id: int  # where its final standings are posted
    ends_at: datetime | None = None  # None: until a moderator ends it
    ended_at: datetime | None = None

    @property
    def running(self) -> bool:
        return self.ended_at is None

    def counts(self, answered_at: datetime) -> bool:
        """Whether an answer given at ``answered_at`` counts for the season (it ran then)."""
        if answered_at < self.started_at:
            return False
        if self.ended_at is not None and answered_at >= self.ended_at:
            return False
        return self.ends_at is None or answered_at < self.ends_at


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a season, as a message key; None if it can."""
    if not name.strip():
        return "season.name_empty"
    if len(name) > MAX_NAME or first_refused(name, long=False) is not None:
        return "season.name_refused"
    return None


def end_of_day(last_day: date, zone: ZoneInfo) -> datetime:
    """When a season whose last day is ``last_day`` (in the server's zone) ends: the start of
    the next day there."""
    return datetime.combine(last_day + timedelta(days=1), time(), zone)


def ends_problem(last_day: date, zone: ZoneInfo, now: datetime) -> str | None:
    """Why a season may not end after ``last_day``: a day already over there."""
    return "season.ends_past" if end_of_day(last_day, zone) <= now else None
