"""/settings: a member's own settings, saved, shown, refused with a clear reason, in a server and
in a DM with the bot."""

from __future__ import annotations

import pytest

from bot.app.kit.catalogue import tr
from bot.storage.settings import settings
from standin.driver import StandInRefusedError
from tests.e2e.conftest import TIMEOUT, QuizWorld


async def test_settings_are_saved_and_shown_again(bot_world: QuizWorld) -> None:
    world = bot_world
    member = world.members[0]  # en-US
    shown = await world.said(await world.command(member, "settings"))
    assert "Your settings. Change any of them" in shown
    assert "Time zone: UTC" in shown
    assert "Review reminders by DM: off" in shown

    saved = await world.said(
        await world.command(
            member,
            "settings",
            time_zone="Europe/Athens",
            new_per_day=5,
            reminders=True,
            reminder_hour=9,
            quiet_start=22,
            quiet_end=7,
            language="el",
        )
    )
    assert "Settings saved." in saved
    assert "Review reminders by DM: on, at 09:00 your time" in saved
    assert "Quiet hours: 22:00 to 07:00" in saved
    assert "Language of DMs: Greek" in saved
    stored = await settings.member_settings(world.db, member)
    assert (stored.time_zone, stored.daily_new_limit, stored.reminders) == (
        "Europe/Athens",
        5,
        True,
    )
    assert (stored.reminder_hour, stored.quiet_start, stored.quiet_end) == (9, 22, 7)
    assert (stored.locale, stored.client_locale, stored.dm_locale) == ("el", "en-US", "el")

    again = await world.said(await world.command(member, "settings", language="client"))
    assert "Language of DMs: your Discord language" in again
    assert "Time zone: Europe/Athens" in again
    assert (await settings.member_settings(world.db, member)).dm_locale == "en-US"


async def test_an_unknown_zone_is_refused_and_nothing_changes(bot_world: QuizWorld) -> None:
    world = bot_world
    member = world.members[0]
    said = await world.said(
        await world.command(member, "settings", time_zone="Mars/Olympus", new_per_day=3)
    )
    assert "“Mars/Olympus” is not a time zone I know" in said
    assert said.endswith("Nothing was changed.")
    assert (await settings.member_settings(world.db, member)).daily_new_limit == 10


async def test_a_reminder_hour_in_quiet_hours_is_refused_in_the_members_language(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    member = world.members[1]  # a Greek client
    assert world.locales[member] == "el"
    said = await world.said(
        await world.command(
            member, "settings", reminders=True, reminder_hour=23, quiet_start=22, quiet_end=6
        )
    )
    expected = tr("el", "settings.problem.hour_is_quiet", hour="23:00", start="22:00", end="06:00")
    assert said.splitlines() == [expected, "Δεν άλλαξε τίποτα."]
    assert not (await settings.member_settings(world.db, member)).reminders

    half = await world.said(await world.command(member, "settings", quiet_start=22))
    assert half.startswith(tr("el", "settings.problem.quiet_half"))


@pytest.mark.parametrize(
    "option",
    [{"new_per_day": 51}, {"new_per_day": -1}, {"reminder_hour": 24}, {"quiet_end": -1}],
)
async def test_out_of_range_values_never_reach_the_bot(
    bot_world: QuizWorld, option: dict[str, int]
) -> None:
    """Discord's client refuses them against the command's declared ranges."""
    with pytest.raises(StandInRefusedError, match=r"range|min|max"):
        await bot_world.standin.command(
            bot_world.members[0], bot_world.channel_id, "settings", **option
        )


async def test_time_zones_are_suggested_as_typed(bot_world: QuizWorld) -> None:
    world = bot_world
    asked = await world.standin.autocomplete(
        world.members[0], world.channel_id, "settings", focused="time_zone", time_zone="athens"
    )
    report = await world.standin.wait_for_response(asked, timeout=TIMEOUT)
    choices = report["responses"][0]["body"]["data"]["choices"]
    assert choices == [{"name": "Europe/Athens", "value": "Europe/Athens"}]


async def test_a_greek_member_finds_a_zone_by_its_greek_name(bot_world: QuizWorld) -> None:
    world = bot_world
    greek = next(m for m in world.members if world.locales[m] == "el")
    asked = await world.standin.autocomplete(
        greek, world.channel_id, "settings", focused="time_zone", time_zone="Αθηνα"
    )
    report = await world.standin.wait_for_response(asked, timeout=TIMEOUT)
    choices = report["responses"][0]["body"]["data"]["choices"]
    assert choices == [{"name": "Europe/Athens (Αθήνα)", "value": "Europe/Athens"}]


async def test_settings_work_in_a_dm_with_the_bot(bot_world: QuizWorld) -> None:
    world = bot_world
    member = world.members[0]
    dm = await world.standin.dm_channel(member)
    asked = await world.standin.command(member, dm, "settings", new_per_day=0)
    said = await world.said(await world.standin.wait_for_response(asked, timeout=TIMEOUT))
    assert "Settings saved." in said
    assert "New questions per day: 0" in said
    assert (await settings.member_settings(world.db, member)).daily_new_limit == 0
