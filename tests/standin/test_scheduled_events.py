"""Guild Scheduled Events over REST, as the bot calls them: each route's answer, and each refusal
Discord sends (permissions, times, lengths, statuses, unknown events)."""

from __future__ import annotations

from typing import Any

import pytest

from standin.driver import StandInClient, StandInRefusedError
from standin.permissions import BOT_DEFAULT, CREATE_EVENTS, MANAGE_EVENTS
from tests.standin.scheduling import Json, Rest, external, field_codes, schema_errors

SCHEDULED, ACTIVE, COMPLETED, CANCELED = 1, 2, 3, 4


def events(guild: Json) -> str:
    return f"/guilds/{guild['id']}/scheduled-events"


async def create(rest: Rest, guild: Json, **fields: Any) -> Json:
    status, event = await rest.call("POST", events(guild), external(**fields))
    assert status == 200, event
    return event  # type: ignore[no-any-return]


async def test_a_created_event_is_what_discord_returns(
    standin: StandInClient, rest: Rest, place: dict[str, Any]
) -> None:
    guild = place["guild"]
    event = await create(rest, guild, description="Ten questions on attention")
    assert schema_errors(event, "ExternalScheduledEventResponse") == []
    assert (event["status"], event["entity_type"], event["channel_id"]) == (SCHEDULED, 3, None)
    assert event["creator_id"] == (await standin.state())["bot_user_id"]
    assert event["entity_metadata"] == {"location": "#quiz"}
    status, got = await rest.call("GET", f"{events(guild)}/{event['id']}")
    assert (status, got) == (200, event)
    status, listed = await rest.call("GET", events(guild), params={"with_user_count": "1"})
    assert status == 200
    assert [(e["id"], e["user_count"]) for e in listed] == [(event["id"], 0)]
    assert await standin.openapi_failures() == []


@pytest.mark.parametrize(
    ("fields", "path", "code"),
    [
        ({"scheduled_start_time": "2020-01-01T19:00:00+00:00"}, ["scheduled_start_time"],
         "GUILD_SCHEDULED_EVENT_SCHEDULE_PAST"),
        ({"scheduled_start_time": "next monday"}, ["scheduled_start_time"],
         "DATE_TIME_TYPE_PARSE"),
        ({"scheduled_end_time": None}, ["scheduled_end_time"], "BASE_TYPE_REQUIRED"),
        ({"start_h": 3.0, "end_h": 2.0}, ["scheduled_end_time"], "BASE_TYPE_INVALID"),
        ({"entity_metadata": {}}, ["entity_metadata", "location"], "BASE_TYPE_REQUIRED"),
        ({"entity_metadata": {"location": ""}}, ["entity_metadata", "location"],
         "BASE_TYPE_MIN_LENGTH"),
        ({"entity_metadata": {"location": "x" * 101}}, ["entity_metadata", "location"],
         "BASE_TYPE_MAX_LENGTH"),
        ({"name": "x" * 101}, ["name"], "BASE_TYPE_MAX_LENGTH"),
        ({"name": " "}, ["name"], "BASE_TYPE_MIN_LENGTH"),
        ({"description": "x" * 1001}, ["description"], "BASE_TYPE_MAX_LENGTH"),
        ({"description": ""}, ["description"], "BASE_TYPE_MIN_LENGTH"),
        ({"channel_id": "1"}, ["channel_id"], "BASE_TYPE_INVALID"),
        ({"privacy_level": 1}, ["privacy_level"], "BASE_TYPE_CHOICES"),
    ],
)  # fmt: skip
async def test_a_create_discord_refuses_gets_its_50035(
    rest: Rest, place: dict[str, Any], fields: Json, path: list[str], code: str
) -> None:
    hours = {k: fields.pop(k) for k in ("start_h", "end_h") if k in fields}
    status, reply = await rest.call("POST", events(place["guild"]), external(**hours) | fields)
    assert status == 400
    assert code in field_codes(reply, *path)
    assert (await rest.call("GET", events(place["guild"])))[1] == []


