"""A question's cost against Discord's global limit of requests (docs/scaling.md, "One budget for
Discord's global limit"): its post, at most EDITS_PER_QUESTION counter edits however long the
clicks keep coming, and its reveal. Clicks are interaction replies and cost nothing there. When
the bot's other processes leave the budget short, the counter is what gives way."""

from __future__ import annotations

import asyncio

import pytest

from bot.app.kit.rest_budget import EXEMPT_PREFIXES, Priority, RestBudget, open_budget
from bot.app.rounds.counter import EDITS_PER_QUESTION
from standin.driver_base import StandInRefusedError
from tests.e2e.conftest import QuizWorld, answer, edits_of, question_message
from tests.e2e.test_round import start_mini_round
from tests.redis_server import fresh_token, need_redis

SECONDS = 12  # long enough for an edit every 3 s to cost more than the cap


def counted(log: list[dict[str, object]]) -> list[str]:
    """The routes of the requests that count against the global limit."""
    exempt = tuple(prefix.split("{")[0] for prefix in EXEMPT_PREFIXES)
    return [f"{r['method']} {r['route']}" for r in log if not str(r["route"]).startswith(exempt)]


async def revealed(world: QuizWorld, message_id: str) -> bool:
    """Whether the question's message has been turned into its reveal (its buttons off)."""
    (message,) = [m for m in await world.messages() if m["id"] == message_id]
    return "'disabled': True" in str(message["components"])


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
async def test_a_question_costs_its_post_three_counter_edits_and_its_reveal(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    since = len(await world.standin.request_log())
    await start_mini_round(world, seconds=SECONDS)
    message = await question_message(world, 1, 3)
    # Each member clicks once the counter shows the click before, until the question closes.
    for member in world.members:
        seen = await edits_of(world, message["id"], since)
        try:
            await answer(world, member, message, 0)
        except StandInRefusedError:
            break  # it closed between the look and the click
        changed = await world.standin.wait_for(
            lambda seen=seen: _changed(world, message["id"], since, seen), SECONDS * 2
        )
        if changed == "revealed":
            break
    await question_message(world, 2, 3)
    edits = await edits_of(world, message["id"], since)
    assert edits == EDITS_PER_QUESTION + 1  # the counter's edits, and the reveal
    routes = counted((await world.standin.request_log())[since:])
    question_posts = routes.count("POST /channels/{channel_id}/messages")
    assert question_posts == 2  # question 1, and question 2 once the first closed
    assert len(routes) == 1 + edits + 1


async def _changed(world: QuizWorld, message_id: str, since: int, seen: int) -> str | None:
    """ "revealed", "edited" (the counter moved past ``seen`` edits), or None yet."""
    if await revealed(world, message_id):
        return "revealed"
    return "edited" if await edits_of(world, message_id, since) > seen else None


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
async def test_a_short_budget_skips_the_counter_but_not_the_question_or_its_reveal(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    url, token = await need_redis(), fresh_token()
    await world.stop_bot()
    world.budget = open_budget(url, 10, token)
    await world.start_bot()
    # The bot's other processes, busy with reminders: they keep the window 8 of 10 full.
    others = open_budget(url, 10, token)
    busy = asyncio.ensure_future(_keep_taking(others, Priority.ROUTINE))
    try:
        since = len(await world.standin.request_log())
        await start_mini_round(world, seconds=6)
        message = await question_message(world, 1, 3)
        for member in world.members[:5]:
            await answer(world, member, message, 0)
        await world.standin.wait_for(lambda: revealed(world, message["id"]), 15)
    finally:
        busy.cancel()
    assert world.budget.skipped >= 1  # the counter's edit, each time it tried
    assert await edits_of(world, message["id"], since) == 1  # the reveal alone


async def _keep_taking(budget: RestBudget, priority: Priority) -> None:
    while True:
        await budget.take(priority)
