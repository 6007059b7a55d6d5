"""Discord's daily session starts: a start may spend them only while as many stay as the bot
has shards (each may have to identify again)."""

from __future__ import annotations

from bot.quiz.shards.session_starts import SessionStarts


def test_a_start_that_leaves_a_reconnect_for_every_shard_may_go() -> None:
    starts = SessionStarts(total=1000, remaining=12, reset_after_ms=3_600_000)
    assert starts.refusal(starting=4, shard_count=8) is None  # 8 left: one for each shard


def test_a_start_that_would_leave_too_few_is_refused_in_one_line() -> None:
    starts = SessionStarts(total=1000, remaining=11, reset_after_ms=5_400_000)
    assert starts.refusal(starting=4, shard_count=8) == (
        "Discord's session starts: 11 of 1000 left today (more in about 2 h); starting 4 "
        "shard(s) would leave fewer than the 8 kept for every shard to reconnect once"
    )


def test_one_connection_keeps_one_start() -> None:
    assert SessionStarts(1000, 2, 0).refusal(1, 1) is None
    assert SessionStarts(1000, 1, 0).refusal(1, 1) is not None
