"""The heavy commands' share of the bot, those that read a whole pack or its every answer here
(`/quiz pack export`, `/quiz analytics`): each server may run them only so often
(bot/quiz/packs/heavy_commands.py), and what they work out runs in the pack checker's worker
processes (bot/app/shelf/checker.py), never on the event loop.

On the event loop, a large pack's YAML (PyYAML's emitter, pure Python) and the analysis of its
every answer each held it for a large part of a second, threads or not: pure Python holds the
GIL, and a flood of them in one server kept clicks in another waiting
(tests/e2e/test_heavy_isolation.py). Now the loop only streams the rows
(bot/storage/analytics/item_answers.py) and pickles what a worker is given, a little at a time."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, TypeVarTuple

from bot.app.shelf.checker import PackChecker
from bot.quiz.packs.heavy_commands import heavy_rate
from bot.quiz.packs.upload_rate import UploadRate

# For one job in a worker, far above what the largest takes (docs/benchmarks.md): only a machine
# far past its capacity gets near this; the worker is then killed, not left holding the turn.
HEAVY_LIMIT_S = 10.0
T = TypeVar("T")
Ts = TypeVarTuple("Ts")


class HeavyWork:
    """Admits each server's heavy commands at ``rate`` (by the ``clock``'s seconds) and runs
    their work in ``checker``'s workers."""

    def __init__(
        self, checker: PackChecker, clock: Callable[[], float], rate: UploadRate | None = None
    ) -> None:
        self._checker = checker
        self._clock = clock
        self.rate = rate or heavy_rate()

    def admit(self, guild_id: int) -> int:
        """Counts a heavy command of the server: 0 if it may run now, else in how many seconds
        it may (nothing is done; bot/app/kit/heavy_turns.py tells the member)."""
        return self.rate.admit(guild_id, self._clock())

    async def run(self, function: Callable[[*Ts], T], *args: *Ts) -> T:
        """``function(*args)`` in a worker (a module-level function of the domain)."""
        return await self._checker.run(function, *args, limit_s=HEAVY_LIMIT_S)
