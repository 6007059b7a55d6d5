"""The bot's one clock: moved forward, it wakes what waits for a stored time at once; followed,
it takes its offset from the stand-in's file."""

from __future__ import annotations

import asyncio
import json
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.clock import FOLLOW_POLL_S, Clock
from standin.clock import Clock as StandInClock

WAIT_LIMIT_S = 5.0  # far beyond what any of these waits should take


def write_offset(path: Path, offset_s: float) -> None:
    """As the stand-in writes it: a whole new file, replaced in one step."""
    draft = path.with_suffix(".draft")
    draft.write_text(json.dumps({"offset_s": offset_s}), encoding="utf-8")
    draft.replace(path)


def test_an_unmoved_clock_is_the_real_utc_time() -> None:
    before = datetime.now(UTC)
    now = Clock().now()
    assert before <= now <= datetime.now(UTC)
    assert now.tzinfo is UTC


def test_moving_the_clock_forward_moves_now() -> None:
    clock = Clock()
    clock.advance(3600)
    ahead = clock.now() - datetime.now(UTC)
    assert timedelta(minutes=59) < ahead <= timedelta(hours=1)


def test_the_clock_never_goes_back() -> None:
    with pytest.raises(ValueError, match="never goes back"):
        Clock().advance(-1)


async def test_a_wait_for_an_hour_ends_when_the_clock_is_moved_an_hour() -> None:
    clock = Clock()
    waiting = asyncio.create_task(clock.wait(3600))
    await asyncio.sleep(0)  # the wait has begun
    started = time.monotonic()
    clock.advance(3600)
    woken = await asyncio.wait_for(waiting, WAIT_LIMIT_S)
    assert woken is False  # the time came; nobody woke it
    assert time.monotonic() - started < WAIT_LIMIT_S


async def test_a_wait_moved_only_part_of_the_way_goes_on_waiting() -> None:
    clock = Clock()
    waiting = asyncio.create_task(clock.wait(3600))
    await asyncio.sleep(0)
    clock.advance(1800)
    done, _ = await asyncio.wait({waiting}, timeout=0.2)
    assert not done
    clock.advance(1800)
    assert await asyncio.wait_for(waiting, WAIT_LIMIT_S) is False


async def test_a_wake_ends_the_wait_early_and_says_so() -> None:
    clock = Clock()
    wake = asyncio.Event()
    waiting = asyncio.create_task(clock.wait(3600, wake))
    await asyncio.sleep(0)
    wake.set()
    assert await asyncio.wait_for(waiting, WAIT_LIMIT_S) is True


async def test_a_short_wait_on_the_real_clock_takes_its_time() -> None:
    started = time.monotonic()
    assert await Clock().wait(0.05) is False
    assert time.monotonic() - started >= 0.05


async def test_a_followed_clock_takes_the_offset_from_its_file(tmp_path: Path) -> None:
    path = tmp_path / "clock.json"
    write_offset(path, 0.0)
    clock = Clock.following(path)
    waiting = asyncio.create_task(clock.wait(7 * 24 * 3600))
    await asyncio.sleep(0)
    write_offset(path, 7 * 24 * 3600.0)
    assert await asyncio.wait_for(waiting, WAIT_LIMIT_S) is False
    assert clock.now() - datetime.now(UTC) > timedelta(days=6, hours=23)


def test_a_followed_clock_without_its_file_yet_is_the_real_time(tmp_path: Path) -> None:
    clock = Clock.following(tmp_path / "not-written-yet.json")
    assert abs(clock.now() - datetime.now(UTC)) < timedelta(seconds=5)


async def test_the_bot_follows_the_stand_ins_clock_file_write_by_write(tmp_path: Path) -> None:
    """The contract between the two: whatever the stand-in's clock writes, the bot's reads,
    even two moves of the same size within one file-time tick."""
    path = tmp_path / "clock.json"
    standin_clock = StandInClock(path)
    clock = Clock.following(path)
    for _ in range(3):
        standin_clock.advance(1.0)
        ahead = (clock.now() - standin_clock.now()).total_seconds()
        assert abs(ahead) < 1.0
    standin_clock.advance(86400)
    assert clock.now() - datetime.now(UTC) > timedelta(hours=23)


def test_a_followed_clock_is_moved_only_by_its_file(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError, match="moves with its file"):
        Clock.following(tmp_path / "clock.json").advance(60)


async def test_a_wait_for_a_stored_time_counts_a_move_made_before_it_began() -> None:
    """Seconds counted from an earlier reading would wait the move out; the time itself not."""
    clock = Clock()
    closes_at = clock.now() + timedelta(hours=1)
    clock.advance(3600)  # moved between reading the round and starting to wait
    assert await asyncio.wait_for(clock.wait_until(closes_at), WAIT_LIMIT_S) is False


async def test_waiters_on_a_followed_clock_share_one_look_at_its_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Twenty waits read the file once per poll between them, not once each; a move of the
    file still wakes them all."""
    path = tmp_path / "clock.json"
    write_offset(path, 0.0)
    clock = Clock.following(path)
    read_offset = clock._read_offset  # counted, not replaced
    polled = asyncio.Event()
    reads, target = 0, None

    def counted() -> None:
        nonlocal reads
        reads += 1
        if target is not None and reads >= target:
            polled.set()
        read_offset()

    monkeypatch.setattr(clock, "_read_offset", counted)
    waiting = [asyncio.create_task(clock.wait(3600)) for _ in range(20)]
    await asyncio.sleep(0)  # every wait has begun, each reading the time once
    polls = 10
    target = reads + polls
    started = time.monotonic()
    await asyncio.wait_for(polled.wait(), WAIT_LIMIT_S)
    assert time.monotonic() - started >= (polls - 1) * FOLLOW_POLL_S
    write_offset(path, 3600.0)
    assert await asyncio.wait_for(asyncio.gather(*waiting), WAIT_LIMIT_S) == [False] * 20
