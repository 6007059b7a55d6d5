"""`quizbot run --shards ...`: the bot as discord.py's AutoShardedBot, its shards decided first.

Without QUIZBOT_SHARDS or QUIZBOT_SHARD_COUNT quizbot runs the plain client
(bot/app/runtime/client.py) with one gateway connection, as it always has.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from discord.ext import commands
from discord.gateway import DiscordWebSocket

from bot.app.kit.context import utc_now
from bot.app.runtime.client import QuizBot
from bot.app.runtime.shard_leases import IdentifyGate, ShardKeeper
from bot.config import Settings
from bot.errors import ConfigError, QuizbotError
from bot.quiz.shards.served import ServedShards
from bot.quiz.shards.serving import ShardIds, shard_problems
from bot.quiz.shards.session_starts import SessionStarts
from bot.storage.database import Database

if TYPE_CHECKING:  # discord.types is for type checkers: imported first, it runs in a circle
    from discord.types.gateway import SessionStartLimit

log = logging.getLogger(__name__)


class ShardedQuizBot(QuizBot, commands.AutoShardedBot):
    """The bot over several gateway connections, one per shard it holds."""

    def __init__(self, **options: Any) -> None:  # noqa: ANN401  # discord.Client options
        super().__init__(**options)
        self.keeper: ShardKeeper | None = None
        self.identify_gate: IdentifyGate | None = None
        self._launching: set[asyncio.Task[None]] = set()

    def serves_guild(self, guild_id: int) -> bool:
        held = self.keeper is None or self.keeper.serves_guild(guild_id)
        return held and super().serves_guild(guild_id)

    def serves_direct_messages(self) -> bool:
        return self.keeper is None or self.keeper.serves_direct_messages()

    def served_shards(self) -> ServedShards:
        """Those the keeper holds now, when other processes share the bot's shards."""
        if self.keeper is None:
            return super().served_shards()
        return ServedShards.of(self.keeper.shard_count, self.keeper.held)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        if self.identify_gate is None:
            await super().before_identify_hook(shard_id, initial=initial)
        else:
            await self.identify_gate.before_identify(shard_id or 0)

    def take_over(self, shard_ids: frozenset[int]) -> None:
        """Connects shards taken over from a process that died; their rounds follow."""
        new = sorted(shard_ids - set(self.shard_ids or ()))
        if not new or self.is_closed():
            return
        self.shard_ids = sorted({*(self.shard_ids or ()), *new})
        self._connection.shard_ids = self.shard_ids
        for shard_id in new:
            launch = self.launch_shard(DiscordWebSocket.DEFAULT_GATEWAY, shard_id)
            task = asyncio.create_task(launch, name=f"shard-{shard_id}")
            self._launching.add(task)
            task.add_done_callback(self._launching.discard)

    def let_go(self, shard_ids: frozenset[int]) -> None:
        """Closes the connections of shards another process took over (this one's leases ran
        out, e.g. while the database was away): their rounds are that process's now."""
        self.shard_ids = [s for s in self.shard_ids or () if s not in shard_ids]
        self._connection.shard_ids = self.shard_ids
        for shard_id in shard_ids:
            shard = self.get_shard(shard_id)
            if shard is not None:
                task = asyncio.create_task(shard.disconnect(), name=f"shard-{shard_id}-off")
                self._launching.add(task)
                task.add_done_callback(self._launching.discard)

    async def close(self) -> None:
        await super().close()  # the conductors finish their step before the shards go
        if self.keeper is not None:
            await self.keeper.shutdown()
        if self.identify_gate is not None:
            await self.identify_gate.close()


async def prepare_shards(bot: ShardedQuizBot, settings: Settings, db: Database) -> None:
    """Settles the shard count (asking Discord for auto), takes the shards' leases when other
    processes share the bot, and paces IDENTIFY through PostgreSQL; call after signing in."""
    recommended, _, limits = await bot.http.get_bot_gateway()
    count, wanted = _settled_shards(settings, recommended)
    starting = len(wanted) if wanted is not None else settings.shards_per_process or count
    refuse_spent_starts(limits, starting, count)
    max_concurrency = int(limits.get("max_concurrency", 1))
    log.info(
        "shards: the bot has %d (Discord recommends %d; max_concurrency %d)",
        count,
        recommended,
        max_concurrency,
    )
    if db.dialect == "postgresql":
        bot.identify_gate = IdentifyGate(db, max_concurrency)
    if settings.shares_shards:
        keeper = ShardKeeper(
            db,
            utc_now,
            shard_count=count,
            wanted=wanted,
            share=settings.shards_per_process,
            lease_s=settings.shard_lease_s,
        )
        await keeper.acquire()
        bot.keeper = keeper
        keeper.start(bot.take_over, bot.let_go)
        wanted = tuple(sorted(keeper.held))
    bot.shard_count = count
    bot.shard_ids = list(wanted) if wanted is not None else None


def refuse_spent_starts(limits: SessionStartLimit, starting: int, shard_count: int) -> None:
    """Stops the start, its shards unheld, when it would spend the session starts the bot
    keeps for reconnects (Discord resets the token of a bot that runs out)."""
    starts = SessionStarts(limits["total"], limits["remaining"], limits["reset_after"])
    refusal = starts.refusal(starting, shard_count)
    if refusal is not None:
        log.error("shards: %s", refusal)
        raise QuizbotError(f"{refusal}; quizbot run stops rather than have Discord reset the token")


def _settled_shards(settings: Settings, recommended: int) -> tuple[int, ShardIds | None]:
    """The shard count and the listed shards (None: all, or auto), checked against each other."""
    count = settings.shard_count if isinstance(settings.shard_count, int) else recommended
    wanted = settings.shards if isinstance(settings.shards, tuple) else None
    given = isinstance(settings.shard_count, int)
    counted = "QUIZBOT_SHARD_COUNT is" if given else "Discord recommends"
    problems = shard_problems(wanted or (), count, counted)
    if problems:
        raise ConfigError(*problems)
    return count, wanted
