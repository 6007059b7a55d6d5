"""The shared budget of Discord's global limit (bot.app.kit.rest_budget.py), on real Redis and
in memory: the cap kept, the reserves of each priority, one window for the processes of a token,
the exempt routes, and Redis going away."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, cast

import pytest
from discord.http import HTTPClient, Route

from bot.app.kit.rest_budget import (
    BudgetShortError,
    Priority,
    RestBudget,
    draw_requests_from,
    open_budget,
    priority_of,
    requests_at,
)
from tests.redis_server import fresh_token, need_redis

STORES = ("memory", "redis")


@pytest.fixture(params=STORES)
async def place(request: pytest.FixtureRequest) -> str | None:
    """Where the window is kept: None for this process's memory, else a Redis URL."""
    return None if request.param == "memory" else await need_redis()


async def take_all(budget: RestBudget, priority: Priority, count: int) -> None:
    for _ in range(count):
        await budget.take(priority)


async def test_urgent_requests_fill_the_window_and_then_wait_for_it(place: str | None) -> None:
    budget = open_budget(place, 5, fresh_token())
    began = time.monotonic()
    await take_all(budget, Priority.URGENT, 5)
    assert time.monotonic() - began < 0.5
    assert budget.waits == 0
    await budget.take(Priority.URGENT)  # the sixth waits for the first to leave the window
    assert time.monotonic() - began >= 0.9
    assert budget.waits == 1


async def test_a_courtesy_is_skipped_once_two_fifths_are_not_left(place: str | None) -> None:
    budget = open_budget(place, 10, fresh_token())
    await take_all(budget, Priority.URGENT, 5)
    await budget.take(Priority.COURTESY)  # 6 of 10 taken now: no room for another
    with pytest.raises(BudgetShortError):
        await budget.take(Priority.COURTESY)
    assert budget.skipped == 1
    await take_all(budget, Priority.URGENT, 4)  # urgent ones still fill the window
    assert budget.waits == 0


async def test_routine_requests_wait_behind_the_reserve_urgent_ones_may_use(
    place: str | None,
) -> None:
    budget = open_budget(place, 10, fresh_token())
    await take_all(budget, Priority.URGENT, 8)
    began = time.monotonic()
    routine = asyncio.ensure_future(budget.take(Priority.ROUTINE))
    await take_all(budget, Priority.URGENT, 2)
    assert time.monotonic() - began < 0.5
    assert not routine.done()
    await routine
    assert time.monotonic() - began >= 0.5
    assert budget.waits == 1


async def test_the_processes_of_one_token_share_its_window_on_redis() -> None:
    url = await need_redis()
    token = fresh_token()
    first, second = open_budget(url, 4, token), open_budget(url, 4, token)
    other = open_budget(url, 4, fresh_token())
    await take_all(first, Priority.URGENT, 3)
    await take_all(second, Priority.URGENT, 1)
    with pytest.raises(BudgetShortError):
        await second.take(Priority.COURTESY)
    await take_all(other, Priority.URGENT, 4)  # another bot's token: a window of its own
    assert other.waits == 0


async def test_without_redis_a_process_paces_itself_and_says_so(
    caplog: pytest.LogCaptureFixture,
) -> None:
    budget = open_budget("redis://127.0.0.1:1/0", 3, fresh_token())
    with caplog.at_level(logging.WARNING):
        await take_all(budget, Priority.URGENT, 3)
        with pytest.raises(BudgetShortError):
            await budget.take(Priority.COURTESY)
    assert "Redis unreachable" in caplog.text
    with pytest.raises(Exception, match=r"(?i)connect|refused"):
        await budget.check()


class SentRequests:
    """Stands in for discord.py's sending, after the budget: the routes that got through."""

    def __init__(self) -> None:
        self.paths: list[str] = []

    async def request(self, route: Route, **_options: Any) -> None:
        self.paths.append(route.path)


async def test_every_request_but_the_interaction_routes_draws_from_the_budget() -> None:
    budget = open_budget(None, 2, fresh_token())
    sent = SentRequests()
    draw_requests_from(cast("HTTPClient", sent), budget)
    http = cast("HTTPClient", sent)
    message = Route(
        "PATCH", "/channels/{channel_id}/messages/{message_id}", channel_id=1, message_id=2
    )
    callback = Route(
        "POST",
        "/interactions/{interaction_id}/{interaction_token}/callback",
        interaction_id=1,
        interaction_token="t",  # noqa: S106  # not a secret
    )
    followup = Route(
        "POST",
        "/webhooks/{webhook_id}/{webhook_token}",
        webhook_id=1,
        webhook_token="t",  # noqa: S106
    )
    await http.request(message)
    await http.request(message)
    for _ in range(5):
        await http.request(callback)
        await http.request(followup)
    with requests_at(Priority.COURTESY), pytest.raises(BudgetShortError):
        await http.request(message)  # the window is full: the courtesy is not sent
    assert sent.paths.count(message.path) == 2
    assert len(sent.paths) == 12


def test_roles_events_and_opening_dms_are_routine_wherever_they_are_sent_from() -> None:
    role = Route(
        "PUT",
        "/guilds/{guild_id}/members/{user_id}/roles/{role_id}",
        guild_id=1,
        user_id=2,
        role_id=3,
    )
    event = Route("POST", "/guilds/{guild_id}/scheduled-events", guild_id=1)
    post = Route("POST", "/channels/{channel_id}/messages", channel_id=1)
    assert [priority_of(r) for r in (role, event, post)] == [
        Priority.ROUTINE,
        Priority.ROUTINE,
        Priority.URGENT,
    ]
    with requests_at(Priority.COURTESY):
        assert priority_of(role) is Priority.COURTESY  # the lower of the two
    with requests_at(Priority.ROUTINE):
        assert priority_of(post) is Priority.ROUTINE
