"""What every cog and button needs: the database, the packs, the round conductor, the clock.

The conductor is named by what handlers ask of it (``RoundControl``), so the kit knows no
feature: bot/app/rounds/conductor.py's ``RoundConductor`` is the one the process runs."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol, cast

import discord

from bot.app.kit.question_keys import QuestionKeys
from bot.app.kit.server_views import PackShelf
from bot.clock import Clock
from bot.quiz.library import Library
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


@dataclass(frozen=True, slots=True)
class AppContext:
    db: Database
    library: Library
    conductor: RoundControl
    keys: QuestionKeys  # of the built-in packs; a server's own are in its shelf view
    shelf: PackShelf
    clock: Clock = field(default_factory=Clock)


class _HasContext(Protocol):
    ctx: AppContext


def ctx_of(interaction: discord.Interaction[Any]) -> AppContext:
    """The context of the bot that received ``interaction``."""
    return cast("_HasContext", interaction.client).ctx
