"""How often `StandInClient.wait_for` asks its condition, as docs/standin.md says: a stand-in in
another
process (reached by its URL) every POLL_SECONDS, one in this process at its changes and at least
every IDLE_POLL_SECONDS."""

from __future__ import annotations

from pathlib import Path

import pytest

from standin.driver import IDLE_POLL_SECONDS, POLL_SECONDS, StandInClient

DOC = Path(__file__).resolve().parents[2] / "docs" / "standin.md"
WATCHED_S = 0.5


def test_the_page_gives_the_drivers_intervals() -> None:
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    assert f"at least every {round(IDLE_POLL_SECONDS * 1000)} ms;" in text
    assert f"every {round(POLL_SECONDS * 1000)} ms for one in another process" in text


async def test_a_stand_in_in_another_process_is_asked_every_poll_interval() -> None:
    async with StandInClient.start() as here, StandInClient.connect(here.url) as remote:
        asked = 0

        def never() -> bool:
            nonlocal asked
            asked += 1
            return False

        with pytest.raises(TimeoutError):
            await remote.wait_for(never, WATCHED_S)
    # At most once per interval (and the first at once); a busy machine asks fewer times.
    assert 2 <= asked <= WATCHED_S / POLL_SECONDS + 2
