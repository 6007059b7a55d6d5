"""`/quiz schedule` as moderators use it: the list with the next rounds in members' local time,
a skip that skips exactly the next round, a removal, the refusals in English and Greek, and a
pack turned off after it was scheduled (the round skipped, its moderator told)."""

from __future__ import annotations

from bot.app.kit.catalogue import tr
from bot.app.kit.command_text import command_as_shown
from bot.quiz.schedules.series import MAX_SCHEDULES, Outcome
from bot.storage.settings import settings
from standin.permissions import MEMBER_OVERWRITE, SEND_MESSAGES
from tests.e2e.conftest import TIMEOUT, QuizWorld
from tests.e2e.scheduling import (
    add,
    all_schedules,
    day_after,
    dms,
    local,
    local_today,
    move_to,
    passes,
    rounds_started,
    schedule_outcomes,
    wait_for_dms,
    wait_for_rounds,
)


def stamp(world: QuizWorld, day_offset: int, hour: int) -> str:
    """The Discord timestamp of ``hour``:00 UTC on the bot's today plus ``day_offset``."""
    moment = local(day_after(local_today(world), day_offset), hour)
    return f"<t:{int(moment.timestamp())}:F>"


async def test_the_list_shows_each_schedule_with_its_next_rounds(clocked: QuizWorld) -> None:
    world = clocked
    empty = await world.said(await world.command(world.owner, "quiz schedule list"))
    assert tr("en", "schedule.list_empty") in empty
    said = await add(world, day="daily", time="12:00", ends=str(day_after(local_today(world), 1)))
    assert "Scheduled: **Mini quiz**" in said
    assert f"Next rounds: {stamp(world, 0, 12)}, {stamp(world, 1, 12)}" in said
    listed = await world.said(await world.command(world.owner, "quiz schedule list"))
    (schedule,) = await all_schedules(world)
    assert f"#{schedule.id} · Mini quiz" in listed
    assert f"every day at 12:00 in <#{world.channel_id}>" in listed
    assert stamp(world, 1, 12) in listed
    assert stamp(world, 2, 12) not in listed  # past its last day
    asked = await world.standin.autocomplete(
        world.owner, world.channel_id, "quiz schedule skip", focused="schedule", schedule="mini"
    )
    report = await world.standin.wait_for_response(asked, timeout=TIMEOUT)
    choices = report["responses"][0]["body"]["data"]["choices"]
    assert choices == [
        {"name": f"#{schedule.id} · Mini quiz · every day at 12:00", "value": schedule.id}
    ]


async def test_the_servers_time_zone_and_grace_are_quiz_settings(clocked: QuizWorld) -> None:
    world = clocked
    await add(world, day="daily", time="12:00")  # in UTC, the zone of a server that set none
    asked = await world.standin.autocomplete(
        world.owner, world.channel_id, "quiz settings", focused="time_zone", time_zone="athens"
    )
    report = await world.standin.wait_for_response(asked, timeout=TIMEOUT)
    choices = report["responses"][0]["body"]["data"]["choices"]
    assert choices == [{"name": "Europe/Athens", "value": "Europe/Athens"}]  # as /settings has
    said = await world.said(
        await world.command(
            world.owner, "quiz settings", time_zone="Europe/Athens", grace_minutes=5
        )
    )
    assert "Time zone of scheduled rounds: Europe/Athens" in said
    assert "Late start after an outage: up to 5 minutes" in said
    stored = await settings.guild_settings(world.db, world.guild_id)
    assert (stored.time_zone, stored.grace_minutes) == ("Europe/Athens", 5)
    # The schedule keeps its time of day, now in Athens (UTC+2 or +3, ahead of UTC).
    listed = await world.said(await world.command(world.owner, "quiz schedule list"))
    tomorrow = local(day_after(local_today(world)), 12, zone="Europe/Athens")
    assert f"<t:{int(tomorrow.timestamp())}:F>" in listed
    assert stamp(world, 1, 12) not in listed
    said = await world.said(await world.command(world.owner, "quiz settings", grace_minutes=0))
    assert "never: a round the bot was offline for is missed" in said
    assert (await settings.guild_settings(world.db, world.guild_id)).time_zone == "Europe/Athens"


