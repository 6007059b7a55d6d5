"""When a scheduled series is due: its local time in its zone across daylight-saving changes,
its weekday, its end date, skips, and whether an occurrence reached late still starts."""

from __future__ import annotations

import itertools
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.quiz.schedules.series import (
    BUSY_WAIT,
    LOOKBACK,
    MINUTES_IN_DAY,
    Occurrence,
    Problem,
    Recurrence,
    Verdict,
    agenda,
    asked_recurrence,
    day_name,
    due_at,
    occurrences,
    parse_day,
    parse_time_of_day,
    time_text,
    upcoming,
    verdict,
    waits_for_channel,
)

ATHENS = ZoneInfo("Europe/Athens")  # +2 in winter, +3 from the last Sunday of March at 03:00
# Zones with the changes that catch mistakes: half-hour ones (Lord Howe), changes at midnight
# (Santiago), the southern hemisphere, odd offsets (Kathmandu, Chatham), none at all (UTC).
ZONES = [
    "UTC",
    "Europe/Athens",
    "America/New_York",
    "America/Santiago",
    "Australia/Lord_Howe",
    "Pacific/Chatham",
    "Asia/Kathmandu",
]

zones = st.sampled_from(ZONES).map(ZoneInfo)
# Hypothesis takes naive bounds and makes aware times in the zones given.
moments = st.datetimes(
    min_value=datetime(2020, 1, 1),  # noqa: DTZ001
    max_value=datetime(2035, 12, 31),  # noqa: DTZ001
    timezones=st.just(UTC),
)
recurrences = st.builds(
    Recurrence,
    minute=st.integers(0, MINUTES_IN_DAY - 1),
    weekday=st.none() | st.integers(0, 6),
    ends_on=st.none() | st.dates(date(2020, 1, 1), date(2036, 1, 1)),
)


def exists(day: date, wall: time, zone: ZoneInfo) -> bool:
    """Whether the wall time happens on that day in the zone (a spring-forward gap skips it)."""
    moment = datetime.combine(day, wall, tzinfo=zone)
    return moment.astimezone(UTC).astimezone(zone).replace(tzinfo=None) == moment.replace(
        tzinfo=None
    )


@given(recurrences, zones, moments, st.integers(1, 20))
def test_occurrences_keep_the_local_time_the_weekday_and_the_end(
    recurrence: Recurrence, zone: ZoneInfo, after: datetime, count: int
) -> None:
    found = occurrences(recurrence, zone, after=after, count=count)
    assert len(found) == count or recurrence.ends_on is not None
    days = [o.local_day for o in found]
    assert days == sorted(set(days))  # one a day at most, in order
    dues = [o.due_at for o in found]
    assert dues == sorted(dues)
    assert len(set(dues)) == len(dues)
    for occurrence in found:
        assert occurrence.due_at > after
        assert recurrence.happens_on(occurrence.local_day)
        assert occurrence.due_at == due_at(recurrence, occurrence.local_day, zone)
        if exists(occurrence.local_day, recurrence.time_of_day, zone):
            local = occurrence.due_at.astimezone(zone)
            assert (local.date(), local.time()) == (occurrence.local_day, recurrence.time_of_day)
    step = timedelta(days=1 if recurrence.weekday is None else 7)
    assert all(later - earlier == step for earlier, later in itertools.pairwise(days))


@given(recurrences, zones, moments)
def test_the_first_occurrence_is_the_first_after_the_moment(
    recurrence: Recurrence, zone: ZoneInfo, after: datetime
) -> None:
    found = occurrences(recurrence, zone, after=after, count=1)
    # Nothing between: the day before the first one (by the rule) was due by ``after``.
    if found:
        earlier = found[0].local_day - timedelta(days=1 if recurrence.weekday is None else 7)
        assert due_at(recurrence, earlier, zone) <= after


def test_a_weekly_round_keeps_its_local_time_across_the_spring_change() -> None:
    sundays_19 = Recurrence(19 * 60, weekday=6)
    before = datetime(2027, 3, 20, tzinfo=UTC)
    first, second = occurrences(sundays_19, ATHENS, after=before, count=2)
    assert first == Occurrence(date(2027, 3, 21), datetime(2027, 3, 21, 17, 0, tzinfo=UTC))
    assert second == Occurrence(date(2027, 3, 28), datetime(2027, 3, 28, 16, 0, tzinfo=UTC))


def test_a_time_the_change_skips_happens_at_the_wall_time_after_it() -> None:
    at_0330 = Recurrence(3 * 60 + 30)  # 03:00-04:00 does not happen in Athens on 2027-03-28
    (skipped,) = occurrences(at_0330, ATHENS, after=datetime(2027, 3, 28, tzinfo=UTC), count=1)
    assert skipped.due_at == datetime(2027, 3, 28, 1, 30, tzinfo=UTC)
    assert skipped.due_at.astimezone(ATHENS).time() == time(4, 30)


def test_a_time_that_happens_twice_happens_at_the_first() -> None:
    at_0330 = Recurrence(3 * 60 + 30)  # 03:00-04:00 happens twice in Athens on 2027-10-31
    (twice,) = occurrences(at_0330, ATHENS, after=datetime(2027, 10, 31, tzinfo=UTC), count=1)
    assert twice.due_at == datetime(2027, 10, 31, 0, 30, tzinfo=UTC)


def test_an_ended_series_has_no_more_occurrences() -> None:
    ended = Recurrence(19 * 60, ends_on=date(2027, 1, 5))
    found = occurrences(ended, ATHENS, after=datetime(2027, 1, 3, tzinfo=UTC), count=10)
    assert [o.local_day for o in found] == [date(2027, 1, 3), date(2027, 1, 4), date(2027, 1, 5)]
    assert occurrences(ended, ATHENS, after=datetime(2027, 1, 6, tzinfo=UTC), count=1) == []


