"""`quizbot playground`: one command, the real bot, a crowd that plays, and data that stays."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.messages import heading_of, layout_text, texts_of
from tests.playground.conftest import Playground, no_failures, running_playground, start_playground

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("playground")]
ROUND_S = 40.0
CROWD, RIGHT = 20, 0.6


def wait_for(condition: Callable[[], Any], timeout: float = ROUND_S) -> Any:
    """Check `condition` until it returns something truthy (the playground is another process)."""
    deadline = time.monotonic() + timeout
    while not (found := condition()):
        assert time.monotonic() < deadline, f"not within {timeout} s"
        time.sleep(0.05)
    return found


def messages(playground: Playground, user: str) -> list[dict[str, Any]]:
    return playground.call("GET", f"/_standin/client/messages?user={user}&channel=quiz")


def titled(playground: Playground, prefix: str) -> dict[str, Any] | None:
    found = [m for m in messages(playground, "ada") if heading_of(m).startswith(prefix)]
    return found[-1] if found else None


def test_a_busy_port_is_one_line_naming_it(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        process = start_playground(tmp_path, "--port", str(port))
        output, _ = process.communicate(timeout=30)
    assert process.returncode == 1
    assert output.splitlines() == [
        f"quizbot playground: port {port} is in use; choose another: --port N"
    ]


def test_a_crowd_plays_a_round_and_a_second_start_finds_it(tmp_path: Path) -> None:
    first = running_playground(tmp_path)
    try:
        crowd = first.call(
            "POST", "/_playground/crowd", {"enabled": True, "size": CROWD, "right": RIGHT}
        )
        assert crowd["enabled"]
        started = first.call(
            "POST",
            "/_standin/interactions/command",
            {
                "user": "maria",  # the seeded Moderator, by name
                "channel": "#quiz",
                "command": "/quiz start",  # as a person types it
                "options": {"pack": "ring-attention", "questions": 1, "seconds": 6},
            },
        )
        assert started["id"]
        standings = wait_for(lambda: titled(first, "Standings"))
        revealed = titled(first, "Question 1 of 1 · Closed")
        assert revealed is not None
        # Each option's section ends with its bar and count, the right one with a tick.
        bars = [line for line in layout_text(revealed).splitlines() if line.startswith("`")]
        counts = [int(line.split()[1]) for line in bars]
        right = next(i for i, line in enumerate(bars) if "✅" in line)
        assert sum(counts) == CROWD
        assert counts[right] == round(CROWD * RIGHT)
        body, footer = texts_of(standings)[1:]  # below the heading
        # Members with nothing right are counted, not listed.
        assert len(body.splitlines()) == counts[right]
        assert footer.startswith(f"-# {CROWD} played\n")
        assert first.call("GET", "/_playground/crowd")["clicks"] == CROWD
        off = first.call("POST", "/_playground/crowd", {"enabled": False})
        assert (off["enabled"], off["joined"]) == (False, CROWD)  # off, its members stay
        no_failures(first)
    finally:
        assert first.stop() == 0
    assert first.said[-1] == "quizbot playground: stopped"

    second = running_playground(tmp_path)
    try:  # the channel's history, the crowd's members and the bot's boards are all there
        assert titled(second, "Standings") == standings
        asked = second.call(
            "POST",
            "/_standin/interactions/command",
            {"user": "crowd-1", "channel": "quiz", "command": "leaderboard"},
        )
        report = wait_for(
            lambda: (
                (r := second.call("GET", f"/_standin/interactions/{asked['id']}"))["responses"]
                and r
            )
        )
        board = str(report["responses"])
        crowd_ids = [
            m["id"]
            for m in second.call("GET", "/_standin/state")["guilds"][0]["members"]
            if m["name"].startswith("crowd-")
        ]
        assert len(crowd_ids) == CROWD
        assert any(f"<@{member}>" in board for member in crowd_ids)  # the same ids as before
        no_failures(second)
    finally:
        assert second.stop() == 0


def test_the_clock_keeps_its_lead_from_one_start_to_the_next(tmp_path: Path) -> None:
    """Times the bot stored on a moved clock stay behind it at the next start; a clock file
    that is not one is named, and the clock starts at the real time."""
    first = running_playground(tmp_path)
    try:
        assert first.call("GET", "/_standin/clock")["offset_s"] == 0
        first.call("POST", "/_standin/clock", {"advance_s": 86400})
    finally:
        assert first.stop() == 0
    second = running_playground(tmp_path)
    try:
        assert second.call("GET", "/_standin/clock")["offset_s"] == 86400
        assert not [line for line in second.said if "the clock starts" in line]
    finally:
        assert second.stop() == 0
    clock_file = tmp_path / "quizbot" / "playground-clock.json"
    assert json.loads(clock_file.read_text(encoding="utf-8")) == {"offset_s": 86400}
    clock_file.write_text("{ not json", encoding="utf-8")
    third = running_playground(tmp_path)
    try:
        assert third.call("GET", "/_standin/clock")["offset_s"] == 0
    finally:
        assert third.stop() == 0
    assert (
        f'quizbot playground: the clock starts at the real time: {clock_file}: not {{"offset_s": '
        "seconds}"
    ) in third.said
