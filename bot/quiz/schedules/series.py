"""Scheduled rounds: when a weekly or daily series is due in a server's time zone, and what
becomes of an occurrence the bot reaches late or finds its channel busy.

A series is a wall-clock time (and a weekday, unless daily) in the server's zone; each local day
it happens on is one occurrence, keyed by that day, so no clock change can make one day hold
two. zoneinfo turns the day's time into an instant, so the series keeps its local time across
daylight-saving changes. A time that a change skips (02:30 on a spring-forward night) is read
with the offset in force before the change, which puts it at the wall time that follows (03:30);
a time that happens twice (an autumn night) is taken at its first happening.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo

from bot.quiz.rounds.review_round import RoundMode
from bot.quiz.rounds.teams import TeamPlan

MINUTES_IN_DAY = 24 * 60
WEEKDAYS = 7  # 0 is Monday, as datetime.weekday() counts
DEFAULT_GRACE_MINUTES = 15  # a server's default: how late a round may start after an outage
MAX_GRACE_MINUTES = 120  # far below a day: only the newest owed occurrence can be in time
BUSY_WAIT = timedelta(minutes=10)  # how long an occurrence waits for its channel's round to end
LOOKBACK = timedelta(days=7)  # how far back occurrences missed during an outage are recorded
MAX_SCHEDULES = 25  # per server: what one list and one autocomplete can show
SHOWN_NEXT = 3  # the next occurrences a list or a new schedule shows
_TIME = re.compile(r"(\d{1,2})[:.](\d{2})")
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
MAX_TYPED = 16  # longer than any time or date written as asked; anything longer is refused unread
DAILY = "daily"
WEEKDAY_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


@dataclass(frozen=True, slots=True)
class Recurrence:
    """A wall-clock time, every day or on one weekday, up to an optional last local day."""

    minute: int  # of the local day, 0-1439
    weekday: int | None = None  # 0 Monday ... 6 Sunday; None: every day
    ends_on: date | None = None  # the last local day it may happen on

    def __post_init__(self) -> None:
        if not 0 <= self.minute < MINUTES_IN_DAY:
            raise ValueError(f"minute of the day out of range: {self.minute}")
        if self.weekday is not None and not 0 <= self.weekday < WEEKDAYS:
            raise ValueError(f"weekday out of range: {self.weekday}")

    @property
    def time_of_day(self) -> time:
        return time(self.minute // 60, self.minute % 60)

    def happens_on(self, day: date) -> bool:
        ended = self.ends_on is not None and day > self.ends_on
        return not ended and (self.weekday is None or day.weekday() == self.weekday)


@dataclass(frozen=True, slots=True)
class Occurrence:
    local_day: date
    due_at: datetime  # aware, UTC


@dataclass(frozen=True, slots=True)
class NewSchedule:
    """A series a moderator asked for; None for questions or seconds: the server's at the time."""

    guild_id: int
    channel_id: int
    pack_id: str
    recurrence: Recurrence
    question_count: int | None
    question_seconds: int | None
    mode: RoundMode
    ping_role_id: int | None  # None: the server's ping role, if it has one
    teams: TeamPlan | None  # a team round's teams (auto teams: a new seed for each round)
    created_by: int  # the moderator told about its rounds that do not start
    created_locale: str  # their Discord language then: of those notes, unless they chose one
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Schedule(NewSchedule):
    id: int
    event_id: int | None = None  # its Discord event, once made
    event_rule_start: datetime | None = None  # where the event's recurrence rule counts from


class Outcome(enum.StrEnum):
    """What became of one occurrence; every one but a start or a skip is told to the schedule's
    moderator (each has a reason in the interface catalogues)."""

    STARTED = "started"
    SKIPPED = "skipped"  # a moderator skipped it beforehand
    MISSED = "missed"  # the bot reached it later than the grace period
    BUSY = "busy"  # its channel's round ran past the wait
    PACK_GONE = "pack_gone"  # the pack was removed or turned off
    CANNOT_POST = "cannot_post"  # the channel is gone or closed to the bot
    NOTHING_TO_REVIEW = "nothing_to_review"  # a review round of a pack nobody answered

    @property
    def told(self) -> bool:
        return self not in {Outcome.STARTED, Outcome.SKIPPED}


class Problem(enum.StrEnum):
    """Why a schedule is refused; each has a message in the interface catalogues."""

    BAD_DAY = "bad_day"
    BAD_TIME = "bad_time"
    BAD_DATE = "bad_date"
    ENDS_BEFORE_FIRST = "ends_before_first"  # the end date is in the past, or before the first


class Verdict(enum.Enum):
    START = "start"  # start it now (on time, or late within the grace period)
    MISSED = "missed"  # first reached too late: recorded, not started


