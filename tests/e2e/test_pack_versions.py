"""A round plays the pack as it was when it started: re-uploading or removing its server pack
mid-round changes nothing in it; pack ids with the inside "@<server>" suffix are refused
wherever a member types one; a round whose question is truly gone (a built-in pack edited
across a restart) ends once, with its standings and a DM to who started it."""

from __future__ import annotations

import logging
from dataclasses import replace

import pytest

from bot.app.kit.catalogue import tr
from bot.app.kit.context import utc_now
from bot.quiz.packs.library import Library
from bot.quiz.rounds.rules import RoundState
from bot.storage.packs.library import sync_packs
from bot.storage.rounds import lifecycle, outbox, tallies
from tests.databases import BACKENDS
from tests.e2e.conftest import (
    TIMEOUT,
    QuizWorld,
    answer,
    question_message,
    shown_letter,
    titled,
)
from tests.e2e.test_server_packs import home, run, said_in, second_server, stored_packs, upload
from tests.messages import layout_text
from tests.storage.factories import CAPITALS

TWO_CAPITALS = (
    CAPITALS
    + """\
  - id: germany
    prompt: "The capital of Germany?"
    options:
      - text: Bonn
      - text: Berlin
        correct: true
    explanation: Berlin is the capital of Germany again since 1990.
"""
)
# The same pack id, none of the same question ids.
SPAIN_ONLY = """\
id: capitals
locales: [en]
title: Capitals, again
summary: Which city is the capital.
difficulty: easy
questions:
  - id: spain
    prompt: "The capital of Spain?"
    options:
      - text: Madrid
        correct: true
      - text: Seville
    explanation: Madrid, since 1561.
"""
RIGHT = {"france": 0, "germany": 1}
EXPLAINED = {
    "france": "Paris has been the capital since 987.",
    "germany": "Berlin is the capital of Germany again since 1990.",
}
both_databases = pytest.mark.parametrize("backend", BACKENDS, indirect=True)


async def play_through(world: QuizWorld, view: lifecycle.RoundView, member: int) -> str:
    """Answers every question of a capitals round rightly as ``member``, each skipped once
    answered and revealed; the standings message's text."""
    total = len(view.question_order)
    for number, question_id in enumerate(view.question_order, start=1):
        message = await question_message(world, number, total)
        said = await answer(world, member, message, RIGHT[question_id])
        assert said == tr(
            "en-US", "round.locked_in", letter=shown_letter(message, RIGHT[question_id])
        )
        await run(world, home(world), "quiz skip")
        revealed = await world.wait_for_message(titled(f"Question {number} of {total} · Closed"))
        assert EXPLAINED[question_id] in layout_text(revealed)
    return layout_text(await world.wait_for_message(titled("Standings: Capitals")))


@both_databases
async def test_a_round_plays_its_version_while_the_pack_is_replaced(bot_world: QuizWorld) -> None:
    world = bot_world
    place = home(world)
    await upload(world, place, TWO_CAPITALS)
    await run(world, place, "quiz start", pack="capitals", seconds=60)
    (view,) = await lifecycle.running_rounds(world.db)
    await question_message(world, 1, 2)
    replaced = await said_in(world, await upload(world, place, SPAIN_ONLY))
    assert "is replaced by the new file" in replaced

    standings = await play_through(world, view, world.members[0])

    assert f"<@{world.members[0]}>" in standings
    answers = await tallies.standings(world.db, view.id)
    assert [(row.member_id, row.points) for row in answers.shown] == [(world.members[0], 2)]
    listed = await said_in(world, await run(world, place, "quiz packs"))
    assert "**Capitals, again** (`capitals`) · Easy · 1 question" in listed
    await world.standin.wait_for(lambda: _no_round(world), timeout=TIMEOUT)
    await run(world, place, "quiz start", pack="capitals", seconds=60)
    (new_round,) = await lifecycle.running_rounds(world.db)
    assert new_round.question_order == ("spain",)
    assert new_round.pack_version_id != view.pack_version_id