async def test_a_voice_event_is_refused_for_its_channel(rest: Rest, place: dict[str, Any]) -> None:
    body = external() | {"entity_type": 2, "channel_id": place["channel"], "entity_metadata": None}
    status, reply = await rest.call("POST", events(place["guild"]), body)
    assert status == 400
    assert field_codes(reply, "channel_id") == ["BASE_TYPE_INVALID"]


async def test_without_create_events_the_bot_gets_50013(
    standin: StandInClient, rest: Rest, place: dict[str, Any]
) -> None:
    await standin.set_role_permissions(place["guild"]["id"], "quizbot", BOT_DEFAULT)
    status, reply = await rest.call("POST", events(place["guild"]), external())
    assert (status, reply["code"]) == (403, 50013)


async def test_create_events_covers_the_bots_own_events_and_manage_events_everyones(
    standin: StandInClient, rest: Rest, place: dict[str, Any]
) -> None:
    guild = place["guild"]
    own = await create(rest, guild)
    owner = guild["owner_id"]  # a person with every permission creates one in the client
    theirs = await standin.create_scheduled_event(owner, guild["id"], external(name="Movie"))
    assert theirs["creator_id"] == owner
    await standin.set_role_permissions(guild["id"], "quizbot", BOT_DEFAULT | CREATE_EVENTS)
    rename = {"name": "Quiz night, renamed"}
    assert (await rest.call("PATCH", f"{events(guild)}/{own['id']}", rename))[0] == 200
    status, reply = await rest.call("PATCH", f"{events(guild)}/{theirs['id']}", rename)
    assert (status, reply["code"]) == (403, 50013)
    status, reply = await rest.call("DELETE", f"{events(guild)}/{theirs['id']}")
    assert (status, reply["code"]) == (403, 50013)
    await standin.set_role_permissions(guild["id"], "quizbot", BOT_DEFAULT | MANAGE_EVENTS)
    assert (await rest.call("PATCH", f"{events(guild)}/{theirs['id']}", rename))[0] == 200
    assert (await rest.call("DELETE", f"{events(guild)}/{theirs['id']}"))[0] == 204


async def test_a_member_without_create_events_cannot_create_one(
    standin: StandInClient, place: dict[str, Any]
) -> None:
    with pytest.raises(StandInRefusedError, match="Missing Permissions"):
        await standin.create_scheduled_event(place["alice"], place["guild"]["id"], external())


@pytest.mark.parametrize(
    ("steps", "refused"),
    [
        ([COMPLETED], COMPLETED),  # SCHEDULED -> COMPLETED
        ([ACTIVE, CANCELED], CANCELED),  # ACTIVE -> CANCELED
        ([ACTIVE, SCHEDULED], SCHEDULED),  # ACTIVE -> SCHEDULED
    ],
)
async def test_a_status_change_discord_does_not_allow_is_refused(
    rest: Rest, place: dict[str, Any], steps: list[int], refused: int
) -> None:
    event = await create(rest, place["guild"])
    path = f"{events(place['guild'])}/{event['id']}"
    for status in steps[:-1]:
        assert (await rest.call("PATCH", path, {"status": status}))[0] == 200
    status, reply = await rest.call("PATCH", path, {"status": refused})
    assert status == 400
    assert field_codes(reply, "status") == ["BASE_TYPE_INVALID"]


@pytest.mark.parametrize("ending", [[ACTIVE, COMPLETED], [CANCELED]])
async def test_a_finished_event_changes_no_more(
    rest: Rest, place: dict[str, Any], ending: list[int]
) -> None:
    event = await create(rest, place["guild"])
    path = f"{events(place['guild'])}/{event['id']}"
    for status in ending:
        code, changed = await rest.call("PATCH", path, {"status": status})
        assert (code, changed["status"]) == (200, status)
    status, reply = await rest.call("PATCH", path, {"name": "again"})
    assert (status, reply) == (400, {"message": "Cannot update a finished event", "code": 180000})