@given(
    recurrences,
    zones,
    moments,
    st.integers(0, 30 * 24 * 60),
    st.sets(st.integers(0, 40), max_size=5),
)
def test_the_agenda_owes_what_came_since_and_comes_next_after_now(
    recurrence: Recurrence, zone: ZoneInfo, since: datetime, minutes: int, recorded_in: set[int]
) -> None:
    now = since + timedelta(minutes=minutes)
    near = occurrences(recurrence, zone, after=since, count=41)
    recorded = frozenset(near[i].local_day for i in recorded_in if i < len(near))
    plan = agenda(recurrence, zone, since=since, now=now, recorded=recorded)
    floor = max(since, now - LOOKBACK)
    expected_owed = [o for o in near if floor < o.due_at <= now and o.local_day not in recorded]
    assert list(plan.owed) == expected_owed
    ahead = [o for o in near if o.due_at > now and o.local_day not in recorded]
    if plan.next_due is None:
        assert recurrence.ends_on is not None
        assert ahead == []
    else:
        assert plan.next_due.due_at > now
        assert plan.next_due.local_day not in recorded
        assert not ahead or plan.next_due == ahead[0]


@given(recurrences, zones, moments, st.sets(st.integers(0, 6), max_size=4), st.integers(1, 5))
def test_upcoming_leaves_out_the_skipped(
    recurrence: Recurrence, zone: ZoneInfo, now: datetime, skipped_in: set[int], count: int
) -> None:
    near = occurrences(recurrence, zone, after=now, count=7)
    skipped = frozenset(near[i].local_day for i in skipped_in if i < len(near))
    shown = upcoming(recurrence, zone, now=now, skipped=skipped, count=count)
    expected = occurrences(recurrence, zone, after=now, count=count + 7)
    assert shown == [o for o in expected if o.local_day not in skipped][:count]


@given(moments, st.integers(0, 120), st.integers(-600, 600), st.integers(0, 600))
def test_once_reached_too_late_an_occurrence_stays_missed(
    due: datetime, grace_minutes: int, noticed_s: int, later_s: int
) -> None:
    occurrence = Occurrence(due.date(), due)
    grace = timedelta(minutes=grace_minutes)
    noticed = due + timedelta(seconds=noticed_s * 10)
    first = verdict(occurrence, noticed_at=noticed, grace=grace)
    assert (first is Verdict.START) == (noticed - due <= grace)
    if first is Verdict.MISSED:
        again = verdict(occurrence, noticed_at=noticed + timedelta(seconds=later_s), grace=grace)
        assert again is Verdict.MISSED


def test_a_busy_channel_is_waited_for_ten_minutes() -> None:
    due = datetime(2027, 1, 4, 17, tzinfo=UTC)
    occurrence = Occurrence(due.date(), due)
    assert waits_for_channel(occurrence, due + BUSY_WAIT - timedelta(seconds=1))
    assert not waits_for_channel(occurrence, due + BUSY_WAIT)


@given(st.integers(0, MINUTES_IN_DAY - 1))
def test_a_time_of_day_reads_back_as_it_is_written(minute: int) -> None:
    assert parse_time_of_day(time_text(minute)) == minute


@given(st.text(max_size=40))
def test_any_typed_time_or_date_is_read_or_refused_never_raises(typed: str) -> None:
    minute = parse_time_of_day(typed)
    assert minute is None or 0 <= minute < MINUTES_IN_DAY
    day = parse_day(typed)
    assert day is None or isinstance(day, date)


@pytest.mark.parametrize(
    ("typed", "minute"),
    [("19:00", 1140), (" 7:05 ", 425), ("19.30", 1170), ("00:00", 0), ("23:59", 1439)],
)
def test_times_are_read_as_members_write_them(typed: str, minute: int) -> None:
    assert parse_time_of_day(typed) == minute


@pytest.mark.parametrize("typed", ["24:00", "19:60", "7pm", "19", "1900", "", "1:2", "9" * 500])
def test_what_is_not_a_time_of_day_is_refused(typed: str) -> None:
    assert parse_time_of_day(typed) is None


@pytest.mark.parametrize("typed", ["2027-02-30", "30/06/2027", "2027-6-30", "tomorrow", "2" * 99])
def test_what_is_not_a_date_is_refused(typed: str) -> None:
    assert parse_day(typed) is None
    assert parse_day("2027-06-30") == date(2027, 6, 30)


@pytest.mark.parametrize(
    ("day", "typed_time", "typed_end", "asked"),
    [
        ("daily", "07:30", None, Recurrence(450)),
        ("monday", "19:00", "2027-06-30", Recurrence(1140, 0, date(2027, 6, 30))),
        ("sunday", "9:05", None, Recurrence(545, 6)),
        ("someday", "19:00", None, Problem.BAD_DAY),
        ("friday", "25:00", None, Problem.BAD_TIME),
        ("friday", "19:00", "30/06/2027", Problem.BAD_DATE),
    ],
)
def test_a_schedule_is_read_from_its_options(
    day: str, typed_time: str, typed_end: str | None, asked: Recurrence | Problem
) -> None:
    assert asked_recurrence(day, typed_time, typed_end) == asked
    if isinstance(asked, Recurrence):
        assert day_name(asked) == day


def test_a_recurrence_refuses_impossible_times_and_days() -> None:
    with pytest.raises(ValueError, match="minute"):
        Recurrence(MINUTES_IN_DAY)
    with pytest.raises(ValueError, match="weekday"):
        Recurrence(0, weekday=7)
