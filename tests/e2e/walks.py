"""Which of the bot's files an interaction walks through, as it runs: every file of `bot/` a
function of which is called while the bot handles the interaction, in the task discord.py
starts for it and in every task that task starts (or that the answer writer runs for it).

A profiler (``sys.setprofile``) sees each call; a call counts when its task is the
interaction's, the answer writer's, or one started from them, told by a context variable that
the profiler sets in those tasks and that tasks started later inherit. Measured on PostgreSQL, so
that no database work runs in another thread.
"""

from __future__ import annotations

import asyncio
import contextvars
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import FrameType
from typing import Any, TypeVar

REPO = Path(__file__).resolve().parents[2]
BOT = str(REPO / "bot") + "/"
# The tasks an interaction's work runs in: discord.py names the one it starts for each event.
WALK_TASKS = ("discord.py: on_interaction", "quizbot-answer-writer")
T = TypeVar("T")

_walking: contextvars.ContextVar[bool] = contextvars.ContextVar("walking", default=False)


class Walk:
    """The files called into while it is on."""

    def __init__(self) -> None:
        self.files: set[str] = set()

    def _profile(self, frame: FrameType, event: str, arg: Any) -> None:  # noqa: ARG002
        if event != "call" or not frame.f_code.co_filename.startswith(BOT):
            return
        try:
            task = asyncio.current_task()
        except RuntimeError:
            return  # no loop in this thread
        if task is None:
            return
        if not _walking.get():
            if task.get_name() not in WALK_TASKS:
                return
            _walking.set(True)  # tasks this one starts from now on are the walk's too
        self.files.add(frame.f_code.co_filename.removeprefix(str(REPO) + "/"))

    async def through(self, act: Callable[[], Awaitable[T]]) -> T:
        """``act()`` with the profiler on, until the interaction's own task has ended."""
        before = {t for t in asyncio.all_tasks() if t.get_name() == WALK_TASKS[0]}
        sys.setprofile(self._profile)
        try:
            result = await act()
            started = [
                t for t in asyncio.all_tasks() if t.get_name() == WALK_TASKS[0] and t not in before
            ]
            await asyncio.wait_for(asyncio.gather(*started, return_exceptions=True), 10)
        finally:
            sys.setprofile(None)
        return result
