"""The heavy commands' share of the bot, those that read a whole pack or its every answer here
(`/quiz pack export`, `/quiz analytics`): each server may run them only so often
(bot/quiz/packs/heavy_commands.py), and what they work out runs in the pack checker's worker
processes (bot/app/kit/pack_checker.py), never on the event loop.

What they hold the event loop for, measured on a pack of 200 questions: its YAML took 0.21 s
(PyYAML's emitter, pure Python), and the analytics of 40,000 answers 0.1 s to read (all rows at
once) and another 0.12 s to analyse, threads or not: pure Python holds the GIL. A flood of them in
one server kept clicks in another waiting up to 1.3 s. Now the loop only streams the rows
(bot/storage/analytics/item_answers.py) and pickles what a worker is given, a few milliseconds at a
time."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, TypeVarTuple

import discord

from bot.app.kit.pack_checker import PackChecker
from bot.app.kit.replies import say
from bot.quiz.packs.heavy_commands import heavy_rate
from bot.quiz.packs.upload_rate import UploadRate

# For one job in a worker: the largest takes about 0.3 s. Only a machine far past its capacity
# gets near this; the worker is then killed, not left holding the server's turn.
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

    async def refused(self, interaction: discord.Interaction[Any], guild_id: int) -> bool:
        """Counts a heavy command of the server; past its limit, tells the member privately
        in how many seconds it may run one again (True: refused, nothing was done)."""
        wait_s = self.rate.admit(guild_id, self._clock())
        if wait_s:
            window = round(self.rate.window_s)
            await say(
                interaction, "heavy.too_often", limit=self.rate.limit, window=window, seconds=wait_s
            )
        return wait_s > 0

    async def run(self, function: Callable[[*Ts], T], *args: *Ts) -> T:
        """``function(*args)`` in a worker (a module-level function of the domain)."""
        return await self._checker.run(function, *args, limit_s=HEAVY_LIMIT_S)
