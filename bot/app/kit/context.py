"""What every cog and button needs: the database, the packs, the round conductor, the clock,
and the loops of schedules and seasons.

The conductor and the loop are named by what handlers ask of them (``RoundControl``,
``ScheduleWatch``), so the kit knows no feature: bot/app/rounds/conductor.py's
``RoundConductor`` and bot/app/schedules/loop.py's ``ScheduleLoop`` are the ones the process
runs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol, cast

import discord

from bot.app.shelf.question_keys import QuestionKeys
from bot.app.shelf.shelf import PackShelf
from bot.clock import Clock
from bot.quiz.packs.library import Library
from bot.storage.database import Database
from bot.storage.results import RoundView


def utc_now() -> datetime:
    return datetime.now(UTC)


class RoundControl(Protocol):
    """What commands, clicks and the client ask of the rounds' conductor."""

    def begin(self, round_id: int) -> None: ...

    async def skip(self, view: RoundView) -> None: ...

    async def stop(self, view: RoundView) -> None: ...

    def note_answer(self, round_id: int) -> None: ...

    async def start(self) -> int: ...

    async def shutdown(self) -> None: ...

    def when_a_round_ends(self, listener: Callable[[], None]) -> None: ...


class ScheduleWatch(Protocol):
    """What commands tell a loop that acts at stored times: the loop that starts scheduled
    rounds, and the one that ends seasons."""

    def changed(self) -> None:
        """A schedule or a season changed: what is due next is looked for again."""


class _Unwatched:
    def changed(self) -> None:
        """Nothing runs this loop (a context built without it)."""


@dataclass(frozen=True, slots=True)
class AppContext:
    db: Database
    library: Library
    conductor: RoundControl
    keys: QuestionKeys  # of the built-in packs; a server's own are in its shelf view
    shelf: PackShelf
    clock: Clock = field(default_factory=Clock)
    schedules: ScheduleWatch = field(default_factory=_Unwatched)
    seasons: ScheduleWatch = field(default_factory=_Unwatched)  # the loop that ends seasons


class _HasContext(Protocol):
    ctx: AppContext


def ctx_of(interaction: discord.Interaction[Any]) -> AppContext:
    """The context of the bot that received ``interaction``."""
    return cast("_HasContext", interaction.client).ctx
