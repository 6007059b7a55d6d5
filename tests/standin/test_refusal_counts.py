"""What the stand-in refused, counted as a benchmark reads it (GET /_standin/rate-limits): the
429s by scope (global, per route, injected, shared), and Discord's invalid requests (401, 403,
429 but scope "shared") in a moving 10-minute window on the stand-in's injectable clock; and
each request's arrival in the request log."""

from __future__ import annotations

import aiohttp

from standin.config import Limits, StandInConfig
from standin.driver import StandInClient
from standin.invalid_requests import InvalidRequests

BOT = {"Authorization": "Bot right-token"}
WINDOW = 600.0


class Ticks:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_the_window_counts_401_403_and_429_but_shared_and_forgets_after_10_minutes() -> None:
    ticks = Ticks(0.0)
    invalid = InvalidRequests(ticks, WINDOW)
    counted = [
        invalid.note(401),
        invalid.note(403),
        invalid.note(429, "user"),
        invalid.note(429, "user", injected=True),
        invalid.note(429, "shared"),  # a resource's limit: not the bot's doing
        invalid.note(404),
        invalid.note(200),
    ]
    assert counted == [True, True, True, True, False, False, False]
    assert invalid.counts() == (4, 1)
    ticks.now = WINDOW - 0.001
    invalid.note(429, "global")
    assert invalid.counts() == (5, 1)
    ticks.now = WINDOW  # the first four are 10 minutes old
    assert invalid.counts() == (1, 0)
    assert (invalid.peak, invalid.total) == (5, 5)


async def test_the_counts_split_429s_by_scope_and_count_invalid_requests() -> None:
    ticks = Ticks(50.0)
    limits = Limits(global_count=4, message_count=1)
    config = StandInConfig(limits=limits, clock=ticks, token="right-token")  # noqa: S106
    async with (
        StandInClient.start(guilds=1, members=1, config=config) as standin,
        aiohttp.ClientSession() as http,
    ):
        guild = (await standin.state())["guilds"][0]
        channels = {c["name"]: c["id"] for c in guild["channels"]}
        await standin.inject_fault("GET /gateway/bot", status=429)

        async def call(method: str, path: str, headers: dict[str, str] = BOT) -> int:
            url = f"{standin.url}/api/v10{path}"
            body = {"content": "hi"} if method == "POST" else None
            async with http.request(method, url, json=body, headers=headers) as reply:
                return reply.status

        messages = f"/channels/{channels['quiz']}/messages"
        statuses = [
            await call("GET", "/users/@me", {"Authorization": "Bot wrong"}),  # 401
            await call("GET", f"/channels/{channels['moderators']}"),  # 403: it cannot see it
            await call("POST", messages),
            await call("POST", messages),  # per route: 1 message per window
            await call("GET", "/gateway/bot"),  # the injected 429
            await call("GET", "/users/@me"),
            await call("GET", "/users/@me"),  # the 5th counted in the second: global
        ]
        counts = await standin.rate_limits()
        ticks.now += WINDOW
        later = await standin.rate_limits()
    assert statuses == [401, 403, 200, 429, 429, 200, 429]
    assert {key: counts[key] for key in ("sent_429", "injected_429")} == {
        "sent_429": 3,
        "injected_429": 1,
    }
    assert (counts["global_429"], counts["user_429"], counts["shared_429"]) == (1, 1, 0)
    assert (counts["invalid_requests"], counts["invalid_requests_injected"]) == (5, 1)
    assert counts["invalid_request_window_s"] == WINDOW
    assert counts["invalid_request_limit"] == 10_000
    assert (later["invalid_requests"], later["invalid_requests_injected"]) == (0, 0)
    assert (later["invalid_requests_peak"], later["invalid_requests_total"]) == (5, 5)
    assert later["sent_429"] == 3  # the 429 counts are since the start, not windowed


async def test_each_request_in_the_log_carries_its_arrival_on_both_clocks() -> None:
    ticks, wall = Ticks(7.25), Ticks(1_900_000_000.5)
    config = StandInConfig(clock=ticks, wall_clock=wall)
    async with StandInClient.start(guilds=1, members=1, config=config) as standin:
        async with aiohttp.ClientSession() as http:
            for step in range(2):
                url = f"{standin.url}/api/v10/users/@me"
                async with http.get(url, headers={"Authorization": "Bot x"}) as reply:
                    assert reply.status == 200
                ticks.now += 1.5
                wall.now += 1.5 + step
        log = await standin.request_log()
    assert [(r["arrived_s"], r["arrived_at"]) for r in log] == [
        (7.25, 1_900_000_000.5),
        (8.75, 1_900_000_002.0),
    ]
    assert [(r["method"], r["route"], r["status"]) for r in log] == [("GET", "/users/@me", 200)] * 2