async def test_a_start_moves_only_ahead_and_only_while_scheduled(
    rest: Rest, place: dict[str, Any]
) -> None:
    event = await create(rest, place["guild"])
    path = f"{events(place['guild'])}/{event['id']}"
    past = {"scheduled_start_time": "2020-01-01T19:00:00+00:00"}
    status, reply = await rest.call("PATCH", path, past)
    assert status == 400
    assert field_codes(reply, "scheduled_start_time") == ["GUILD_SCHEDULED_EVENT_SCHEDULE_PAST"]
    later = {"scheduled_start_time": external(start_h=1.5)["scheduled_start_time"]}
    assert (await rest.call("PATCH", path, later))[0] == 200
    await rest.call("PATCH", path, {"status": ACTIVE})
    status, reply = await rest.call("PATCH", path, later)
    assert field_codes(reply, "scheduled_start_time") == [
        "GUILD_SCHEDULED_EVENT_INVALID_START_BY_STATUS"
    ]
    status, reply = await rest.call("PATCH", path, {"scheduled_end_time": None})
    assert field_codes(reply, "scheduled_end_time") == ["BASE_TYPE_REQUIRED"]


async def test_unknown_events_are_10070_and_a_deleted_one_is_unknown(
    rest: Rest, place: dict[str, Any]
) -> None:
    guild = place["guild"]
    event = await create(rest, guild)
    assert (await rest.call("DELETE", f"{events(guild)}/{event['id']}")) == (204, None)
    for method, tail in [("GET", ""), ("PATCH", ""), ("DELETE", ""), ("GET", "/users")]:
        status, reply = await rest.call(method, f"{events(guild)}/{event['id']}{tail}", {})
        assert (status, reply) == (404, {"message": "Unknown Guild Scheduled Event", "code": 10070})
    status, reply = await rest.call("GET", "/guilds/12345/scheduled-events")
    assert (status, reply["code"]) == (404, 10004)


async def test_an_event_of_another_guild_is_unknown_here(
    standin: StandInClient, rest: Rest, place: dict[str, Any]
) -> None:
    other = (await standin.state())["guilds"][1]
    event = await create(rest, other)
    status, _ = await rest.call("GET", f"{events(place['guild'])}/{event['id']}")
    assert status == 404


async def test_the_interested_users_page_by_id(
    standin: StandInClient, rest: Rest, place: dict[str, Any]
) -> None:
    guild = place["guild"]
    event = await create(rest, guild)
    people = sorted([place["alice"], place["bob"], place["chloe"]], key=int)
    for person in people:
        await standin.interested(person, event["id"])
    users = f"{events(guild)}/{event['id']}/users"

    async def ids(**params: str) -> list[str]:
        status, found = await rest.call("GET", users, params=params)
        assert status == 200, found
        return [u["user_id"] for u in found]

    assert await ids() == people
    assert await ids(limit="2") == people[:2]
    assert await ids(after=people[0]) == people[1:]
    assert await ids(before=people[2], limit="1") == people[1:2]
    assert await ids(before=people[2], after=people[0]) == people[:2]  # before wins
    _, plain = await rest.call("GET", users)
    _, full = await rest.call("GET", users, params={"with_member": "true"})
    assert "member" not in plain[0]
    assert full[0]["member"]["user"]["id"] == people[0]
    assert all(schema_errors(u, "ScheduledEventUserResponse") == [] for u in full)
    status, counts = await rest.call("GET", f"{users}/counts")
    assert (status, counts["guild_scheduled_event_count"]) == (200, 3)
    status, one = await rest.call(
        "GET", f"{events(guild)}/{event['id']}", params={"with_user_count": "true"}
    )
    assert one["user_count"] == 3


@pytest.mark.parametrize(
    ("limit", "code"),
    [("0", "NUMBER_TYPE_MIN"), ("101", "NUMBER_TYPE_MAX"), ("many", "NUMBER_TYPE_COERCE")],
)
async def test_a_users_limit_out_of_range_is_refused(
    rest: Rest, place: dict[str, Any], limit: str, code: str
) -> None:
    event = await create(rest, place["guild"])
    path = f"{events(place['guild'])}/{event['id']}/users"
    status, reply = await rest.call("GET", path, params={"limit": limit})
    assert status == 400
    assert field_codes(reply, "limit") == [code]


