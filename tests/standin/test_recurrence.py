"""Recurring scheduled events: the rule shapes Discord allows, the move to the next occurrence
when one completes, and exceptions that cancel or move an occurrence."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from standin import recurrence
from standin.driver import StandInClient
from standin.errors import DiscordError
from tests.standin.scheduling import Json, Rest, external, field_codes, schema_errors

SCHEDULED, ACTIVE, COMPLETED = 1, 2, 3
DAILY, WEEKLY, MONTHLY, YEARLY = 3, 2, 1, 0
MONDAY, WEDNESDAY, SUNDAY = 0, 2, 6
NOW = dt.datetime(2030, 1, 7, 17, 0, tzinfo=dt.UTC)  # a Monday
WEEK = dt.timedelta(days=7)


def rule(**fields: Any) -> Json:
    return {"start": NOW.isoformat(), **fields}


@pytest.mark.parametrize(
    "body",
    [
        rule(frequency=DAILY),
        rule(frequency=DAILY, by_weekday=[0, 1, 2, 3, 4]),
        rule(frequency=DAILY, by_weekday=[5, 6]),
        rule(frequency=DAILY, interval=1, by_weekday=[6, 0]),
        rule(frequency=WEEKLY, by_weekday=[MONDAY]),
        rule(frequency=WEEKLY, interval=2, by_weekday=[MONDAY]),
        rule(frequency=MONTHLY, by_n_weekday=[{"n": 4, "day": WEDNESDAY}]),
        rule(frequency=MONTHLY, by_n_weekday=[{"n": 5, "day": SUNDAY}]),
        rule(frequency=YEARLY, by_month=[7], by_month_day=[24]),
        rule(frequency=WEEKLY, count=None, end=None, by_year_day=None),
    ],
)
def test_the_shapes_discord_documents_are_taken(body: Json) -> None:
    taken = recurrence.parse(body, NOW)
    assert taken.payload()["frequency"] == body["frequency"]
    assert taken.after(NOW) is not None


@pytest.mark.parametrize(
    ("body", "field"),
    [
        (rule(frequency=DAILY, count=3), "count"),
        (rule(frequency=DAILY, end=(NOW + WEEK).isoformat()), "end"),
        (rule(frequency=YEARLY, by_year_day=[10]), "by_year_day"),
        (rule(frequency=WEEKLY, by_weekday=[0, 2]), "by_weekday"),
        (rule(frequency=WEEKLY, by_weekday=[]), "by_weekday"),
        (rule(frequency=DAILY, by_weekday=[0, 2, 4]), "by_weekday"),
        (rule(frequency=MONTHLY, by_weekday=[0]), "by_weekday"),
        (rule(frequency=WEEKLY, by_n_weekday=[{"n": 1, "day": 0}]), "by_n_weekday"),
        (rule(frequency=MONTHLY, by_n_weekday=[{"n": 1, "day": 0}, {"n": 3, "day": 0}]),
         "by_n_weekday"),
        (rule(frequency=MONTHLY, by_month=[7], by_month_day=[24]), "by_month"),
        (rule(frequency=YEARLY, by_month=[7]), "by_month"),
        (rule(frequency=YEARLY, by_month=[7, 8], by_month_day=[24]), "by_month"),
        (rule(frequency=WEEKLY, by_weekday=[0], by_n_weekday=[{"n": 1, "day": 0}]),
         "by_weekday"),
        (rule(frequency=DAILY, interval=2), "interval"),
        (rule(frequency=WEEKLY, interval=3, by_weekday=[0]), "interval"),
        (rule(frequency=YEARLY, by_month=[2], by_month_day=[30]), "frequency"),
        (rule(frequency=DAILY, start="2001-01-01T00:00:00+00:00"), "start"),
    ],
)  # fmt: skip
def test_the_system_limitations_are_refused_on_their_field(body: Json, field: str) -> None:
    with pytest.raises(DiscordError) as refused:
        recurrence.parse(body, NOW)
    assert refused.value.code == 50035
    assert refused.value.errors is not None
    assert list(refused.value.errors["recurrence_rule"]) == [field]


def test_occurrences_are_counted_in_utc_from_the_start() -> None:
    weekly = recurrence.parse(rule(frequency=WEEKLY, by_weekday=[MONDAY]), NOW)
    # Europe changes to summer time on 2030-03-31: the rule has no zone, so 17:00 UTC stays.
    april = weekly.after(dt.datetime(2030, 4, 1, tzinfo=dt.UTC))
    assert april == dt.datetime(2030, 4, 1, 17, 0, tzinfo=dt.UTC)
    every_other = recurrence.parse(rule(frequency=WEEKLY, interval=2, by_weekday=[MONDAY]), NOW)
    assert every_other.after(NOW) == NOW + 2 * WEEK
    fourth_wednesday = recurrence.parse(
        rule(frequency=MONTHLY, by_n_weekday=[{"n": 4, "day": WEDNESDAY}]), NOW
    )
    assert fourth_wednesday.after(NOW) == dt.datetime(2030, 1, 23, 17, 0, tzinfo=dt.UTC)
    assert weekly.includes(NOW + WEEK)
    assert not weekly.includes(NOW + WEEK + dt.timedelta(minutes=1))


async def weekly_event(rest: Rest, guild: Json, start_h: float = 1.0) -> Json:
    body = external(start_h=start_h, end_h=start_h + 1)
    start = dt.datetime.fromisoformat(body["scheduled_start_time"])
    body["recurrence_rule"] = {
        "start": body["scheduled_start_time"],
        "frequency": WEEKLY,
        "interval": 1,
        "by_weekday": [start.weekday()],
    }
    status, event = await rest.call("POST", f"/guilds/{guild['id']}/scheduled-events", body)
    assert status == 200, event
    return event  # type: ignore[no-any-return]


def moment(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text)


async def test_a_start_that_is_no_occurrence_of_the_rule_is_refused(
    rest: Rest, place: dict[str, Any]
) -> None:
    body = external()
    body["recurrence_rule"] = {
        "start": external(start_h=1.5)["scheduled_start_time"],
        "frequency": DAILY,
    }
    status, reply = await rest.call(
        "POST", f"/guilds/{place['guild']['id']}/scheduled-events", body
    )
    assert status == 400
    assert field_codes(reply, "scheduled_start_time") == ["BASE_TYPE_INVALID"]


async def test_completing_a_recurring_event_moves_it_to_its_next_occurrence(
    rest: Rest, place: dict[str, Any]
) -> None:
    event = await weekly_event(rest, place["guild"])
    path = f"/guilds/{place['guild']['id']}/scheduled-events/{event['id']}"
    assert (await rest.call("PATCH", path, {"status": ACTIVE}))[1]["status"] == ACTIVE
    status, moved = await rest.call("PATCH", path, {"status": COMPLETED})
    assert (status, moved["status"]) == (200, SCHEDULED)
    start, end = moved["scheduled_start_time"], moved["scheduled_end_time"]
    assert moment(start) == moment(event["scheduled_start_time"]) + WEEK
    assert moment(end) - moment(start) == dt.timedelta(hours=1)
    assert moved["recurrence_rule"] == event["recurrence_rule"]


async def test_the_clock_runs_a_recurring_event_through_its_occurrences(
    standin: StandInClient, rest: Rest, place: dict[str, Any]
) -> None:
    event = await weekly_event(rest, place["guild"])
    first = moment(event["scheduled_start_time"])
    await standin.set_clock(first + dt.timedelta(minutes=30))
    [now_on] = await standin.scheduled_events(place["guild"]["id"])
    assert (now_on["status"], moment(now_on["scheduled_start_time"])) == (ACTIVE, first)
    await standin.set_clock(first + 2 * WEEK + dt.timedelta(hours=2))  # two weeks went by
    [later] = await standin.scheduled_events(place["guild"]["id"])
    assert (later["status"], moment(later["scheduled_start_time"])) == (SCHEDULED, first + 3 * WEEK)


async def test_a_canceled_occurrence_is_passed_over(
    standin: StandInClient, rest: Rest, place: dict[str, Any]
) -> None:
    event = await weekly_event(rest, place["guild"])
    path = f"/guilds/{place['guild']['id']}/scheduled-events/{event['id']}"
    first = moment(event["scheduled_start_time"])
    skip = {"original_scheduled_start_time": (first + WEEK).isoformat(), "is_canceled": True}
    status, exception = await rest.call("POST", f"{path}/exceptions", skip)
    assert status == 200, exception
    assert schema_errors(exception, "GuildScheduledEventExceptionResponse") == []
    assert exception["is_canceled"] is True
    assert (
        int(exception["event_exception_id"]) >> 22
        == int((first + WEEK).timestamp() * 1000) - 1_420_070_400_000
    )  # a snowflake of the occurrence's original start
    _, shown = await rest.call("GET", path)
    assert shown["guild_scheduled_event_exceptions"] == [exception]
    await rest.call("PATCH", path, {"status": ACTIVE})
    _, moved = await rest.call("PATCH", path, {"status": COMPLETED})
    assert moment(moved["scheduled_start_time"]) == first + 2 * WEEK
    assert moved["guild_scheduled_event_exceptions"] == []  # behind it now
    await standin.set_clock(first + 2 * WEEK)
    assert (await rest.call("GET", path))[1]["status"] == ACTIVE


async def test_the_clock_passes_over_a_canceled_current_occurrence(
    standin: StandInClient, rest: Rest, place: dict[str, Any]
) -> None:
    event = await weekly_event(rest, place["guild"])
    path = f"/guilds/{place['guild']['id']}/scheduled-events/{event['id']}"
    first = moment(event["scheduled_start_time"])
    skip = {"original_scheduled_start_time": first.isoformat(), "is_canceled": True}
    assert (await rest.call("POST", f"{path}/exceptions", skip))[0] == 200
    await standin.set_clock(first + dt.timedelta(minutes=1))
    _, shown = await rest.call("GET", path)
    assert (shown["status"], moment(shown["scheduled_start_time"])) == (SCHEDULED, first + WEEK)


async def test_an_exception_is_changed_replaced_and_deleted(
    rest: Rest, place: dict[str, Any]
) -> None:
    event = await weekly_event(rest, place["guild"])
    path = f"/guilds/{place['guild']['id']}/scheduled-events/{event['id']}"
    second = moment(event["scheduled_start_time"]) + WEEK
    skip = {"original_scheduled_start_time": second.isoformat(), "is_canceled": True}
    _, made = await rest.call("POST", f"{path}/exceptions", skip)
    later = (second + dt.timedelta(hours=1)).isoformat()
    status, changed = await rest.call(
        "PATCH",
        f"{path}/exceptions/{made['event_exception_id']}",
        {"is_canceled": False, "scheduled_start_time": later},
    )
    assert (status, changed["is_canceled"]) == (200, False)
    assert moment(changed["scheduled_start_time"]) == moment(later)
    _, again = await rest.call("POST", f"{path}/exceptions", skip)  # the same occurrence
    assert again["event_exception_id"] == made["event_exception_id"]
    assert len((await rest.call("GET", path))[1]["guild_scheduled_event_exceptions"]) == 1
    gone = f"{path}/exceptions/{made['event_exception_id']}"
    assert await rest.call("DELETE", gone) == (204, None)
    status, reply = await rest.call("DELETE", gone)
    assert (status, reply["code"]) == (404, 10070)


async def test_exceptions_are_refused_where_discord_refuses_them(
    rest: Rest, place: dict[str, Any]
) -> None:
    guild_events = f"/guilds/{place['guild']['id']}/scheduled-events"
    _, single = await rest.call("POST", guild_events, external())
    first = moment(single["scheduled_start_time"])
    body = {"original_scheduled_start_time": first.isoformat(), "is_canceled": True}
    status, reply = await rest.call("POST", f"{guild_events}/{single['id']}/exceptions", body)
    assert (status, reply) == (
        400,
        {"message": "This route requires a recurring event.", "code": 180004},
    )
    event = await weekly_event(rest, place["guild"])
    path = f"{guild_events}/{event['id']}/exceptions"
    off = {"original_scheduled_start_time": (first + dt.timedelta(hours=5)).isoformat()}
    status, reply = await rest.call("POST", path, off)
    assert status == 400
    assert field_codes(reply, "original_scheduled_start_time") == ["BASE_TYPE_INVALID"]
    far = {"original_scheduled_start_time": (first + 600 * WEEK).isoformat()}
    status, reply = await rest.call("POST", path, far)
    assert field_codes(reply, "original_scheduled_start_time") == ["BASE_TYPE_INVALID"]
    start = moment(event["scheduled_start_time"])
    past = {
        "original_scheduled_start_time": start.isoformat(),
        "scheduled_start_time": "2020-01-01T00:00:00+00:00",
    }
    status, reply = await rest.call("POST", path, past)
    assert field_codes(reply, "scheduled_start_time") == ["GUILD_SCHEDULED_EVENT_SCHEDULE_PAST"]


async def test_a_new_rule_drops_the_old_ones_exceptions(rest: Rest, place: dict[str, Any]) -> None:
    event = await weekly_event(rest, place["guild"])
    path = f"/guilds/{place['guild']['id']}/scheduled-events/{event['id']}"
    second = moment(event["scheduled_start_time"]) + WEEK
    await rest.call(
        "POST",
        f"{path}/exceptions",
        {"original_scheduled_start_time": second.isoformat(), "is_canceled": True},
    )
    daily = {**event["recurrence_rule"], "frequency": DAILY, "by_weekday": None}
    status, changed = await rest.call("PATCH", path, {"recurrence_rule": daily})
    assert (status, changed["guild_scheduled_event_exceptions"]) == (200, [])
    assert changed["recurrence_rule"]["frequency"] == DAILY
    _, plain = await rest.call("PATCH", path, {"recurrence_rule": None})
    assert plain["recurrence_rule"] is None
