"""Driving the playground page in headless Chromium (Debian's, never a downloaded browser): the
page in a context of its own, "You are", the command box, and what the bot would send."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import time
import urllib.request
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Browser, Locator, Page, expect

from bot.playground.botprocess import PLAYGROUND_TOKEN

if TYPE_CHECKING:
    from tests.playground.conftest import Json, Playground

CHROMIUM = os.environ.get("QUIZBOT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [  # without the background-networking ones Chromium reaches out, and is refused here
    "--no-standin",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WAIT_MS = 20_000  # the bot's pause between messages is 3 s; rounds post a few in a row
VIEWPORT = {"width": 1400, "height": 900}
# The clock panel's buttons in English, and the seconds each moves (docs/playground.md names them)
CLOCK_STEPS = {"+1 min": 60, "+15 min": 15 * 60, "+1 h": 3600, "+1 day": 86400}
TO_NEXT_EVENT = "To the next event's start"


@contextlib.contextmanager
def opened_page(
    browser: Browser,
    playground: Playground,
    query: str = "",
    *,
    clock: bool = False,
    timezone: str | None = None,
) -> Iterator[tuple[Page, list[str]]]:
    """The page in a browser context of its own (nothing remembered), and the errors it throws;
    `clock`: with the page's timers under the test's control (Playwright's clock); `timezone`:
    the browser's time zone (an IANA name), else the machine's."""
    context = browser.new_context(viewport=VIEWPORT, timezone_id=timezone)
    if clock:
        context.clock.install()
    opened = context.new_page()
    opened.set_default_timeout(WAIT_MS)
    elsewhere: list[str] = []
    opened.on(
        "request", lambda r: None if r.url.startswith(playground.url) else elsewhere.append(r.url)
    )
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.goto(f"{playground.url}/{query}")
    yield opened, errors
    context.close()
    assert elsewhere == [], "the page must work offline"


def member_id(playground: Playground, name: str) -> str:
    members = playground.call("GET", "/_standin/state")["guilds"][0]["members"]
    return next(m["id"] for m in members if m["name"] == name)


def become(page: Page, playground: Playground, name: str) -> None:
    """Choose the member in "You are"; the page then shows what they see."""
    page.select_option("#viewer", value=member_id(playground, name))
    expect(page.locator("#viewer-info")).to_contain_text(name)


def run_command(page: Page, typed: str, options: dict[str, str] | None = None) -> None:
    """Type `/quiz st`, choose the first command offered, fill its options (a list's by the
    label shown), send."""
    page.fill(".command-input", typed)
    page.locator(".command-picker li").first.click()
    for name, value in (options or {}).items():
        field = page.locator(f'[data-option="{name}"]').locator("input, select")
        if field.evaluate("element => element.tagName") == "SELECT":  # a role, a channel, a choice
            field.select_option(label=value)
        else:
            field.fill(value)
    page.click(".send")


def bot_request(playground: Playground, method: str, path: str, body: Json | None = None) -> Any:
    """Discord's REST API as the bot calls it, with the playground's bot token."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(  # noqa: S310  # loopback
        f"{playground.url}/api/v10{path}",
        data=data,
        method=method,
        headers={"Authorization": f"Bot {PLAYGROUND_TOKEN}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:  # noqa: S310
        raw = response.read()
    return json.loads(raw) if raw else None


def overlap(one: Locator, other: Locator) -> bool:
    """Whether two elements' boxes on screen overlap."""
    a, b = one.bounding_box(), other.bounding_box()
    assert a is not None
    assert b is not None
    apart_x = a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
    apart_y = a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"]
    return not (apart_x or apart_y)


def wait_until(condition: Callable[[], Any], timeout: float = WAIT_MS / 1000) -> Any:
    deadline = time.monotonic() + timeout
    while not (found := condition()):
        assert time.monotonic() < deadline, f"not within {timeout} s"
        time.sleep(0.02)
    return found


def channel_id(playground: Playground, name: str) -> str:
    channels = playground.call("GET", "/_standin/state")["guilds"][0]["channels"]
    return next(c["id"] for c in channels if c["name"] == name)


def start_round(playground: Playground, channel: str) -> str:
    """Maria starts a round of one question in `channel` ("#general"); its question's message."""
    started = {"pack": "ring-attention", "questions": 1, "seconds": 120}
    command = {"user": "maria", "channel": channel, "command": "quiz start", "options": started}
    playground.call("POST", "/_standin/interactions/command", command)
    history = f"/_standin/client/messages?user=maria&channel={channel.removeprefix('#')}"

    def asked() -> str | None:
        for message in playground.call("GET", history):
            if "Question 1 of 1 · Closes" in json.dumps(message, ensure_ascii=False):
                return str(message["id"])
        return None

    return str(wait_until(asked))


def stop_round(playground: Playground, channel: str) -> None:
    stopped = {"user": "maria", "channel": channel, "command": "quiz stop"}
    asked = playground.call("POST", "/_standin/interactions/command", stopped)
    wait_until(lambda: playground.call("GET", f"/_standin/interactions/{asked['id']}")["responses"])


def plain(text: str) -> str:
    """Text without Discord's markdown marks and with single spaces, to compare with the page."""
    return " ".join(re.sub(r"[*_`]", "", text).split())