@both_databases
async def test_a_pack_removed_during_its_round_plays_on_and_is_gone_for_the_rest(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    place = home(world)
    await upload(world, place, CAPITALS)
    await run(world, place, "quiz start", pack="capitals", seconds=60)
    (view,) = await lifecycle.running_rounds(world.db)
    await question_message(world, 1, 1)
    inside = f"capitals@{place.guild_id}"  # its id inside the bot, which nobody may type
    refused = await said_in(world, await run(world, place, "quiz pack remove", pack=inside))
    assert refused == tr("en-US", "packs.inside_id", pack=inside)
    assert await stored_packs(world) == [(place.guild_id, "capitals")]

    said = await said_in(world, await run(world, place, "quiz pack remove", pack="capitals"))

    assert said == tr("en-US", "serverpacks.removed_while_played", id="capitals")
    assert await stored_packs(world) == []
    assert "Capitals" not in await said_in(world, await run(world, place, "quiz packs"))
    standings = await play_through(world, view, world.members[0])
    assert f"<@{world.members[0]}>" in standings
    await world.standin.wait_for(lambda: _no_round(world), timeout=TIMEOUT)
    again = await said_in(world, await run(world, place, "quiz start", pack="capitals"))
    assert again.startswith("There is no pack called “capitals”.")


@both_databases
async def test_an_inside_id_typed_in_another_server_is_refused_and_leaves_that_pack_alone(
    world: QuizWorld,
) -> None:
    here = home(world)
    there = await second_server(world)
    await world.start_bot()
    await upload(world, here, CAPITALS)
    await upload(world, there, CAPITALS.replace("title: Capitals", "title: Our capitals"))
    inside = f"capitals@{here.guild_id}"
    refusal = tr("en-US", "packs.inside_id", pack=inside)
    for command, option in (
        ("quiz pack remove", "pack"),
        ("quiz start", "pack"),
        ("quiz analytics", "pack"),
        ("quiz pack disable", "pack"),
        ("quiz pack enable", "pack"),
        ("review", "pack"),
        ("leaderboard", "pack"),
    ):
        said = await said_in(world, await run(world, there, command, **{option: inside}))
        assert said == refusal, command
    assert await stored_packs(world) == sorted(
        [(here.guild_id, "capitals"), (there.guild_id, "capitals")]
    )
    assert await lifecycle.running_rounds(world.db) == []
    started = await said_in(world, await run(world, here, "quiz start", pack="capitals"))
    assert "Capitals" in started


@both_databases
async def test_a_round_whose_question_vanished_ends_with_its_standings_and_tells_its_starter(
    world: QuizWorld, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    await world.start_bot()
    await world.command(world.owner, "quiz start", pack="mini", seconds=60)
    (view,) = await lifecycle.running_rounds(world.db)
    mini = world.library.get("mini")
    assert mini is not None
    first = mini.question(view.question_order[0])
    assert first is not None
    message = await question_message(world, 1, 3)
    await answer(world, world.members[0], message, first.correct_index)
    await world.stop_bot()
    # The pack's files are edited across a restart: the round's second question is gone.
    gone = view.question_order[1]
    edited = replace(mini, questions=tuple(q for q in mini.questions if q.id != gone))
    world.library = Library.of(
        [*(p for p in world.library.packs.values() if p is not mini), edited]
    )
    await sync_packs(world.db, list(world.library.packs.values()), utc_now())
    await world.start_bot()

    await world.command(world.owner, "quiz skip")

    standings = await world.wait_for_message(titled("Round stopped: Mini quiz"))
    assert f"<@{world.members[0]}>" in layout_text(standings)
    dm = await world.standin.dm_channel(world.owner)

    async def told() -> bool:
        return bool(await world.standin.messages(dm, as_user=world.owner))

    await world.standin.wait_for(told, timeout=TIMEOUT)
    (said,) = await world.standin.messages(dm, as_user=world.owner)
    assert said["content"] == tr(
        "en-US",
        "round.ended_for_you",
        pack="Mini quiz",
        channel=f"<#{world.channel_id}>",
        reason=tr("en-US", "round.content_gone"),
    )
    ended = await lifecycle.get_round(world.db, view.id)
    assert ended.state is RoundState.STOPPED
    assert ended.end_reason == "question 2 of the round is no longer in its pack"

    # The standings are in the channel a moment before the bot records them as delivered.
    async def nothing_owed() -> bool:
        return await outbox.pending(world.db, view.id) == []

    await world.standin.wait_for(nothing_owed, timeout=TIMEOUT)
    assert await outbox.rounds_to_conduct(world.db) == []
    logged = [record.getMessage() for record in caplog.records]
    assert [line for line in logged if "conducting failed" in line] == []
    assert [line for line in logged if line.startswith(f"round {view.id} ended")] == [
        f"round {view.id} ended: question 2 of the round is no longer in its pack"
    ]


async def _no_round(world: QuizWorld) -> bool:
    return not await lifecycle.running_rounds(world.db)
