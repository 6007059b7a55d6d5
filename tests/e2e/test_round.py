"""A full round through the stand-in: 20 members, right and wrong answers, duplicates."""

from __future__ import annotations

import pytest

from bot.app.kit.catalogue import tr
from bot.app.kit.message_parts import bar
from bot.quiz.rounds.rules import RoundState
from bot.storage.rounds import lifecycle, tallies
from standin.driver import StandInRefusedError
from tests.databases import BACKENDS
from tests.e2e.conftest import (
    QuizWorld,
    answer,
    buttons_of,
    custom_ids,
    question_message,
    shown_letter,
    titled,
)
from tests.messages import layout_text, texts_of

SUCCESS = 3  # the style of the correct option's button in a reveal
MINI_CORRECT = {"two": 0, "four": 1, "six": 1}


async def start_mini_round(world: QuizWorld, seconds: int = 60) -> int:
    report = await world.command(world.owner, "quiz start", pack="mini", seconds=seconds)
    assert "Quiz: Mini quiz" in await world.said(report)
    (running,) = await lifecycle.running_rounds(world.db)
    return running.id


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_a_full_round_with_twenty_members(bot_world: QuizWorld) -> None:
    world = bot_world
    round_id = await start_mini_round(world, seconds=30)  # the counter's edits 10 s apart
    players = world.members
    assert len(players) == 20
    view = await lifecycle.get_round(world.db, round_id)
    for number, question_id in enumerate(view.question_order, start=1):
        message = await question_message(world, number, 3)
        correct = MINI_CORRECT[question_id]
        wrong = (correct + 1) % len(custom_ids(message))
        # The first `number * 5` players answer right, the rest wrong; player 0 clicks twice.
        for index, player in enumerate(players):
            option = correct if index < number * 5 else wrong
            said = await answer(world, player, message, option)
            shown = shown_letter(message, option)
            assert said == tr(world.locales[player], "round.locked_in", letter=shown)
        assert await answer(world, players[0], message, wrong) == tr(
            world.locales[players[0]],
            "round.already_answered",
            letter=shown_letter(message, correct),
        )
        await world.wait_for_message(lambda m: "20 answered" in layout_text(m))
        skipped = await world.command(world.owner, "quiz skip")
        assert await world.said(skipped) == "Closing the question now."
        revealed = await world.wait_for_message(titled(f"Question {number} of 3 · Closed"))
        assert all(
            button.get("disabled") for button in buttons_of(revealed)[: len(custom_ids(message))]
        )
        tally = await tallies.tally(world.db, round_id, number - 1)
        assert tally.counts[correct] == number * 5
        assert tally.answered == 20
        marked = [b["label"] for b in buttons_of(revealed) if b["style"] == SUCCESS]
        assert marked == [shown_letter(message, correct)]
        assert f"`{bar(number * 5, 20)}` {number * 5} ✅" in layout_text(revealed)
        # the first to answer right is the fastest
        assert f"**Fastest correct**: <@{players[0]}>" in layout_text(revealed)
        with pytest.raises(StandInRefusedError):  # a real client cannot click a disabled button
            await world.click(players[1], revealed["id"], custom_ids(message)[0])

    standings_message = await world.wait_for_message(titled("Standings: Mini quiz"))
    expected = await tallies.standings(world.db, round_id)
    body, footer = texts_of(standings_message)[1:]  # below the heading
    lines = body.splitlines()
    assert len(lines) == 15  # the 5 players with nothing right are counted, not listed
    assert footer.startswith("-# 20 played\n")
    assert (expected.played, expected.more) == (20, 0)
    for line, standing in zip(lines, expected.shown, strict=True):
        assert line.startswith(
            f"**{standing.rank}.** <@{standing.member_id}>: {standing.points} correct"
        )
    assert [s.points for s in expected.shown[:5]] == [3, 3, 3, 3, 3]
    assert (await lifecycle.get_round(world.db, round_id)).state is RoundState.FINISHED
