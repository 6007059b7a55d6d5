"""`quizbot run`: migrate, load and check the packs, connect, serve."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from typing import Any

from bot.app.client import QuizBot
from bot.app.conductor import RoundConductor
from bot.app.context import AppContext, utc_now
from bot.app.keys import QuestionKeys
from bot.app.logs import configure_logging
from bot.config import Settings
from bot.quiz.library import Library, load_library
from bot.quiz.problems import PackError
from bot.storage.database import Database
from bot.storage.migrate import upgrade
from bot.storage.packs import sync_packs

log = logging.getLogger(__name__)


def run(settings: Settings, discord_url: str | None = None) -> int:
    configure_logging(settings.log_level, settings.discord_token)
    try:
        library = load_library([settings.quiz_dir])
    except PackError as error:
        print(f"quizbot will not start with invalid packs:\n{error}", file=sys.stderr)  # noqa: T201
        return 1
    upgrade(settings.database_url)
    log.info("database is up to date")
    url = discord_url or settings.discord_url
    if url:
        from bot.sandbox import point_discord_at  # noqa: PLC0415  # only for the stand-in

        point_discord_at(url)
        log.info("talking to the Discord stand-in at %s", url)
    try:
        asyncio.run(serve(settings, library))
    except KeyboardInterrupt:
        log.info("stopped")
    return 0


def build_bot(
    db: Database,
    library: Library,
    *,
    dev_guild: int | None = None,
    pause_between_questions_s: float = 3.0,
    **options: Any,  # noqa: ANN401  # discord.Client options
) -> QuizBot:
    """A bot wired to its database and packs (tests build theirs the same way)."""
    bot = QuizBot(dev_guild=dev_guild, **options)
    conductor = RoundConductor(
        bot, db, library, utc_now, pause_between_questions_s=pause_between_questions_s
    )
    bot.ctx = AppContext(db, library, conductor, QuestionKeys.of(library))
    return bot


async def serve(settings: Settings, library: Library) -> None:
    assert settings.discord_token is not None  # noqa: S101  # checked by the command line
    db = Database.open(settings.database_url)
    try:
        await sync_packs(db, list(library.packs.values()), utc_now())
        bot = build_bot(db, library, dev_guild=settings.dev_guild)
        # `docker stop` sends SIGTERM: close the connection and finish queued answers first.
        asyncio.get_running_loop().add_signal_handler(
            signal.SIGTERM, lambda: asyncio.ensure_future(bot.close())
        )
        async with bot:
            await bot.start(settings.discord_token)
    finally:
        await db.close()
