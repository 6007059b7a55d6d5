"""Seasons end to end through the stand-in, on the stand-in's clock: a season answered across two
rounds and ended by its date, its final standings posted once, its board the same afterwards
whatever is answered later, the next season empty while all time keeps counting; a season
ended by command, with the member's place in it in /stats meanwhile; and the refusals, in the
moderator's words."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import text

from bot.app.kit.catalogue import tr
from bot.storage.seasons import season
from tests.e2e.conftest import (
    Json,
    QuizWorld,
    buttons_of,
    change_behind_the_bots_back,
    play_round,
    titled,
)

BACKENDS = ["sqlite", "postgres"]


def board_lines(message: Json) -> list[str]:
    """The board's rows, each cut to its rank and member (``1. <@id>:``)."""
    description = message["embeds"][0]["description"]
    return [" ".join(line.replace("*", "").split(" ")[:2]) for line in description.splitlines()]


async def final_standings(world: QuizWorld) -> list[Json]:
    """The bot's final-standings posts in the quiz channel (each with its season's Browse)."""
    return [
        m
        for m in await world.messages()
        if any(b.get("custom_id", "").startswith("lb:f:S") for b in buttons_of(m))
    ]


async def public_board(world: QuizWorld, **options: str) -> Json:
    report = await world.command(world.owner, "leaderboard", **options)
    assert report["responses"][0]["body"]["data"].get("flags", 0) & 64 == 0, await world.said(
        report
    )
    return await world.wait_for_message(titled("Leaderboard"))


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_a_season_ends_by_its_date_once_and_its_board_stays(bot_world: QuizWorld) -> None:
    world, owner = bot_world, bot_world.owner
    first, second = [m for m in world.members if world.locales[m].startswith("en")][:2]
    tomorrow = (world.clock.now() + timedelta(days=1)).date().isoformat()
    started = await world.said(
        await world.command(owner, "quiz season start", name="Spring term", ends=tomorrow)
    )
    assert "Season **Spring term** has started and ends" in started
    await play_round(world, {first: 3, second: 0})
    await play_round(world, {first: 0, second: 2}, questions=2)  # told apart by its length
    shown = await public_board(world, period="season")
    assert shown["embeds"][0]["title"] == "Leaderboard · Season “Spring term”"
    # 3 points against 2, all of the second member's from the second round
    assert board_lines(shown) == [f"1. <@{first}>:", f"2. <@{second}>:"]
    during = shown["embeds"][0]["description"]

    await world.advance_clock(2 * 24 * 3600)  # past its last day, in UTC (the server's zone)
    [posted] = await world.standin.wait_for(lambda: final_standings(world), timeout=15)
    assert "Season **Spring term** is over." in posted["content"]
    assert posted["embeds"][0]["description"] == during
    running = await season.running_season(world.db, world.guild_id)
    assert running is None

    await play_round(world, {first: 1, second: 0}, questions=1)  # after its end: all time only
    after = await public_board(world, season="Spring term")
    assert after["embeds"][0]["description"] == during
    everyone = await public_board(world)
    assert everyone["embeds"][0]["description"] != during  # all time counted the third round
    await world.command(owner, "quiz season start", name="Summer term")
    summer = await public_board(world, period="season")
    assert summer["embeds"][0]["description"] == tr("en", "leaderboard.empty")
    assert len(await final_standings(world)) == 1  # posted once, whatever passes came since


async def test_a_season_ended_by_command_posts_its_standings_in_its_channel(
    bot_world: QuizWorld,
) -> None:
    world, owner = bot_world, bot_world.owner
    first = next(m for m in world.members if world.locales[m].startswith("en"))
    await world.command(owner, "quiz season start", name="Quiz week")
    mine = await world.said(await world.command(first, "stats"))
    assert "Season “Quiz week”: Not on its board yet: answer a round to get there" in mine
    await play_round(world, {first: 2})
    mine = await world.said(await world.command(first, "stats"))
    assert "Season “Quiz week”: Place 1 · 2 correct" in mine
    ended = await world.said(await world.command(owner, "quiz season end"))
    channel = f"<#{world.channel_id}>"
    assert ended == tr("en", "season.ended", name="Quiz week", channel=channel)
    [posted] = await world.standin.wait_for(lambda: final_standings(world), timeout=15)
    assert board_lines(posted) == [f"1. <@{first}>:"]
    again = await world.said(await world.command(owner, "quiz season end"))
    assert again == tr("en", "season.none_running")


async def test_refusals_say_why(bot_world: QuizWorld) -> None:
    world, owner = bot_world, bot_world.owner
    member = next(m for m in world.members if world.locales[m].startswith("en"))

    async def said(user: int, command: str, **options: str) -> str:
        return await world.said(await world.command(user, command, **options))

    assert await said(member, "quiz season start", name="Mine") == tr("en", "errors.not_moderator")
    assert await said(owner, "quiz season start", name="X", ends="2027-02-30") == tr(
        "en", "season.bad_day", ends="2027-02-30"
    )
    yesterday = (world.clock.now() - timedelta(days=1)).date().isoformat()
    assert await said(owner, "quiz season start", name="X", ends=yesterday) == tr(
        "en", "season.ends_past", ends=yesterday
    )
    await said(owner, "quiz season start", name="Autumn")
    assert await said(owner, "quiz season start", name="Winter") == tr("en", "season.running")
    await said(owner, "quiz season end")
    assert await said(owner, "quiz season start", name="AUTUMN") == tr(
        "en", "season.name_taken", name="AUTUMN"
    )
    assert await said(owner, "leaderboard", season="Nope") == tr(
        "en", "season.unknown", name="Nope"
    )
    assert await said(owner, "leaderboard", period="season") == tr("en", "season.none_running")


async def test_final_standings_posted_before_a_crash_are_found_not_posted_again(
    bot_world: QuizWorld,
) -> None:
    world, owner = bot_world, bot_world.owner
    await world.command(owner, "quiz season start", name="Crash week")
    await world.command(owner, "quiz season end")
    [posted] = await world.standin.wait_for(lambda: final_standings(world), timeout=15)
    # As if the process had died between posting and recording the post, minutes ago.
    await change_behind_the_bots_back(
        world,
        "UPDATE seasons SET standings_message_id = NULL, standings_claimed_at = NULL",
    )
    assert world.bot is not None
    passes = world.bot.seasons.passes
    world.bot.seasons.changed()
    await world.standin.wait_for(lambda: world.bot.seasons.passes > passes, timeout=15)  # type: ignore[union-attr]

    async def recorded() -> int | None:
        async with world.db.read() as connection:
            found = await connection.scalar(text("SELECT standings_message_id FROM seasons"))
        return None if found is None else int(found)

    assert await world.standin.wait_for(recorded, timeout=15) == int(posted["id"])
    assert len(await final_standings(world)) == 1
