"""Scheduled team rounds, on a clock the test moves: a schedule's role teams are said when it is
added and listed, and each of its rounds starts as a team round of those roles; auto teams are
drawn anew for each round; teams the server cannot play are refused and nothing is saved."""

from __future__ import annotations

from bot.app.kit.catalogue import tr
from tests.e2e.conftest import QuizWorld
from tests.e2e.scheduling import (
    add,
    all_schedules,
    day_after,
    local,
    local_today,
    move_to,
    stop_round,
    wait_for_rounds,
    wait_for_start_cards,
)


async def test_a_schedules_role_teams_play_each_of_its_rounds(clocked: QuizWorld) -> None:
    world = clocked
    red = (await world.standin.add_role(world.guild_id, "Red"))["id"]
    blue = (await world.standin.add_role(world.guild_id, "Blue"))["id"]
    said = await add(world, day="daily", time="12:00", teams=f"<@&{red}> <@&{blue}>")
    teams = tr("en", "teams.start", teams=f"<@&{red}> · <@&{blue}>")
    assert teams in said
    listed = await world.command(world.owner, "quiz schedule list")
    assert teams in str(listed["responses"][0]["body"]["data"]["embeds"])

    await move_to(world, local(local_today(world), 12))
    [view] = await wait_for_rounds(world, 1)
    assert view.teams is not None
    assert view.teams.role_ids == (int(red), int(blue))
    [card] = await wait_for_start_cards(world)
    assert teams in str(card)
    assert await world.standin.mentions() == []  # the teams are named, nobody is pinged


async def test_auto_teams_are_drawn_anew_for_each_round(clocked: QuizWorld) -> None:
    world = clocked
    said = await add(world, day="daily", time="12:00", teams="auto 3")
    assert tr("en", "teams.start_auto", count=3) in said
    today = local_today(world)
    await move_to(world, local(today, 12))
    await wait_for_rounds(world, 1)
    await stop_round(world)
    await move_to(world, local(day_after(today), 12))
    first, second = sorted(await wait_for_rounds(world, 2), key=lambda view: view.id)
    assert first.teams is not None
    assert second.teams is not None
    assert (first.teams.count, first.teams.role_ids) == (3, ())
    assert (second.teams.count, second.teams.role_ids) == (3, ())
    assert first.teams.seed != second.teams.seed  # 31 random bits each


async def test_teams_the_server_cannot_play_are_refused_and_nothing_is_saved(
    clocked: QuizWorld,
) -> None:
    world = clocked
    said = await add(world, day="daily", time="12:00", teams=f"<@&{world.guild_id}> 1")
    assert said in {tr("en", "teams.everyone"), tr("en", "teams.not_a_role", part="1")}
    said = await add(world, day="daily", time="12:00", teams="auto 9")
    assert said == tr("en", "teams.auto_count")
    assert await all_schedules(world) == []
