"""The per-server upload rate: a sliding window, per server, with the wait it names."""

from __future__ import annotations

import pytest

from bot.quiz.packs.upload_rate import SWEEP_AT, UPLOADS_PER_WINDOW, WINDOW_S, UploadRate

GUILD, OTHER = 1, 2


def test_a_server_may_upload_a_few_packs_a_minute_then_is_told_how_long_to_wait() -> None:
    rate = UploadRate()
    assert (UPLOADS_PER_WINDOW, WINDOW_S) == (5, 60.0)
    assert [rate.admit(GUILD, 100.0 + second) for second in range(5)] == [0] * 5
    assert rate.admit(GUILD, 104.5) == 56  # the first upload leaves the window at 160.0
    assert rate.admit(GUILD, 159.2) == 1  # 0.8 s left: rounded up, never "0 s"
    assert rate.admit(OTHER, 104.5) == 0  # each server counts its own


def test_the_window_slides_and_refusals_do_not_count() -> None:
    rate = UploadRate(limit=2, window_s=10.0)
    assert rate.admit(GUILD, 0.0) == 0
    assert rate.admit(GUILD, 4.0) == 0
    for moment in (5.0, 6.0, 9.0):  # refused attempts do not push the wait further
        assert rate.admit(GUILD, moment) == 10 - int(moment)
    assert rate.admit(GUILD, 10.0) == 0  # the upload at 0.0 has left the window
    assert rate.admit(GUILD, 11.0) == 3  # now the one at 4.0 is the oldest
    assert rate.admit(GUILD, 14.0) == 0


def test_servers_whose_window_is_over_are_forgotten_once_there_are_many() -> None:
    rate = UploadRate(limit=1, window_s=10.0)
    for guild in range(SWEEP_AT - 1):
        assert rate.admit(guild, 0.0) == 0
    assert rate.admit(SWEEP_AT - 1, 5.0) == 0
    assert rate.counted_servers == SWEEP_AT
    assert rate.admit(SWEEP_AT, 12.0) == 0  # a new server: the sweep forgets the first ones
    assert rate.counted_servers == 2
    assert rate.admit(SWEEP_AT - 1, 12.0) == 3  # its window is not over: it is still counted
    assert rate.admit(0, 12.0) == 0


@pytest.mark.parametrize(("limit", "window_s"), [(0, 60.0), (5, 0.0)])
def test_a_rate_without_a_limit_or_a_window_is_refused(limit: int, window_s: float) -> None:
    with pytest.raises(ValueError, match="needs a limit and a window"):
        UploadRate(limit=limit, window_s=window_s)
