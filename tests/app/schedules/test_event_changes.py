"""When a change the bot made to a schedule's Discord event counts as shown by the cache."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.app.schedules.events import ACTIVE, COMPLETED, SCHEDULED, moved_past

START = datetime(2027, 3, 21, 17, tzinfo=UTC)
NEXT_WEEK = START + timedelta(days=7)
HOUR_EARLIER = START - timedelta(hours=1)


@pytest.mark.parametrize(
    ("ours", "shown", "past"),
    [
        # Discord started the event at its time by itself, after our change made it SCHEDULED.
        ((SCHEDULED, START), (ACTIVE, START), True),
        ((SCHEDULED, START), (COMPLETED, START), True),
        # Our re-base to an hour earlier has not shown yet: the cache has the old start.
        ((SCHEDULED, HOUR_EARLIER), (SCHEDULED, START), False),
        # Our start has not shown yet.
        ((ACTIVE, START), (SCHEDULED, START), False),
        # The active occurrence ended: a recurring event is SCHEDULED again, a week on.
        ((ACTIVE, START), (SCHEDULED, NEXT_WEEK), True),
        ((ACTIVE, START), (COMPLETED, START), True),
        ((COMPLETED, START), (SCHEDULED, NEXT_WEEK), False),
    ],
)
def test_a_change_counts_as_shown_once_the_event_has_moved_past_it(
    ours: tuple[int, datetime], shown: tuple[int, datetime], *, past: bool
) -> None:
    assert moved_past(*ours, *shown) is past
