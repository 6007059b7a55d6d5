"""The stand-in's movable clock: forward only, read by everything that stamps a time, and written
to a file other processes follow."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import signal
import sys
import threading
import time
from pathlib import Path

import aiohttp
import discord
import pytest

from standin.driver import StandInClient, StandInRefusedError

STARTED_S = 30.0
HOUR = 3600.0


def _moment(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text)


async def test_advancing_moves_now_and_what_is_stamped_with_it() -> None:
    async with StandInClient.start(guilds=1, members=2) as standin, aiohttp.ClientSession() as http:
        before = _moment((await standin.clock())["now"])
        moved = await standin.advance_clock(2 * HOUR)
        assert moved["offset_s"] == 2 * HOUR
        assert _moment(moved["now"]) - before >= dt.timedelta(hours=2)
        guild = (await standin.state())["guilds"][0]
        channel = next(c["id"] for c in guild["channels"] if c["name"] == "general")
        url = f"{standin.url}/api/v10/channels/{channel}/messages"
        async with http.post(url, json={"content": "hi"}, headers={"Authorization": "Bot t"}) as r:
            message = await r.json()
    # discord.py reads a message's created_at from its id, as from Discord's.
    assert discord.utils.snowflake_time(int(message["id"])) >= _moment(moved["now"]).replace(
        microsecond=0
    )
    # A snowflake keeps milliseconds: a message made within the same one as the move shows it.
    moved_ms = _moment(moved["now"]).replace(
        microsecond=_moment(moved["now"]).microsecond // 1000 * 1000
    )
    assert _moment(message["timestamp"]) >= moved_ms


async def test_setting_the_clock_goes_to_that_moment() -> None:
    async with StandInClient.start(guilds=1, members=2) as standin:
        athens = dt.timezone(dt.timedelta(hours=2))
        target = dt.datetime.now(athens).replace(microsecond=0) + dt.timedelta(days=3)
        moved = await standin.set_clock(target)
        assert abs(_moment(moved["now"]) - target) < dt.timedelta(seconds=1)
        assert moved["offset_s"] == pytest.approx(3 * 24 * HOUR, abs=2)
        later = await standin.set_clock(target + dt.timedelta(minutes=5))
        assert later["offset_s"] == pytest.approx(moved["offset_s"] + 300, abs=2)


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ({"advance_s": -1}, "0 or more (time never goes back)"),
        ({"advance_s": "soon"}, "advance_s must be a number of seconds"),
        ({"advance_s": True}, "advance_s must be a number of seconds"),
        ({"advance_s": 1e300}, "the clock may run at most"),
        ({"to": "2020-01-01T00:00:00+00:00"}, "time never goes back"),
        ({"to": "2999-01-01T00:00:00"}, "must carry its UTC offset"),
        ({"to": "next monday"}, "is not an ISO 8601 moment"),
        ({}, "give either advance_s"),
        ({"advance_s": 1, "to": "2999-01-01T00:00:00+00:00"}, "give either advance_s"),
    ],
)
async def test_the_clock_refuses_to_go_back_or_anywhere_unclear(body: dict, said: str) -> None:
    async with StandInClient.start(guilds=1, members=2) as standin, aiohttp.ClientSession() as http:
        async with http.post(f"{standin.url}/_standin/clock", json=body) as reply:
            assert reply.status == 400
            assert said in (await reply.json())["error"]
        assert (await standin.clock())["offset_s"] == 0


async def test_the_driver_refuses_a_negative_advance() -> None:
    async with StandInClient.start(guilds=1, members=2) as standin:
        with pytest.raises(StandInRefusedError, match="time never goes back") as refused:
            await standin.advance_clock(-0.5)
    assert refused.value.status == 400


async def test_the_clock_file_holds_the_offset_from_the_start(tmp_path: Path) -> None:
    clock_file = tmp_path / "state" / "clock.json"
    async with StandInClient.start(guilds=1, members=2, clock_file=clock_file) as standin:
        assert json.loads(clock_file.read_text()) == {"offset_s": 0.0}
        await standin.advance_clock(90)
        assert json.loads(clock_file.read_text()) == {"offset_s": 90.0}
        await standin.advance_clock(0.25)
        assert json.loads(clock_file.read_text()) == {"offset_s": 90.25}
    assert [p.name for p in clock_file.parent.iterdir()] == ["clock.json"]  # no temporary left


async def test_a_reader_never_sees_a_part_of_the_clock_file(tmp_path: Path) -> None:
    clock_file = tmp_path / "clock.json"
    async with StandInClient.start(guilds=1, members=2, clock_file=clock_file) as standin:
        assert standin.core is not None
        clock = standin.core.clock
        seen: list[float] = []
        done = threading.Event()

        def read() -> None:
            while not done.is_set():
                seen.append(json.loads(clock_file.read_text())["offset_s"])  # whole, or it fails

        reader = threading.Thread(target=read)
        reader.start()
        try:
            for _ in range(300):
                clock.advance(1.0)
                await asyncio.sleep(0)
        finally:
            done.set()
            reader.join()
    assert seen
    assert seen == sorted(seen)  # and never backwards
    assert json.loads(clock_file.read_text()) == {"offset_s": 300.0}


async def test_python_m_standin_writes_the_clock_file_another_process_follows(
    tmp_path: Path,
) -> None:
    clock_file = tmp_path / "clock.json"
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "standin",
        "--port",
        "0",
        "--members",
        "2",
        "--clock-file",
        str(clock_file),
        stdout=asyncio.subprocess.PIPE,
    )
    try:
        assert process.stdout is not None
        async with asyncio.timeout(STARTED_S):
            line = (await process.stdout.readline()).decode()
        assert line.startswith("standin listening on "), line
        assert json.loads(clock_file.read_text()) == {"offset_s": 0.0}
        async with StandInClient.connect(line.split()[-1]) as standin:
            stand_in_now = _moment((await standin.advance_clock(HOUR))["now"])
            # This test is another process: it follows the clock from the file alone.
            followed = time.time() + json.loads(clock_file.read_text())["offset_s"]
        assert abs(followed - stand_in_now.timestamp()) < 5.0
    finally:
        process.send_signal(signal.SIGINT)
        await process.wait()
    assert process.returncode == 0
