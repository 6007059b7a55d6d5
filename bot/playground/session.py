"""One playground session: the stand-in with its page, the real bot, the crowd; then a clean stop.

The stand-in runs in this process and the bot in a child (see botprocess.py). The world is saved
to the data folder as it changes and when the session stops, and found again at the next start.
Both run on the stand-in's clock, which the page moves forward: the bot follows its clock file
(QUIZBOT_CLOCK_FILE), whose lead over real time the next start keeps (see saved_clock.py).
"""

from __future__ import annotations

import asyncio
import errno
import importlib.util
import os
import signal
import webbrowser
from collections.abc import Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from aiohttp import web

from bot.playground import world
from bot.playground.botprocess import PLAYGROUND_TOKEN, BotProcess
from bot.playground.crowd import Crowd
from bot.playground.saved_clock import CLOCK_FILE, saved_offset
from bot.storage.database import Database
from bot.storage.rounds import tallies
from standin.config import StandInConfig
from standin.core import StandIn
from standin.openapi import REQUIRE_ENV, spec_path
from standin.server import StandInServer

SAVE_EVERY_S = 2.0  # the world is written at most this often while it changes
READY_CHECK_S = 0.1


@dataclass(frozen=True, slots=True)
class Options:
    data_dir: Path
    port: int = 8080
    members: int = 12
    database_url: str | None = None
    open_browser: bool = False


class Answers:
    """The right option of a round's question, from the bot's database (for the crowd)."""

    def __init__(self, database_url: str) -> None:
        self._url = database_url
        self._db: Database | None = None

    async def correct_option(self, round_id: int, question_index: int) -> int:
        if self._db is None:  # opened late: the bot migrates the database as it starts
            self._db = Database.open(self._url)
        return (await tallies.tally(self._db, round_id, question_index)).correct_index

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()


async def serve(options: Options, out: TextIO) -> int:
    """Run until Ctrl-C (SIGINT) or SIGTERM; the exit status."""
    options.data_dir.mkdir(parents=True, exist_ok=True)
    database_url = options.database_url or (
        f"sqlite+aiosqlite:///{options.data_dir / 'playground.db'}"
    )
    core = _stand_in(options.data_dir / CLOCK_FILE, out)
    world_file = options.data_dir / "playground-world.json"
    if world.restore(core.world, world_file):
        world.top_up(core.world, options.members)
    else:
        world.seed(core.world, options.members)
    server = StandInServer(core)
    answers = Answers(database_url)
    crowd = Crowd(core, answers.correct_option)
    add_playground_routes(server.app, crowd)
    try:
        url = await server.start("127.0.0.1", options.port)
    except OSError as error:
        await server.stop()
        if error.errno != errno.EADDRINUSE:
            raise
        out.write(f"quizbot playground: port {options.port} is in use; choose another: --port N\n")
        return 1
    try:
        return await _run(
            core, url, database_url=database_url, options=options, out=out, crowd=crowd
        )
    finally:
        await crowd.close()
        world.save(core.world, world_file)
        await server.stop()
        await answers.close()


def _stand_in(clock_file: Path, out: TextIO) -> StandIn:
    """The stand-in, its clock as far ahead of real time as the last session left it."""
    offset_s, unusable = saved_offset(clock_file)  # read before the stand-in writes the file
    if unusable is not None:
        out.write(f"quizbot playground: the clock starts at the real time: {unusable}\n")
    config = StandInConfig(token=PLAYGROUND_TOKEN, clock_file=clock_file)
    core = StandIn(config, check_spec=_checks_spec())
    core.clock.advance(offset_s)
    return core


def _checks_spec() -> bool:
    """Check request bodies where a developer has Discord's spec and its checker (tests require
    them); a newcomer's playground has neither, and needs no warning about it."""
    available = spec_path().is_file() and importlib.util.find_spec("jsonschema") is not None
    return available or os.environ.get(REQUIRE_ENV) == "1"


async def _run(
    core: StandIn, url: str, *, database_url: str, options: Options, out: TextIO, crowd: Crowd
) -> int:
    log_path = options.data_dir / "playground-bot.log"
    out.write(f"quizbot playground: starting the bot (its log: {log_path})\n")
    out.flush()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    clock_file = options.data_dir / CLOCK_FILE
    bot = await BotProcess.start(url, database_url, log_path, clock_file)
    bot.on_error = lambda line: out.write(f"bot: {line}\n")
    helpers = [
        asyncio.create_task(crowd.run()),
        asyncio.create_task(_keep_saving(core, options.data_dir / "playground-world.json")),
    ]
    try:
        ready = await _first(_ready(core, bot), stop.wait())
        if stop.is_set():  # Ctrl-C while the bot was starting
            return 0
        if not ready:
            return _bot_failed(bot, out)
        page = f"{url}/"
        out.write(f"quizbot playground: open {page} (Ctrl-C stops it)\n")
        out.flush()
        if options.open_browser:
            await asyncio.to_thread(webbrowser.open, page)
        await _first(bot.wait(), stop.wait())
        return 0 if stop.is_set() else _bot_failed(bot, out)
    finally:
        await bot.stop()
        for helper in helpers:
            helper.cancel()
        await asyncio.gather(*helpers, return_exceptions=True)
        out.write("quizbot playground: stopped\n")


async def _first(*waits: Coroutine[Any, Any, object]) -> bool:
    """Wait for the first of several coroutines; its result (True if it returned None)."""
    tasks = [asyncio.ensure_future(w) for w in waits]
    done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    result = next(iter(done)).result()
    return True if result is None else bool(result)


async def _ready(core: StandIn, bot: BotProcess) -> bool:
    """True once the bot has synced its commands and connected; False if it ended first."""
    commands = core.world.commands
    while bot.running:
        connected = any(s["connected"] for s in core.gateway.sessions())
        if connected and (commands.global_commands or commands.guild_commands):
            return True
        await asyncio.sleep(READY_CHECK_S)
    return False


def _bot_failed(bot: BotProcess, out: TextIO) -> int:
    out.write(f"quizbot playground: the bot stopped; the end of its log ({bot.log_path}):\n")
    out.write(bot.log_tail() + "\n")
    return 1


async def _keep_saving(core: StandIn, path: Path) -> None:
    changed = asyncio.Event()
    core.world.watchers.append(lambda *_: changed.set())
    while True:
        await changed.wait()
        changed.clear()
        world.save(core.world, path)
        await asyncio.sleep(SAVE_EVERY_S)


def add_playground_routes(app: web.Application, crowd: Crowd) -> None:
    """`GET /_playground/crowd` and `POST` {enabled, size, right (0 to 1)}: the page's toggle;
    `GET /_playground/page`: whom the page shows first (the Moderator, who starts a round, as
    docs/playground.md says)."""

    async def page(_: web.Request) -> web.Response:
        return web.json_response({"viewer": world.MODERATOR})

    async def state(_: web.Request) -> web.Response:
        return web.json_response(crowd.state())

    async def configure(request: web.Request) -> web.Response:
        settings = crowd.settings
        try:
            body = await request.json()
            changed = crowd.configure(
                enabled=bool(body.get("enabled", settings.enabled)),
                size=int(body.get("size", settings.size)),
                right=float(body.get("right", settings.right)),
            )
        except (ValueError, TypeError, AttributeError) as bad:
            return web.json_response({"error": f"crowd: {bad}"}, status=400)
        return web.json_response(changed)

    app.router.add_get("/_playground/page", page)
    app.router.add_get("/_playground/crowd", state)
    app.router.add_post("/_playground/crowd", configure)
