"""Team rounds end to end through the stand-in: unequal role teams ranked by points per member
who played, resumed after a restart with every member's team kept (whatever roles they gained
meanwhile), auto teams split evenly, and the refusals of `teams:` values that name no teams."""

from __future__ import annotations

import pytest

from bot.app.kit.catalogue import tr
from bot.quiz.model import Question
from bot.storage.results import RoundView
from bot.storage.rounds import lifecycle, teams
from tests.e2e.conftest import Json, QuizWorld, answer, of_round, titled
from tests.messages import layout_text

BACKENDS = ["sqlite", "postgres"]
# Who answers which of the 3 questions of "mini" right (True), wrong (False), or not (None).
PLAYS = {
    "a": [True, True, True],  # red
    "b": [False, True, False],  # red
    "e": [True, False, False],  # red and blue: red, listed first
    "d": [True, True, True],  # blue (and red from question 2 on: still blue)
    "h": [None, False, True],  # blue, joins after the restart
    "g": [True, True, True],  # no team role: ranked only as an individual
}


async def question(world: QuizWorld, view: RoundView, index: int) -> tuple[Json, Question]:
    total = len(view.question_order)
    message = await world.wait_for_message(of_round(view.id, f"Question {index + 1} of {total}"))
    pack = world.library.get(view.pack_id)
    assert pack is not None
    asked = pack.question(view.question_order[index])
    assert asked is not None
    return message, asked


async def play(
    world: QuizWorld, view: RoundView, index: int, who: dict[str, int]
) -> dict[str, str]:
    """Each member's planned answer to question ``index``; what the bot said to each."""
    message, asked = await question(world, view, index)
    said = {}
    for name, plan in PLAYS.items():
        if plan[index] is None:
            continue
        wrong = (asked.correct_index + 1) % len(asked.options)
        said[name] = await answer(
            world, who[name], message, asked.correct_index if plan[index] else wrong
        )
    await world.command(world.owner, "quiz skip")
    return said


