"""Shard settings' forms, a guild's shard, and which shards a ``--shards auto`` process takes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.quiz.shards.serving import (
    Lease,
    parse_shard_count,
    parse_shards,
    shard_of,
    shard_problems,
    shards_to_hold,
)

START = datetime(2026, 11, 30, 6, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "shards"),
    [("0-3", (0, 1, 2, 3)), ("5", (5,)), ("0,2,5", (0, 2, 5)), (" 4-5, 0 ", (0, 4, 5))],
)
def test_shards_are_ranges_or_lists(text: str, shards: tuple[int, ...]) -> None:
    assert parse_shards(text) == shards


def test_auto_is_a_form_of_both() -> None:
    assert parse_shards(" AUTO ") == "auto"
    assert parse_shard_count("auto") == "auto"
    assert parse_shard_count("16") == 16


@pytest.mark.parametrize(
    ("text", "says"), [("0-x", "not a list"), ("3-1", "write 1-3"), ("", "not a list")]
)
def test_a_malformed_list_says_what_to_write(text: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        parse_shards(text)


@pytest.mark.parametrize("text", ["0", "-2", "many", "1000001"])
def test_a_shard_count_is_a_positive_number(text: str) -> None:
    with pytest.raises(ValueError, match="not a shard count"):
        parse_shard_count(text)


def test_shards_outside_the_count_are_named() -> None:
    assert shard_problems((0, 1), 2) == []
    (problem,) = shard_problems((2, 3, 4), 4)
    assert "shard 4 is outside 0-3" in problem
    (problem,) = shard_problems((4, 5), 4)
    assert "shards 4, 5 are outside 0-3" in problem


def test_a_guild_is_on_the_shard_of_its_id_timestamp() -> None:
    assert shard_of(0, 4) == 0
    assert shard_of(5 << 22, 4) == 1
    assert shard_of((7 << 22) + 12345, 4) == 3


def _hold(leases: dict[int, Lease], *, minutes: float, share: int, me: str = "me") -> set[int]:
    now = START + timedelta(minutes=minutes)
    held = shards_to_hold(
        shard_count=4, me=me, leases=leases, now=now, started_at=START, share=share
    )
    return set(held)


def _lease(shard: int, owner: str, minutes: float) -> Lease:
    return Lease(shard, owner, START + timedelta(minutes=minutes))


def test_free_shards_are_taken_up_to_the_share() -> None:
    assert _hold({}, minutes=0, share=2) == {0, 1}
    assert _hold({0: _lease(0, "other", 1), 1: _lease(1, "other", 1)}, minutes=0, share=2) == {
        2,
        3,
    }


def test_live_shards_are_kept_and_others_left_alone() -> None:
    leases = {0: _lease(0, "me", 1), 1: _lease(1, "other", 1), 2: _lease(2, "other", 1)}
    assert _hold(leases, minutes=0, share=2) == {0, 3}
    assert _hold(leases, minutes=0, share=1) == {0}


def test_the_shards_of_a_process_that_died_meanwhile_are_taken_beyond_the_share() -> None:
    leases = {s: _lease(s, "me" if s < 2 else "dead", 1) for s in range(4)}
    leases = {**leases, 0: _lease(0, "me", 3), 1: _lease(1, "me", 3)}
    assert _hold(leases, minutes=0.5, share=2) == {0, 1}  # its leases still run
    assert _hold(leases, minutes=2, share=2) == {0, 1, 2, 3}  # they ran out while we were up


def test_leases_that_ran_out_before_the_process_started_count_as_free() -> None:
    stale = {s: _lease(s, "gone", -5) for s in range(4)}
    assert _hold(stale, minutes=0, share=2) == {0, 1}  # a whole bot restarting shares them out


def test_the_shards_of_a_dead_process_are_split_among_the_survivors() -> None:
    leases = {0: _lease(0, "me", 3), 1: _lease(1, "other", 3)}
    leases |= {2: _lease(2, "dead", 1), 3: _lease(3, "dead", 1)}
    # Shards 2 and 3 ran out; two processes live: this one takes one, the other the other.
    assert _hold(leases, minutes=2, share=1) == {0, 2}
    assert _hold(leases, minutes=2, share=1, me="other") == {1, 3}
