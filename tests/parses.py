"""Pack parses for the pack checker's workers in tests: module-level functions, as the checker
requires, since a worker process imports them by name."""

from __future__ import annotations

import os
import time
from dataclasses import replace

from bot.quiz.reader.imports.reading import Imported, UploadedFile, read_upload

SLOW = b"# slow\n"  # the file parse_or_hang never finishes
FAILING = b"# failing\n"  # the file parse_or_fail raises on
_HEAD = "questions: ["
# The 255 KiB file of issue 20: 87,000 empty lists, seconds of the YAML composer's time.
PATHOLOGICAL = (_HEAD + "[]," * ((255 * 1024 - len(_HEAD)) // 3) + "]\n").encode()


def parse_where(file: UploadedFile) -> Imported:
    """read_upload, with the pack's source naming the process that parsed it."""
    imported = read_upload(file)
    where = f"{file.file_name} in {os.getpid()}"
    return replace(imported, pack=replace(imported.pack, source=where))


def parse_or_hang(file: UploadedFile) -> Imported:
    """A parse that never ends on SLOW, as the worst file for some future loader would."""
    if file.data == SLOW:
        time.sleep(3600)
    return parse_where(file)


def parse_or_fail(file: UploadedFile) -> Imported:
    """A loader with a bug: something other than PackError escapes it on FAILING."""
    if file.data == FAILING:
        raise RecursionError("maximum recursion depth exceeded")
    return parse_where(file)


def parse_from(file: UploadedFile) -> Imported:
    """parse_or_hang, with the pack's source naming the process the worker was forked from."""
    if file.data == SLOW:
        time.sleep(3600)
    imported = read_upload(file)
    return replace(imported, pack=replace(imported.pack, source=f"from {os.getppid()}"))
