"""A weekly or monthly board is the period of the message it came from, whenever it is browsed:
a week's board posted this week and browsed next week still shows this week. Buttons posted
before they carried the period (``lb:b:week:…``) show the current period, as they did.

The clock (the stand-in's, which the bot follows) is moved a week on for the browsing; the
command itself ran before.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import discord
import pytest

from bot.app.boards.buttons import MeButton, PageButton
from bot.app.kit.catalogue import tr
from bot.app.kit.context import utc_now
from bot.quiz.boards.scoring import month_key, week_key
from tests.e2e.conftest import QuizWorld, custom_ids, titled
from tests.e2e.test_standings_and_boards import button, page_of, private_click, seed_round

EMPTY = tr("en", "leaderboard.empty")


def week_title(moment: datetime) -> str:
    year, week, _ = moment.isocalendar()
    return f"Leaderboard · Week {week}, {year}"


async def move_clock(world: QuizWorld, to: datetime) -> None:
    await world.standin.set_clock(to)


async def scored_members(world: QuizWorld) -> list[int]:
    """Two English-speaking members with points this week (and this month)."""
    first, second = [m for m in world.members if world.locales[m].startswith("en")][:2]
    await seed_round(world, {first: (3, 400), second: (1, 600)})
    return [first, second]


@pytest.mark.parametrize(("period", "days"), [("week", 7), ("month", 32)])
async def test_a_board_browsed_in_a_later_period_shows_its_own_period(
    bot_world: QuizWorld, period: str, days: int
) -> None:
    world = bot_world
    first, second = await scored_members(world)
    now = utc_now()
    await world.command(first, "leaderboard", period=period)
    public = await world.wait_for_message(titled("Leaderboard"))
    key = week_key(now) if period == "week" else month_key(now)
    assert key in button(public, "Browse")
    if period == "week":
        assert public["embeds"][0]["title"] == week_title(now)

    await move_clock(world, now + timedelta(days=days))  # the next week (month): nothing scored yet
    mine = await private_click(world, second, public["id"], button(public, "Browse"))
    assert mine["embeds"][0]["title"] == public["embeds"][0]["title"]  # names the same period
    lines = mine["embeds"][0]["description"].splitlines()
    assert [line.split(" ")[1] for line in lines] == [f"<@{first}>:", f"<@{second}>:"]
    assert page_of(mine) == "Page 1 of 1"
    # Its own buttons stay on that period, and "Me" finds the member on it.
    mine = await private_click(world, second, mine["id"], button(mine, "Me"))
    assert mine["content"] == tr("en", "leaderboard.your_rank", rank=2, points=1)
    me = await private_click(world, first, public["id"], button(public, "Me"))
    assert me["content"] == tr("en", "leaderboard.your_rank", rank=1, points=3)


async def test_buttons_from_before_they_carried_the_period_show_the_current_one(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    first, _ = await scored_members(world)
    assert world.bot is not None
    view = discord.ui.View(timeout=None)
    view.add_item(PageButton("week", "", "b", 0, "Browse"))
    view.add_item(MeButton("week", "", "Me"))
    channel = world.bot.get_channel(world.channel_id)
    assert isinstance(channel, discord.TextChannel)
    old = await channel.send("A weekly board posted before the change", view=view)
    posted = next(m for m in await world.messages() if m["id"] == str(old.id))
    assert custom_ids(posted) == ["lb:b:week::0", "lm:week:"]

    this_week = await private_click(world, first, str(old.id), "lb:b:week::0")
    assert f"<@{first}>" in this_week["embeds"][0]["description"]  # the current week, as before
    later = utc_now() + timedelta(days=7)
    await move_clock(world, later)
    next_week = await private_click(world, first, str(old.id), "lb:b:week::0")
    assert next_week["embeds"][0]["title"] == week_title(later)
    assert next_week["embeds"][0]["description"] == EMPTY
    said = await world.said(await world.click(first, str(old.id), "lm:week:"))
    assert said == tr(world.locales[first], "leaderboard.not_ranked")
