"""What every cog and button needs: the database, the packs, the round conductor, the clock."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Protocol, cast

import discord

from bot.app.kit.question_keys import QuestionKeys
from bot.app.packs.server_views import PackShelf
from bot.quiz.library import Library
from bot.storage.database import Database

if TYPE_CHECKING:
    from bot.app.rounds.conductor import RoundConductor


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class AppContext:
    db: Database
    library: Library
    conductor: RoundConductor
    keys: QuestionKeys  # of the built-in packs; a server's own are in its shelf view
    shelf: PackShelf
    clock: Callable[[], datetime] = utc_now


class _HasContext(Protocol):
    ctx: AppContext


def ctx_of(interaction: discord.Interaction[Any]) -> AppContext:
    """The context of the bot that received ``interaction``."""
    return cast("_HasContext", interaction.client).ctx