async def test_skip_skips_the_next_round_only(clocked: QuizWorld) -> None:
    world = clocked
    today = local_today(world)
    await add(world, day="daily", time="12:00")
    (schedule,) = await all_schedules(world)
    said = await world.said(
        await world.command(world.owner, "quiz schedule skip", schedule=schedule.id)
    )
    assert said == "\n".join(
        [
            tr("en", "schedule.skipped", time=stamp(world, 0, 12), id=schedule.id),
            tr("en", "schedule.skipped_then", time=stamp(world, 1, 12)),
        ]
    )
    listed = await world.said(await world.command(world.owner, "quiz schedule list"))
    assert stamp(world, 0, 12) not in listed
    await move_to(world, local(today, 12, 1))
    await passes(world)
    assert await rounds_started(world) == []
    assert await schedule_outcomes(world) == {today: (Outcome.SKIPPED, None)}
    await move_to(world, local(day_after(today), 12))
    (started,) = await wait_for_rounds(world, 1)
    assert (await schedule_outcomes(world))[day_after(today)] == (Outcome.STARTED, started.id)
    assert await dms(world, world.owner) == []  # a skip is the moderator's own: nobody is told


async def test_a_removed_schedule_starts_no_more_rounds(clocked: QuizWorld) -> None:
    world = clocked
    await add(world, day="daily", time="12:00")
    (schedule,) = await all_schedules(world)
    said = await world.said(
        await world.command(world.owner, "quiz schedule remove", schedule=schedule.id)
    )
    assert said == tr("en", "schedule.removed", id=schedule.id)
    again = await world.said(
        await world.command(world.owner, "quiz schedule remove", schedule=schedule.id)
    )
    assert again == tr("en", "schedule.unknown", id=schedule.id)
    await move_to(world, local(local_today(world), 12, 1))
    await passes(world)
    assert await rounds_started(world) == []
    listed = await world.said(await world.command(world.owner, "quiz schedule list"))
    assert tr("en", "schedule.list_empty") in listed


async def test_a_pack_turned_off_later_skips_its_round_and_tells_the_moderator(
    clocked: QuizWorld,
) -> None:
    world = clocked
    today = local_today(world)
    greek = world.members[1]  # told in Greek, the Discord language they scheduled it in
    await world.standin.give_role(world.guild_id, greek, "Moderator")
    await add(world, greek, day="daily", time="12:00")
    await world.command(world.owner, "quiz pack disable", pack="mini")
    await move_to(world, local(today, 12))
    (note,) = await wait_for_dms(world, greek)
    assert note["content"].startswith("Ο προγραμματισμένος γύρος σας με το **Μικρό κουίζ**")
    assert tr("el", "schedule.outcome.pack_gone") in note["content"]
    assert stamp(world, 0, 12) in note["content"]
    assert await rounds_started(world) == []
    assert await schedule_outcomes(world) == {today: (Outcome.PACK_GONE, None)}


async def test_refusals_say_why_in_the_members_language(world: QuizWorld) -> None:
    bot_user = int((await world.standin.state())["bot_user_id"])
    closed = await world.standin.add_channel(
        world.guild_id,
        "closed",
        [{"id": bot_user, "type": MEMBER_OVERWRITE, "deny": SEND_MESSAGES}],
    )
    greek, member = world.members[1], world.members[0]
    assert world.locales[greek] == "el"
    await world.standin.give_role(world.guild_id, greek, "Moderator")
    await world.start_bot()

    async def said(user: int, **options: object) -> str:
        return await add(world, user, **({"day": "monday", "time": "19:00"} | options))

    assert await said(world.owner, time="25:00") == tr(
        "en", "schedule.problem.bad_time", time="25:00", ends="", zone="UTC"
    )
    assert await said(greek, ends="30/06/2027") == tr(
        "el", "schedule.problem.bad_date", time="19:00", ends="30/06/2027", zone="UTC"
    )
    past = await said(greek, ends="2020-01-01")
    assert past == tr(
        "el", "schedule.problem.ends_before_first", time="19:00", ends="2020-01-01", zone="UTC"
    )
    assert past.startswith("Η τελευταία μέρα, 2020-01-01, έχει περάσει")
    assert await said(world.owner, channel=closed["id"]) == tr(
        "en", "schedule.cannot_post", channel=f"<#{closed['id']}>"
    )
    assert await said(greek, ping=str(world.guild_id)) == tr("el", "schedule.ping_everyone")
    assert await said(member) == tr("en-US", "errors.not_moderator")
    zone = await world.said(
        await world.command(world.owner, "quiz settings", time_zone="Mars/Olympus")
    )
    assert zone == tr("en", "settings.unknown_zone", zone="Mars/Olympus")
    assert await all_schedules(world) == []  # nothing was saved
    hint = command_as_shown("el", "quiz settings")
    assert hint in tr("el", "schedule.zone_hint", zone="UTC")


async def test_a_server_has_at_most_max_schedules(clocked: QuizWorld) -> None:
    world = clocked
    for _ in range(MAX_SCHEDULES):
        await add(world, day="daily", time="12:00")
    assert await add(world, day="daily", time="12:00") == tr(
        "en", "schedule.too_many", limit=MAX_SCHEDULES
    )
    assert len(await all_schedules(world)) == MAX_SCHEDULES
