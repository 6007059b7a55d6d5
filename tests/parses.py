"""Pack parses for the pack checker's workers in tests: module-level functions, as the checker
requires, since a worker process imports them by name."""

from __future__ import annotations

import os
import time
from dataclasses import replace

from bot.quiz.loader import parse_pack
from bot.quiz.model import Pack

SLOW = b"# slow\n"  # the file parse_or_hang never finishes
FAILING = b"# failing\n"  # the file parse_or_fail raises on
_HEAD = "questions: ["
# The 255 KiB file of issue 20: 87,000 empty lists, seconds of the YAML composer's time.
PATHOLOGICAL = (_HEAD + "[]," * ((255 * 1024 - len(_HEAD)) // 3) + "]\n").encode()


def parse_where(data: bytes, file_name: str) -> Pack:
    """parse_pack, with the pack's source naming the process that parsed it."""
    return replace(parse_pack(data, file_name), source=f"{file_name} in {os.getpid()}")


def parse_or_hang(data: bytes, file_name: str) -> Pack:
    """A parse that never ends on SLOW, as the worst file for some future loader would."""
    if data == SLOW:
        time.sleep(3600)
    return parse_where(data, file_name)


def parse_or_fail(data: bytes, file_name: str) -> Pack:
    """A loader with a bug: something other than PackError escapes it on FAILING."""
    if data == FAILING:
        raise RecursionError("maximum recursion depth exceeded")
    return parse_where(data, file_name)
