"""`/quiz pause` and `/quiz resume` through the stand-in: the open question keeps its time left
across a restart, clicks while paused are refused privately and not recorded, a pause between
questions holds the next one, and a pause past the server's limit ends the round."""

from __future__ import annotations

import math

import pytest

from bot.app.kit.catalogue import tr
from bot.app.kit.message_parts import relative_time
from bot.quiz.rounds.pauses import PAUSE_LIMIT_REASON
from bot.quiz.rounds.rules import RoundState
from bot.storage.results import RoundView
from bot.storage.rounds import lifecycle, tallies
from tests.databases import BACKENDS
from tests.e2e.conftest import QuizWorld, answer, question_message, shown_letter, titled
from tests.messages import layout_text

HOUR_S = 3600.0


async def running_view(world: QuizWorld) -> RoundView:
    (view,) = [
        v for v in await lifecycle.running_rounds(world.db) if v.channel_id == world.channel_id
    ]
    return view


async def moderator_says(world: QuizWorld, command: str, **options: object) -> str:
    return await world.said(await world.command(world.owner, command, **options))


async def start_and_pause(world: QuizWorld) -> tuple[RoundView, str]:
    """A round of 60-second questions whose first question was answered once, then paused;
    the round as paused, and what the moderator was told."""
    await world.command(world.owner, "quiz start", pack="mini", seconds=60)
    first = await question_message(world, 1, 3)
    member = world.members[0]
    said = await answer(world, member, first, 0)
    assert said == tr(world.locales[member], "round.locked_in", letter=shown_letter(first, 0))
    told = await moderator_says(world, "quiz pause")
    return await running_view(world), told


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_a_pause_keeps_the_time_left_across_a_restart_and_resume_continues_it(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    paused, told = await start_and_pause(world)
    left = paused.paused_left_s
    assert left is not None
    assert 0 < left <= 60
    assert paused.paused_until is not None
    owner = world.locales[world.owner]
    assert told == tr(
        owner,
        "round.paused_question",
        number=1,
        seconds=math.ceil(left),
        ends=relative_time(paused.paused_until),
    )
    shown = await world.wait_for_message(titled("Question 1 of 3 · Paused"))
    assert f"-# {math.ceil(left)} s left when it resumes · 1 answered" in layout_text(shown)
    assert "<t:" not in layout_text(shown)  # no countdown while paused

    # A pause keeps the limit it started with (an hour), whatever the setting becomes.
    await moderator_says(world, "quiz settings", pause_limit=1)
    await world.stop_bot()
    await world.start_bot()  # a new process on the same database, on the same clock
    await world.advance_clock(2 * 60)  # past the time the question would have closed at
    clicker = world.members[1]
    refused = tr(world.locales[clicker], "round.paused_click")
    assert await answer(world, clicker, shown, 1) == refused
    assert (await tallies.tally(world.db, paused.id, 0)).answered == 1  # the click is not recorded
    still = await running_view(world)
    assert (still.question_open, still.paused_left_s) == (True, left)

    resumed_told = await moderator_says(world, "quiz resume")
    assert resumed_told == tr(owner, "round.resumed_question", number=1, seconds=math.ceil(left))
    resumed = await running_view(world)
    assert resumed.closes_at is not None
    assert not resumed.paused
    countdown = f"Question 1 of 3 · Closes {relative_time(resumed.closes_at)}"
    assert abs((resumed.closes_at - world.clock.now()).total_seconds() - left) < 5
    running_again = await world.wait_for_message(titled(countdown))
    said = await answer(world, clicker, running_again, 1)
    assert said == tr(world.locales[clicker], "round.locked_in", letter=shown_letter(shown, 1))
    assert (await tallies.tally(world.db, paused.id, 0)).answered == 2
    await world.command(world.owner, "quiz skip")
    await world.wait_for_message(titled("Question 1 of 3 · Closed"))
    await question_message(world, 2, 3)  # the round goes on


async def test_a_pause_between_questions_holds_the_next_one_until_resumed(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    await start_and_pause(world)
    await world.wait_for_message(titled("Question 1 of 3 · Paused"))
    assert await moderator_says(world, "quiz skip") == "Closing the question now."
    await world.wait_for_message(titled("Question 1 of 3 · Closed"))
    await world.stop_bot()  # time for a conductor that would not hold to post the next
    await world.start_bot()
    await world.advance_clock(HOUR_S / 2)  # within the limit
    before_resume = len(await world.standin.request_log())
    held = await running_view(world)
    assert (held.question_index, held.question_open, held.paused) == (0, False, True)
    assert not [m for m in await world.messages() if titled("Question 2 of 3")(m)]
    told = await moderator_says(world, "quiz resume")
    assert told == tr(world.locales[world.owner], "round.resumed_between")
    await question_message(world, 2, 3)
    posted = [
        index
        for index, request in enumerate(await world.standin.request_log())
        if request["method"] == "POST" and request["path"].endswith("/messages")
    ]
    # Question 1 was posted before the resume, question 2 only after it.
    assert len([index for index in posted if index < before_resume]) == 1
    assert len([index for index in posted if index >= before_resume]) == 1


async def test_a_round_paused_past_the_limit_ends_with_its_standings_and_the_reason(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    paused, _ = await start_and_pause(world)
    await world.wait_for_message(titled("Question 1 of 3 · Paused"))
    await world.stop_bot()
    await world.advance_clock(HOUR_S)  # the default limit passes while the bot is away
    await world.start_bot()
    standings = await world.wait_for_message(titled("Round stopped: Mini quiz"))
    reason = tr("en", "round.paused_too_long", minutes=60)
    assert reason == (
        "The round ended by itself: it stayed paused longer than 60 minutes, this server's limit."
    )
    assert reason in layout_text(standings)
    assert "-# 1 played" in layout_text(standings)  # its standings: the one member who answered
    await world.wait_for_message(titled("Question 1 of 3 · Closed"))  # the question revealed
    ended = await lifecycle.get_round(world.db, paused.id)
    assert (ended.state, ended.end_reason) == (RoundState.STOPPED, PAUSE_LIMIT_REASON)


async def test_in_greek_the_pause_the_refused_click_and_the_limit_read_greek(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    saved = await moderator_says(world, "quiz settings", language="el", pause_limit=10)
    owner = world.locales[world.owner]
    limit = tr(owner, "settings.pause_minutes", minutes=10)
    assert f"{tr(owner, 'settings.pause_limit')}: {limit}" in saved
    await world.command(world.owner, "quiz start", pack="mini", seconds=60)
    await world.wait_for_message(titled("Ερώτηση 1 από 3 · Κλείνει"))
    await moderator_says(world, "quiz pause")
    shown = await world.wait_for_message(titled("Ερώτηση 1 από 3 · Σε παύση"))
    assert "δευτ. όταν συνεχιστεί · 0 απαντήσεις" in layout_text(shown)
    greek = next(m for m in world.members if world.locales[m] == "el")
    english = next(m for m in world.members if world.locales[m].startswith("en"))
    assert await answer(world, greek, shown, 0) == (
        "Ο γύρος είναι σε παύση, οπότε η επιλογή σας δεν καταχωρίστηκε. "
        "Απαντήστε μόλις ένας συντονιστής τον συνεχίσει."
    )
    assert await answer(world, english, shown, 0) == tr("en", "round.paused_click")
    await world.advance_clock(10 * 60)  # the conductor holding the round wakes at its limit
    standings = await world.wait_for_message(titled("Ο γύρος διακόπηκε: Μικρό κουίζ"))
    assert (
        "Ο γύρος τελείωσε αυτόματα: έμεινε σε παύση περισσότερο από 10 λεπτά, "
        "το όριο αυτού του server."
    ) in layout_text(standings)


async def test_pause_and_resume_say_clearly_when_there_is_nothing_to_do(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    owner = world.locales[world.owner]
    member = world.members[0]
    assert await moderator_says(world, "quiz pause") == tr(owner, "round.no_round")
    assert await moderator_says(world, "quiz resume") == tr(owner, "round.no_round")
    await world.command(world.owner, "quiz start", pack="mini", seconds=60)
    await question_message(world, 1, 3)
    assert await moderator_says(world, "quiz resume") == tr(owner, "round.not_paused")
    refused = tr(world.locales[member], "errors.not_moderator")
    assert await world.said(await world.command(member, "quiz pause")) == refused
    assert not (await running_view(world)).paused
    await moderator_says(world, "quiz pause")
    assert await moderator_says(world, "quiz pause") == tr(owner, "round.already_paused")
    assert await world.said(await world.command(member, "quiz resume")) == refused
    assert (await running_view(world)).paused
    assert await moderator_says(world, "quiz stop") == "Stopping the round."  # stops paused too
    await world.wait_for_message(titled("Round stopped: Mini quiz"))
    assert await moderator_says(world, "quiz resume") == tr(owner, "round.no_round")