def asked_recurrence(day: str, typed_time: str, typed_end: str | None) -> Recurrence | Problem:
    """The series a moderator asked for: ``daily`` or a weekday's name, a typed time of day and
    an optional typed last day; or why it cannot be one."""
    names = (DAILY, *WEEKDAY_NAMES)
    if day not in names:
        return Problem.BAD_DAY
    minute = parse_time_of_day(typed_time)
    if minute is None:
        return Problem.BAD_TIME
    ends_on = parse_day(typed_end) if typed_end is not None else None
    if typed_end is not None and ends_on is None:
        return Problem.BAD_DATE
    return Recurrence(minute, None if day == DAILY else names.index(day) - 1, ends_on)


def day_name(recurrence: Recurrence) -> str:
    """``daily`` or the weekday's name, as a schedule's day option gives it."""
    return DAILY if recurrence.weekday is None else WEEKDAY_NAMES[recurrence.weekday]


def due_at(recurrence: Recurrence, day: date, zone: tzinfo) -> datetime:
    """The instant the series happens on local ``day`` (see the module docstring for the days
    a clock change shortens or lengthens)."""
    return datetime.combine(day, recurrence.time_of_day, tzinfo=zone).astimezone(UTC)


def occurrences(
    recurrence: Recurrence, zone: tzinfo, *, after: datetime, count: int
) -> list[Occurrence]:
    """The first ``count`` occurrences due strictly after ``after``, in order."""
    found: list[Occurrence] = []
    day = after.astimezone(zone).date() - timedelta(days=1)
    # A weekly series is found within a week of any day; an ended one is never found again.
    while len(found) < count and (recurrence.ends_on is None or day <= recurrence.ends_on):
        if recurrence.happens_on(day):
            due = due_at(recurrence, day, zone)
            if due > after:
                found.append(Occurrence(day, due))
        day += timedelta(days=1)
    return found


@dataclass(frozen=True, slots=True)
class Agenda:
    """A schedule's occurrences as a pass of the loop sees them."""

    owed: tuple[Occurrence, ...]  # due by now, not yet recorded, oldest first
    next_due: Occurrence | None  # the first still to come and not skipped; None: ended


def agenda(
    recurrence: Recurrence,
    zone: tzinfo,
    *,
    since: datetime,
    now: datetime,
    recorded: frozenset[date],
) -> Agenda:
    """The occurrences after ``since`` (the schedule's creation, or the last one recorded) that
    are owed by ``now``, at most a week back, and the next one to come."""
    after = max(since, now - LOOKBACK)
    owed: list[Occurrence] = []
    # A week holds at most eight daily occurrences up to now, and then the next to come.
    for occurrence in occurrences(recurrence, zone, after=after, count=WEEKDAYS + 2):
        if occurrence.local_day in recorded:
            continue
        if occurrence.due_at > now:
            return Agenda(tuple(owed), occurrence)
        owed.append(occurrence)
    ahead = occurrences(recurrence, zone, after=now, count=len(recorded) + 1)
    next_due = next((o for o in ahead if o.local_day not in recorded), None)
    return Agenda(tuple(owed), next_due)


def upcoming(
    recurrence: Recurrence, zone: tzinfo, *, now: datetime, skipped: frozenset[date], count: int
) -> list[Occurrence]:
    """The next ``count`` occurrences after ``now`` that were not skipped."""
    ahead = occurrences(recurrence, zone, after=now, count=count + len(skipped))
    return [o for o in ahead if o.local_day not in skipped][:count]


def verdict(occurrence: Occurrence, *, noticed_at: datetime, grace: timedelta) -> Verdict:
    """Whether an owed occurrence still starts: only if the bot first reached it within the grace
    period (while it waits for a busy channel it stays in time)."""
    return Verdict.START if noticed_at - occurrence.due_at <= grace else Verdict.MISSED


def waits_for_channel(occurrence: Occurrence, now: datetime) -> bool:
    """Whether an occurrence whose channel has a round running still waits for it to end."""
    return now - occurrence.due_at < BUSY_WAIT


def parse_time_of_day(typed: str) -> int | None:
    """``19:00`` (or ``7:05``, ``19.00``) as a minute of the day; None if it is not one."""
    text = typed.strip()
    match = _TIME.fullmatch(text) if len(text) <= MAX_TYPED else None
    if match is None:
        return None
    hour, minute = int(match.group(1)), int(match.group(2))
    if hour >= MINUTES_IN_DAY // 60 or minute >= 60:  # noqa: PLR2004  # minutes in an hour
        return None
    return hour * 60 + minute


def parse_day(typed: str) -> date | None:
    """``2027-06-30`` as a date; None if it is not one."""
    text = typed.strip()
    if len(text) > MAX_TYPED or _DAY.fullmatch(text) is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:  # e.g. 2027-02-30
        return None


def time_text(minute: int) -> str:
    """A minute of the day as members write it: ``19:00``."""
    return f"{minute // 60:02d}:{minute % 60:02d}"
