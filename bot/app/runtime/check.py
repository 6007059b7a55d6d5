"""`quizbot check`: the settings, the database, the packs and (online) the token, in a short report.

Each line is ``ok`` or ``FAIL``, a subject and what was found; a failure says what to do. It
starts nothing and changes nothing (an SQLite file that does not exist yet is not created).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import aiohttp
import discord

from bot.app.kit.rest_budget import open_budget
from bot.app.runtime.authority_check import authority_lines
from bot.app.runtime.discord_url import point_discord_at
from bot.app.runtime.reward_check import reward_lines
from bot.app.runtime.sign_in import SIGN_IN_REFUSED, unreachable
from bot.config import FIRST_BOT_ADVICE, Settings
from bot.english import counted
from bot.errors import QuizbotError
from bot.quiz.packs.library import load_library
from bot.quiz.reader.problems import PackError
from bot.storage.readiness import (
    describe,
    is_passing,
    missing_sqlite_folder,
    new_sqlite_file,
    ping,
    refused,
    safe,
    schema_status,
)

CHECK_TIMEOUT_S = 5.0
# What the README's invite link grants: the bot posts rounds and edits its own messages, and
# attaches the pictures of the questions that have one (the shipped packs' do).
NEEDED_PERMISSIONS = {
    "view_channel": "View Channels",
    "send_messages": "Send Messages",
    "embed_links": "Embed Links",
    "attach_files": "Attach Files",
    "read_message_history": "Read Message History",
}
PAGE = 200
REDIS_CHECK_S = 5.0
# Not needed to run rounds: without it a schedule's rounds start all the same, with no event.
EVENTS_PERMISSION = "Create Events"


@dataclass(frozen=True, slots=True)
class Line:
    ok: bool
    subject: str
    text: str

    def __str__(self) -> str:
        return f"{'ok  ' if self.ok else 'FAIL'}  {self.subject}: {self.text}"


def settings_line(settings: Settings) -> Line:
    metrics = (
        f"metrics on {settings.metrics_host}:{settings.metrics_port}"
        if settings.metrics_port is not None
        else "metrics off"
    )
    return Line(
        ok=True,
        subject="settings",
        text=f"log {settings.log_level} {settings.log_format}, {metrics}",
    )


async def database_lines(url: str) -> list[Line]:
    missing = missing_sqlite_folder(url)
    if missing is not None:
        return [Line(ok=False, subject="database", text=line) for line in missing.lines]
    new_file = new_sqlite_file(url)
    if new_file is not None:
        return [Line(ok=True, subject="database", text=f"{new_file} is new: quizbot run makes it")]
    try:
        await ping(url, CHECK_TIMEOUT_S)
    except Exception as error:  # noqa: BLE001  # any failure is the report's to tell
        lines = _down(url, error) if is_passing(error) else refused(url, error).lines
        return [Line(ok=False, subject="database", text=line) for line in lines]
    status = await schema_status(url)
    where = f"{safe(url)} answers"
    if status.unknown:
        text = (
            f"{where}, but its schema is at {', '.join(status.unknown)}, which this quizbot does "
            "not know (a newer quizbot migrated it); run that version"
        )
        return [Line(ok=False, subject="database", text=text)]
    if status.pending:
        text = (
            f"{where}; {counted(len(status.pending), 'migration')} pending "
            f"({', '.join(status.pending)}): "
            "quizbot run (or quizbot db upgrade) applies them"
        )
    else:
        text = f"{where}; schema at head ({status.head})"
    return [Line(ok=True, subject="database", text=text)]


def _down(url: str, error: BaseException) -> tuple[str, ...]:
    return (f"cannot reach {safe(url)} ({describe(error)}); is it running? Check DATABASE_URL",)


def pack_lines(settings: Settings) -> list[Line]:
    problems = settings.quiz_dir_problems()
    if problems:
        return [Line(ok=False, subject="packs", text=problem) for problem in problems]
    folder = settings.quiz_dir.resolve()
    try:
        library = load_library([folder])
    except PackError as error:
        count = len(error.problems)
        return [
            Line(
                ok=False,
                subject="packs",
                text=f"{counted(count, 'problem')}; quizbot validate lists them",
            )
        ]
    if not library.packs:
        return [Line(ok=False, subject="packs", text=f"no quiz packs (*.yaml, *.yml) in {folder}")]
    questions = sum(len(pack.questions) for pack in library.packs.values())
    return [
        Line(
            ok=True,
            subject="packs",
            text=f"{counted(len(library.packs), 'pack')}, {counted(questions, 'question')} "
            f"in {folder}",
        )
    ]


def token_line(settings: Settings, *, online: bool) -> Line | None:
    if settings.token is None:
        return Line(ok=False, subject="token", text=f"DISCORD_TOKEN is not set: {FIRST_BOT_ADVICE}")
    if online:
        return None  # the Discord lines say it all
    return Line(ok=True, subject="token", text="set (quizbot check --online tries it with Discord)")


async def discord_lines(
    token: str, discord_url: str | None, database_url: str | None = None
) -> list[Line]:
    """Signs in over REST only (no gateway session), then reads the bot's servers (and, with
    the database, whether it can give each server's reward roles, and which rewards and pings
    it withholds because their setters may not give or ping them)."""
    if discord_url:
        point_discord_at(discord_url)
    http = discord.http.HTTPClient(asyncio.get_running_loop())
    rewarded: list[Line] = []
    try:
        async with asyncio.timeout(CHECK_TIMEOUT_S * 2):
            user = await http.static_login(token)
            guilds = await _all_guilds(http)
            if database_url is not None:
                found = await reward_lines(http, database_url, guilds, int(user["id"]))
                found += await authority_lines(http, database_url, guilds)
                rewarded = [Line(*line) for line in found]
    except discord.LoginFailure:
        return [Line(ok=False, subject="discord", text=SIGN_IN_REFUSED)]
    except aiohttp.ClientConnectorError as error:
        return [Line(ok=False, subject="discord", text=unreachable(error, discord_url).lines[0])]
    except (TimeoutError, discord.HTTPException) as error:
        return [Line(ok=False, subject="discord", text=f"no answer ({describe(error)})")]
    finally:
        await http.close()
    name = user["username"]
    signed_in = f"signed in as {name} (id {user['id']}); in {counted(len(guilds), 'server')}"
    return [Line(ok=True, subject="discord", text=signed_in), *server_lines(guilds), *rewarded]


async def _all_guilds(http: discord.http.HTTPClient) -> list[Any]:
    guilds: list[Any] = []
    while True:
        page = await http.get_guilds(PAGE, after=guilds[-1]["id"] if guilds else None)
        guilds += page
        if len(page) < PAGE:
            return guilds


def server_lines(guilds: Iterable[Any]) -> list[Line]:
    lines = []
    for guild in guilds:
        subject = f"server {guild['name']} ({guild['id']})"
        missing = missing_permissions(int(guild.get("permissions") or 0))
        if missing:
            named = ", ".join(f'"{name}"' for name in missing)  # Discord's names, quoted
            text = f"the bot lacks {named}: grant them to its role, or invite it again"
            lines.append(Line(ok=False, subject=subject, text=text))
        else:
            text = "the bot has the permissions it needs"
            if not may_make_events(int(guild.get("permissions") or 0)):
                text += f'; without "{EVENTS_PERMISSION}" its scheduled rounds get no Discord event'
            lines.append(Line(ok=True, subject=subject, text=text))
    return lines


def may_make_events(value: int) -> bool:
    """Whether server-wide permissions ``value`` let the bot make its schedules' events."""
    granted = discord.Permissions(value)
    return granted.administrator or granted.create_events or granted.manage_events