async def revealed(world: QuizWorld, view: RoundView, index: int) -> str:
    closed = f"Question {index + 1} of {len(view.question_order)} · Closed"
    return layout_text(await world.wait_for_message(of_round(view.id, closed)))


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_unequal_teams_rank_by_points_per_member_and_survive_a_restart(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    english = [m for m in world.members if world.locales[m].startswith("en")]
    who = dict(zip(PLAYS, english, strict=False))
    red = (await world.standin.add_role(world.guild_id, "Red"))["id"]
    blue = (await world.standin.add_role(world.guild_id, "Blue"))["id"]
    for name, roles in {"a": [red], "b": [red], "e": [blue, red], "d": [blue]}.items():
        for role in roles:
            await world.standin.give_role(world.guild_id, who[name], role)

    teams_typed = f"<@&{red}>, <@&{blue}>"
    report = await world.command(
        world.owner, "quiz start", pack="mini", seconds=60, teams=teams_typed
    )
    assert f"**Team round**: <@&{red}> · <@&{blue}>" in await world.said(report)
    (view,) = await lifecycle.running_rounds(world.db)

    said = await play(world, view, 0, who)
    assert said["a"].endswith(f"\nYou play for <@&{red}>.")
    assert said["e"].endswith(f"\nYou play for <@&{red}>.")
    assert said["d"].endswith(f"\nYou play for <@&{blue}>.")
    assert said["g"].endswith("\n" + tr("en", "teams.playing_alone"))
    assert f"**Teams**: <@&{red}> 2/3 right · <@&{blue}> 1/1 right" in await revealed(
        world, view, 0
    )

    await question(world, view, 1)  # posted by the process about to stop
    await world.stop_bot()
    await world.standin.give_role(world.guild_id, who["d"], red)  # too late to change teams
    await world.standin.give_role(world.guild_id, who["h"], blue)
    await world.start_bot()
    said = await play(world, view, 1, who)
    assert said["d"].endswith(f"\nYou play for <@&{blue}>.")
    assert said["h"].endswith(f"\nYou play for <@&{blue}>.")
    assert f"<@&{red}> 2/3 right · <@&{blue}> 1/2 right" in await revealed(world, view, 1)
    said = await play(world, view, 2, who)
    assert said["d"].endswith(f"\nYou play for <@&{blue}>.")  # every answer says whose

    standings = await world.wait_for_message(titled("Standings"))
    text = layout_text(standings)
    # Red: 3 + 1 + 1 = 5 points by 3 members; blue: 3 + 1 = 4 by 2, so blue leads.
    assert (
        "**Teams**\n"
        f"**1.** <@&{blue}>: 2 per member (4 correct, 2 members played)\n"
        f"**2.** <@&{red}>: 1.67 per member (5 correct, 3 members played)"
    ) in text
    assert text.index("**Teams**") < text.index(f"<@{who['g']}>: 3 correct")  # then individuals
    assert text.endswith(f"\n-# {tr('en', 'teams.rule')}")  # the rule, in the footer
    stored = await teams.member_teams(world.db, view.id)
    assert stored == {
        who["a"]: 0,
        who["b"]: 0,
        who["e"]: 0,
        who["d"]: 1,
        who["h"]: 1,
        who["g"]: None,
    }
    roles_named = {role for mention in await world.standin.mentions() for role in mention["roles"]}
    assert roles_named.isdisjoint({red, blue})  # named in every message, pinged by none


async def test_auto_teams_split_the_players_evenly(bot_world: QuizWorld) -> None:
    world = bot_world
    players = [m for m in world.members if world.locales[m].startswith("en")][:5]
    report = await world.command(
        world.owner, "quiz start", pack="mini", seconds=60, questions=1, teams="auto"
    )
    assert "**Team round**: 2 teams" in await world.said(report)
    (view,) = await lifecycle.running_rounds(world.db)
    message, asked = await question(world, view, 0)
    told = {member: await answer(world, member, message, asked.correct_index) for member in players}
    await world.command(world.owner, "quiz skip")
    stored = await teams.member_teams(world.db, view.id)
    assert sorted(list(stored.values()).count(team) for team in (0, 1)) == [2, 3]
    for member, team in stored.items():
        assert told[member].endswith(f"\nYou play for Team {team + 1}.")
    text = layout_text(await world.wait_for_message(titled("Standings")))
    assert "**1.** Team 1: 1 per member" in text
    assert "**1.** Team 2: 1 per member" in text  # equal shares, a shared rank


@pytest.mark.parametrize(
    ("typed", "key", "part"),
    [
        ("auto 9", "teams.auto_count", ""),
        ("{red}", "teams.count", ""),
        ("{red} {red}", "teams.repeated", ""),
        ("{red} Blue", "teams.not_a_role", "Blue"),
        ("{red} {everyone}", "teams.everyone", ""),
        ("{red} {bot}", "teams.managed_role", "<@&{bot_id}>"),
        ("{red} 12345", "teams.unknown_role", "12345"),
    ],
)
async def test_teams_that_name_no_teams_are_refused_and_start_nothing(
    bot_world: QuizWorld, typed: str, key: str, part: str
) -> None:
    world = bot_world
    guild = (await world.standin.state())["guilds"][0]
    bot_role = next(r["id"] for r in guild["roles"] if r["name"] == "quizbot")
    red = (await world.standin.add_role(world.guild_id, "Red"))["id"]
    filled = typed.format(red=f"<@&{red}>", everyone=f"<@&{world.guild_id}>", bot=bot_role)
    report = await world.command(world.owner, "quiz start", pack="mini", teams=filled)
    [response] = report["responses"]
    assert response["body"]["data"]["flags"] & 64  # ephemeral
    assert await world.said(report) == tr("en", key, part=part.format(bot_id=bot_role))
    assert await lifecycle.running_rounds(world.db) == []
