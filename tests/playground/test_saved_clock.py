"""The playground's clock between starts, and the crowd on that clock: the lead the stand-in's
clock file keeps is read back (and a file that is not one is refused, saying why), and the crowd
answers within a question's time as the bot's stamp gives it on the moved clock."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from bot.playground import world
from bot.playground.crowd import SHARE_OF_TIME, Crowd
from bot.playground.saved_clock import MAX_BYTES, saved_offset
from standin.clock import MAX_OFFSET_S
from standin.clock import Clock as StandInClock
from standin.core import StandIn
from standin.model import Message


def test_the_lead_the_stand_in_wrote_is_read_back(tmp_path: Path) -> None:
    path = tmp_path / "clock.json"
    assert saved_offset(path) == (0.0, None)  # a first start: no file, nothing to say
    StandInClock(path).advance(86400 + 0.25)
    assert saved_offset(path) == (86400.25, None)


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"not json", r'not \{"offset_s": seconds\}'),
        (b'{"lead": 3}', r'not \{"offset_s": seconds\}'),
        (b"[1, 2]", r'not \{"offset_s": seconds\}'),
        (b'{"offset_s": "3600"}', "offset_s is not a number of seconds"),
        (b'{"offset_s": true}', "offset_s is not a number of seconds"),
        (b'{"offset_s": -1}', f"offset_s must be 0 to {MAX_OFFSET_S:.0f} seconds, not -1"),
        (b'{"offset_s": NaN}', "offset_s must be 0 to"),
        (b'{"offset_s": 1e300}', "offset_s must be 0 to"),
        (b"\xff\xfe", r'not \{"offset_s": seconds\}'),
        (b" " * (MAX_BYTES + 1), f"larger than {MAX_BYTES} bytes"),
    ],
)
def test_a_file_that_is_no_clock_file_starts_on_the_real_time_saying_why(
    tmp_path: Path, content: bytes, reason: str
) -> None:
    path = tmp_path / "clock.json"
    path.write_bytes(content)
    offset, said = saved_offset(path)
    assert offset == 0.0
    assert said is not None
    assert said.startswith(f"{path}: ")
    assert re.search(reason, said)


async def test_the_crowd_answers_within_the_time_left_on_the_moved_clock() -> None:
    """A day ahead, a question that closes 20 s from the stand-in's now is answered within
    80 % of those 20 s (the real time would give the crowd a day)."""
    core = StandIn(check_spec=False)
    guild = world.seed(core.world, 3)
    core.clock.advance(86400)
    closes = int(core.clock.now().timestamp()) + 20
    text = {"type": 10, "content": f"### Question 1 of 1 · Closes <t:{closes}:R>"}
    channel = next(iter(guild.channels.values()))
    body = {"flags": 1 << 15, "components": [{"type": 17, "components": [text]}]}
    message = Message(core.world.ids.next(), channel.id, guild.id, core.world.bot, body)

    async def correct(_round: int, _question: int) -> int:
        return 0

    crowd = Crowd(core, correct, random.Random(7))  # noqa: S311  # simulated members
    crowd.configure(enabled=True, size=30, right=0.5)
    plan = crowd._plan(message, correct=0, count=4)  # its timing, unplayed
    delays = [delay for delay, _member, _option in plan]
    assert len(delays) == 30
    assert max(delays) <= 20 * SHARE_OF_TIME
