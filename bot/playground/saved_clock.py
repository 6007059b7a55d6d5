"""The playground's clock between starts: its lead over real time is kept in the data folder.

The stand-in writes its clock file (standin/clock.py) on every move, and the bot follows it. The
bot's database keeps times read on that clock (when a question closes, a scheduled round's
occurrence, a review's due date), so a later start must not go back to real time: it reads the
lead the last session left and starts the stand-in's clock that far ahead again.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from standin.clock import MAX_OFFSET_S

CLOCK_FILE = "playground-clock.json"
MAX_BYTES = 4096  # the file holds one small object; anything larger is not ours


def saved_offset(path: Path) -> tuple[float, str | None]:
    """The lead (seconds, 0 or more) the last session left at `path`, and why it was not
    usable when it was not (None when it was, or when there is no file yet: a first start)."""
    try:
        with path.open("rb") as file:
            raw = file.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return 0.0, None
    except OSError as error:
        return 0.0, f"{path}: cannot be read ({error.strerror})"
    try:
        return _lead(raw), None
    except _NotAClockFileError as unusable:
        return 0.0, f"{path}: {unusable}"


class _NotAClockFileError(Exception):
    pass


def _lead(raw: bytes) -> float:
    if len(raw) > MAX_BYTES:
        raise _NotAClockFileError(f"larger than {MAX_BYTES} bytes, not a clock file")
    try:
        offset = json.loads(raw)["offset_s"]
    except (ValueError, KeyError, TypeError) as error:
        raise _NotAClockFileError('not {"offset_s": seconds}') from error
    if isinstance(offset, bool) or not isinstance(offset, int | float):
        raise _NotAClockFileError("offset_s is not a number of seconds")
    if not math.isfinite(offset) or not 0 <= offset <= MAX_OFFSET_S:
        raise _NotAClockFileError(f"offset_s must be 0 to {MAX_OFFSET_S:.0f} seconds, not {offset}")
    return float(offset)