async def test_a_guild_holds_at_most_100_unfinished_events(
    standin: StandInClient, rest: Rest, place: dict[str, Any]
) -> None:
    assert standin.core is not None
    core = standin.core
    guild = core.world.guild(int(place["guild"]["id"]))
    for _ in range(100):
        await core.scheduler.create(guild, core.world.bot, external())
    status, reply = await rest.call("POST", events(place["guild"]), external())
    assert (status, reply["code"]) == (400, 30038)
    first = core.scheduler.events_of(guild.id)[0]
    await rest.call("PATCH", f"{events(place['guild'])}/{first.id}", {"status": CANCELED})
    assert (await rest.call("POST", events(place["guild"]), external()))[0] == 200


async def test_interest_is_refused_where_a_client_offers_no_button(
    standin: StandInClient, rest: Rest, place: dict[str, Any]
) -> None:
    event = await create(rest, place["guild"])
    await standin.interested(place["alice"], event["id"])
    with pytest.raises(StandInRefusedError, match="already interested"):
        await standin.interested(place["alice"], event["id"])
    with pytest.raises(StandInRefusedError, match="not interested"):
        await standin.uninterested(place["bob"], event["id"])
    await rest.call("PATCH", f"{events(place['guild'])}/{event['id']}", {"status": CANCELED})
    with pytest.raises(StandInRefusedError, match="is over"):
        await standin.interested(place["bob"], event["id"])
    [listed] = await standin.scheduled_events(place["guild"]["id"])
    assert [u["id"] for u in listed["users"]] == [place["alice"]]


async def test_an_external_event_starts_and_ends_by_the_clock(
    standin: StandInClient, rest: Rest, place: dict[str, Any]
) -> None:
    event = await create(rest, place["guild"], start_h=1.0, end_h=2.0)
    path = f"{events(place['guild'])}/{event['id']}"
    await standin.advance_clock(59 * 60)
    assert (await rest.call("GET", path))[1]["status"] == SCHEDULED
    await standin.advance_clock(60)
    assert (await rest.call("GET", path))[1]["status"] == ACTIVE
    await standin.advance_clock(3600)
    [listed] = await standin.scheduled_events(place["guild"]["id"])
    assert listed["status"] == COMPLETED
    status, reply = await rest.call("PATCH", path, {"status": COMPLETED})  # the bot, too late
    assert (status, reply["code"]) == (400, 180000)


async def test_sending_the_status_an_event_has_changes_nothing(
    rest: Rest, place: dict[str, Any]
) -> None:
    event = await create(rest, place["guild"])
    path = f"{events(place['guild'])}/{event['id']}"
    status, same = await rest.call("PATCH", path, {"status": SCHEDULED})
    assert (status, same) == (200, event)


async def test_real_time_passing_starts_an_event_too(
    standin: StandInClient, rest: Rest, place: dict[str, Any]
) -> None:
    event = await create(rest, place["guild"], start_h=1.0 / 3600, end_h=1.0)  # a second ahead
    assert event["status"] == SCHEDULED
    assert standin.core is not None
    core = standin.core

    def ticked() -> bool:  # by the server's own tick, not by a request that catches up
        return core.world.scheduled_events[int(event["id"])].status == ACTIVE

    await standin.wait_for(ticked, timeout=5.0)
    [listed] = await standin.scheduled_events(place["guild"]["id"])
    assert listed["status"] == ACTIVE


async def test_an_image_is_kept_as_a_hash_and_exceptions_count_no_users(
    rest: Rest, place: dict[str, Any]
) -> None:
    cover = "data:image/png;base64,iVBORw0KGgo="
    event = await create(rest, place["guild"], image=cover)
    assert len(event["image"]) == 32
    int(event["image"], 16)
    path = f"{events(place['guild'])}/{event['id']}/users/counts"
    asked = {"guild_scheduled_event_exception_ids": "42"}
    status, counts = await rest.call("GET", path, params=asked)
    assert (status, counts["guild_scheduled_event_exception_counts"]) == (200, {"42": 0})
