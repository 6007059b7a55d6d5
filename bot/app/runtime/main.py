"""`quizbot run`: load and check the packs, wait for the database, migrate, connect, serve."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from bot import __version__
from bot.app.kit import metrics
from bot.app.kit.context import AppContext
from bot.app.kit.rest_budget import RestBudget, draw_requests_from, open_budget
from bot.app.kit.retry import describe
from bot.app.reminders.loop import PASS_INTERVAL_S, ReminderLoop
from bot.app.reminders.refused_notice import RefusedNotice
from bot.app.review.refits import FittingLoop
from bot.app.rewards.loop import RewardLoop
from bot.app.rounds.conductor import RoundConductor
from bot.app.runtime.client import QuizBot
from bot.app.runtime.discord_url import point_discord_at
from bot.app.runtime.logs import configure_logging
from bot.app.runtime.monitor import Monitor
from bot.app.runtime.sharded_client import ShardedQuizBot, prepare_shards, refuse_spent_starts
from bot.app.runtime.sign_in import Stopper, connection_failure, sign_in
from bot.app.schedules.loop import ScheduleLoop
from bot.app.seasons.loop import SeasonLoop
from bot.app.shelf.question_keys import QuestionKeys
from bot.app.shelf.shelf import PackShelf
from bot.clock import Clock
from bot.config import DEFAULT_REST_PER_SECOND, Settings
from bot.errors import QuizbotError
from bot.heap import settle_heap
from bot.quiz.packs.library import Library
from bot.storage.database import Database
from bot.storage.migrate import upgrade_async
from bot.storage.packs.library import sync_packs
from bot.storage.readiness import wait_for_database

log = logging.getLogger(__name__)


def run(settings: Settings, library: Library, discord_url: str | None = None) -> int:
    """Serves ``library`` until stopped; raises QuizbotError for whatever keeps it from
    starting."""
    configure_logging(settings.log_level, settings.token, settings.log_format)
    url = discord_url or settings.discord_url
    log.info(
        "quizbot %s starting: %d packs from %s, database %s",
        __version__,
        len(library.packs),
        settings.quiz_dir,
        settings.safe_database_url,
    )
    if url:
        point_discord_at(url)
        log.info("talking to the Discord stand-in at %s", url)
    log.info("%d objects loaded at start-up set aside from garbage collection", settle_heap())
    with asyncio.Runner(loop_factory=event_loop_factory()) as runner:
        runner.run(start(settings, library, url))
    return 0


def event_loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's loop where it is installed (not on Windows), else asyncio's own."""
    try:
        import uvloop  # noqa: PLC0415  # optional: no Windows build
    except ImportError:
        return None
    return uvloop.new_event_loop


async def start(settings: Settings, library: Library, discord_url: str | None) -> None:
    stopper = Stopper()
    try:
        await wait_for_database(settings.database_url, settings.database_wait_s)
        await upgrade_async(settings.database_url)
        loop = type(asyncio.get_running_loop())
        log.info("database is up to date; event loop %s.%s", loop.__module__, loop.__name__)
        await serve(settings, library, stopper, discord_url)
    except asyncio.CancelledError:
        if stopper.signal_name is None:
            raise
    log.info("stopped (%s)", stopper.signal_name or "the connection closed")


def build_bot(
    db: Database,
    library: Library,
    *,
    dev_guild: int | None = None,
    pause_between_questions_s: float = 3.0,
    reminder_interval_s: float = PASS_INTERVAL_S,
    sharded: bool = False,
    clock: Clock | None = None,
    budget: RestBudget | None = None,
    **options: Any,  # noqa: ANN401  # discord.Client options
) -> QuizBot:
    """A bot wired to its database and packs (tests build theirs the same way); its requests
    draw from ``budget`` (default: a budget of its own, in memory)."""
    bot = (ShardedQuizBot if sharded else QuizBot)(dev_guild=dev_guild, **options)
    draw_requests_from(bot.http, budget or open_budget(None, DEFAULT_REST_PER_SECOND, "local"))
    clock = clock or Clock()
    shelf = PackShelf(db, library)
    conductor = RoundConductor(
        bot,
        db,
        shelf,
        clock,
        pause_between_questions_s=pause_between_questions_s,
        serves_guild=bot.serves_guild,
        served_shards=bot.served_shards,
    )
    serves, shards = bot.serves_guild, bot.served_shards
    bot.schedules = ScheduleLoop(
        bot, db, shelf, conductor, clock, serves_guild=serves, served_shards=shards
    )
    bot.seasons = SeasonLoop(bot, db, clock, serves_guild=serves, served_shards=shards)
    bot.rewards = RewardLoop(bot, db, clock, serves_guild=serves, served_shards=shards)
    keys = QuestionKeys.of(library)
    bot.ctx = AppContext(db, library, conductor, keys, shelf, clock, bot.schedules, bot.seasons)
    bot.reminders = ReminderLoop(
        bot,
        db,
        library,
        clock.now,
        interval_s=reminder_interval_s,
        shards=bot.served_shards,
    )
    bot.refused_notice = RefusedNotice(db, bot.reminders)
    bot.fitting = FittingLoop(db, clock, active=bot.serves_direct_messages)
    return bot


async def serve(
    settings: Settings, library: Library, stopper: Stopper, discord_url: str | None
) -> None:
    token = settings.token
    assert token is not None  # noqa: S101  # the command line refuses to run without one
    db = Database.open(settings.database_url)
    metrics.watch_database(db)
    monitor: Monitor | None = None
    clock = Clock.following(settings.clock_file) if settings.clock_file else Clock()
    try:
        await sync_packs(db, list(library.packs.values()), clock.now())
        budget = await shared_budget(settings, token)
        bot = build_bot(
            db,
            library,
            dev_guild=settings.dev_guild,
            sharded=settings.sharded,
            clock=clock,
            budget=budget,
            http_trace=metrics.rate_limit_trace(),
        )
        if settings.metrics_port is not None:
            monitor = Monitor(bot, db)
            await monitor.start(settings.metrics_host, settings.metrics_port)
        # From here a signal closes the connection and finishes queued answers first.
        stopper.closes(bot)
        async with bot:
            await sign_in(bot, token, discord_url)
            if isinstance(bot, ShardedQuizBot):
                await prepare_shards(bot, settings, db)
            else:
                _, _, limits = await bot.http.get_bot_gateway()
                refuse_spent_starts(limits, 1, 1)
            await _connect(bot)
    finally:
        if monitor is not None:
            await monitor.stop()
        await db.close()


async def shared_budget(settings: Settings, token: str) -> RestBudget:
    """The budget of Discord's global limit this process draws from, its Redis reached once."""
    budget = open_budget(settings.redis_url, settings.rest_per_second, token)
    if settings.redis_url is not None:
        try:
            await budget.check()
        except Exception as error:
            raise QuizbotError(
                f"QUIZBOT_REDIS_URL: Redis did not answer ({describe(error)}); start it, or "
                "check the address"
            ) from error
        log.info("requests: %d a second, shared through Redis", settings.rest_per_second)
    return budget


async def _connect(bot: QuizBot) -> None:
    try:
        await bot.connect(reconnect=True)
    except Exception as error:
        failure = connection_failure(error)
        if failure is None:
            raise
        raise failure from error