def missing_permissions(value: int) -> list[str]:
    """The permissions the bot needs that ``value`` (its server-wide ones) does not grant."""
    granted = discord.Permissions(value)
    if granted.administrator:
        return []
    return [label for name, label in NEEDED_PERMISSIONS.items() if not getattr(granted, name)]


async def budget_lines(settings: Settings) -> list[Line]:
    """With QUIZBOT_REDIS_URL: whether the Redis of the shared budget answers (without it
    the budget is in the process's memory and there is nothing to check)."""
    if settings.redis_url is None:
        return []
    where = redis_address(settings.redis_url)
    budget = open_budget(settings.redis_url, settings.rest_per_second, settings.token or "")
    try:
        await asyncio.wait_for(budget.check(), REDIS_CHECK_S)
    except Exception as error:  # noqa: BLE001  # whatever it is, the report names it
        return [Line(ok=False, subject="budget", text=f"Redis at {where}: {describe(error)}")]
    per_second = settings.rest_per_second
    text = f"{per_second} requests a second, shared through Redis at {where}"
    return [Line(ok=True, subject="budget", text=text)]


def redis_address(url: str) -> str:
    """Host, port and database of a Redis URL, without its password."""
    parts = urlsplit(url)
    return f"{parts.hostname}:{parts.port or 6379}{parts.path or '/0'}"


async def report(settings: Settings, *, online: bool, discord_url: str | None) -> list[Line]:
    lines = [settings_line(settings), *await database_lines(settings.database_url)]
    lines += await budget_lines(settings)
    lines += pack_lines(settings)
    token = token_line(settings, online=online)
    if token is not None:
        lines.append(token)
    if online and settings.token is not None:
        # Reward roles are read only from a database at the schema's head: nothing is created
        # or migrated to read them.
        ready = any(line.ok and "schema at head" in line.text for line in lines)
        database = settings.database_url if ready else None
        lines += await discord_lines(settings.token, discord_url or settings.discord_url, database)
    return lines


def settings_failure(error: QuizbotError) -> list[Line]:
    return [Line(ok=False, subject="settings", text=line) for line in error.lines]
