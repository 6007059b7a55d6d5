"""End-to-end fixtures: the real quiz bot, over loopback, against the Discord stand-in.

After every test: no interaction failed, the bot earned no 429 (injected ones aside), and every
request the bot sent passed the OpenAPI check.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from bot.app.kit.context import utc_now
from bot.app.kit.rest_budget import RestBudget
from bot.app.runtime.client import QuizBot
from bot.app.runtime.discord_url import point_discord_at
from bot.app.runtime.main import build_bot
from bot.clock import Clock
from bot.quiz.packs.library import Library, load_library
from bot.quiz.rounds.plan import RoundPlan
from bot.quiz.rounds.rules import RoundState
from bot.storage.database import Database
from bot.storage.packs.library import sync_packs
from bot.storage.rounds import lifecycle
from bot.storage.rounds.recorder import record_answer
from standin.config import Limits, StandInConfig
from standin.driver import StandInClient
from standin.interactions import DEFERRED_MESSAGE
from tests.databases import PostgresDatabases, postgres_database, sqlite_database
from tests.messages import BUTTON, components_in, heading_of, layout_text
from tests.shipped import SHIPPED_PACK_FILES

Json = dict[str, Any]
REPO = Path(__file__).resolve().parents[2]
PACK_DIRS = [*SHIPPED_PACK_FILES, Path(__file__).parent / "packs"]
TIMEOUT = 15.0
# The world's bot restarts within seconds of its last IDENTIFY (a new process on the same
# database), and two processes may start at once, as shard 0 of 1 each: Discord's 5 s would
# answer the second IDENTIFY with op 9, which discord.py waits out for 5 s before it identifies
# again. Shortened, a restart costs nothing; tests/standin/test_session_starts.py holds the pace.
IDENTIFY_WINDOW_S = 0.05
MEMBERS = 20

E2E_DIR = Path(__file__).parent


@pytest.hookimpl(tryfirst=True)  # before `-m` selects by marker
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks every test under tests/e2e as e2e: a conftest's ``pytestmark`` marks none."""
    for item in items:
        if item.path.is_relative_to(E2E_DIR):
            item.add_marker(pytest.mark.e2e)


def content_of(response: Json) -> str:
    """The text a response showed: its content, embed titles and descriptions, layout text."""
    body = response["body"]
    data = body.get("data", body) or {}
    parts = [data.get("content") or ""]
    for embed in data.get("embeds") or []:
        parts += [embed.get("title") or "", embed.get("description") or ""]
        parts += [f"{f['name']}: {f['value']}" for f in embed.get("fields") or []]
    parts.append(layout_text(data))
    return "\n".join(part for part in parts if part)


def buttons_of(message: Json) -> list[Json]:
    return [c for c in components_in(message) if c.get("type") == BUTTON]


@dataclass
class QuizWorld:
    standin: StandInClient
    db: Database
    library: Library
    guild_id: int
    channel_id: int
    owner: int
    members: list[int]
    locales: dict[int, str]
    database_url: str
    bot: QuizBot | None = None
    bot_db: Database | None = None  # the bot's own handle, when it reaches the database otherwise
    reminder_interval_s: float = 60.0  # between passes of the reminder loop (the first: on ready)
    # The bot's time, the stand-in's (it follows the stand-in's clock file): kept across
    # restarts, as the real one is; a test moves it with ``advance_clock``.
    clock: Clock = field(default_factory=Clock)
    budget: RestBudget | None = None  # of Discord's global limit; None: one of its own
    _task: asyncio.Task[None] | None = field(default=None, repr=False)

    async def start_bot(self, clock: Clock | None = None) -> QuizBot:
        """Starts the bot on ``clock`` (it then stays the world's), else on the world's."""
        self.clock = clock or self.clock
        self.bot = build_bot(
            self.bot_db or self.db,
            self.library,
            pause_between_questions_s=0,
            reminder_interval_s=self.reminder_interval_s,
            guild_ready_timeout=0.05,
            clock=self.clock,
            budget=self.budget,
        )
        self._task = asyncio.create_task(self.bot.start("standin-token"))
        await asyncio.wait_for(self.bot.wait_until_ready(), TIMEOUT)
        return self.bot

    async def stop_bot(self) -> None:
        if self.bot is not None:
            await self.bot.close()
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self.bot, self._task = None, None

    async def advance_clock(self, seconds: float) -> None:
        """Moves the time forward for the stand-in and the bot at once (what comes due has
        happened in the stand-in when this returns; the bot's waits wake within 50 ms)."""
        await self.standin.advance_clock(seconds)

    async def command(self, user: int, name: str, /, **options: Any) -> Json:
        """Runs a slash command as ``user`` and returns the stand-in's report once answered."""
        interaction = await self.standin.command(user, self.channel_id, name, **options)
        return await self.standin.wait_for_response(interaction, timeout=TIMEOUT)

    async def click(self, user: int, message_id: str, custom_id: str) -> Json:
        interaction = await self.standin.click(user, message_id, custom_id)
        return await self.standin.wait_for_response(interaction, timeout=TIMEOUT)

    async def said(self, report: Json) -> str:
        """Everything the bot said in answer to one interaction, once it has said it all: a
        deferral ("thinking…") says nothing yet, so its followup is waited for."""
        responses = report["responses"]
        if len(responses) == 1 and responses[0]["type"] == DEFERRED_MESSAGE:
            report = await followed_up(self, report)
        return "\n".join(content_of(response) for response in report["responses"])

    async def messages(self, as_user: int | None = None) -> list[Json]:
        return await self.standin.messages(self.channel_id, as_user=as_user or self.owner)

    async def wait_for_message(
        self, predicate: Callable[[Json], bool], as_user: int | None = None
    ) -> Json:
        found: list[Json] = []

        async def present() -> bool:
            found[:] = [m for m in await self.messages(as_user) if predicate(m)]
            return bool(found)

        await self.standin.wait_for(present, timeout=TIMEOUT)
        return found[-1]


async def followed_up(world: QuizWorld, deferred: Json) -> Json:
    """The report of a deferred interaction once its followup is in too."""

    async def both_in() -> Json:
        report = await world.standin.interaction(int(deferred["id"]))
        return report if len(report["responses"]) > 1 else {}

    return await world.standin.wait_for(both_in, timeout=TIMEOUT)


async def edits_of(world: QuizWorld, message_id: str, since: int = 0) -> int:
    """How many edits of one message the bot sent, from entry ``since`` of the request log on."""
    return sum(
        request["method"] == "PATCH" and request["path"].endswith(f"/messages/{message_id}")
        for request in (await world.standin.request_log())[since:]
    )


async def change_behind_the_bots_back(world: QuizWorld, statement: str) -> None:
    async with world.db.write() as connection:
        await connection.execute(text(statement))


def titled(prefix: str) -> Callable[[Json], bool]:
    def matches(message: Json) -> bool:
        return heading_of(message).startswith(prefix)

    return matches


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """SQLite unless a test asks for both with ``@pytest.mark.parametrize(..., indirect=True)``."""
    return str(getattr(request, "param", "sqlite"))


@pytest.fixture
def migrated(backend: str, request: pytest.FixtureRequest) -> Path | PostgresDatabases:
    """The backend's migrated databases: an SQLite file to copy, or the worker's PostgreSQL ones."""
    if backend == "sqlite":
        path: Path = request.getfixturevalue("sqlite_template")
        return path
    databases: PostgresDatabases = request.getfixturevalue("postgres_databases")
    return databases


@pytest.fixture
async def database_url(migrated: Path | PostgresDatabases, tmp_path: Path) -> AsyncIterator[str]:
    """A migrated, empty database of the backend, for this test alone."""
    if isinstance(migrated, Path):
        yield sqlite_database(migrated, tmp_path)
        return
    async with postgres_database(migrated) as url:
        yield url


@pytest.fixture(scope="session")
def shipped_library() -> Library:
    """The packs every world's bot serves, read once per worker: a Library never changes (a test
    that wants other packs gives its world another)."""
    return load_library(PACK_DIRS)


@pytest.fixture
async def world(
    database_url: str, shipped_library: Library, tmp_path: Path
) -> AsyncIterator[QuizWorld]:
    clock_file = tmp_path / "clock.json"
    config = StandInConfig(limits=Limits(identify_window=IDENTIFY_WINDOW_S))
    async with StandInClient.start(
        guilds=1, members=MEMBERS, config=config, clock_file=clock_file
    ) as standin:
        point_discord_at(standin.url)
        db = Database.open(database_url)
        await sync_packs(db, list(shipped_library.packs.values()), utc_now())
        guild = (await standin.state())["guilds"][0]
        channel = next(c for c in guild["channels"] if c["name"] == "quiz")
        people = [m for m in guild["members"] if not m["bot"]]
        world = QuizWorld(
            standin=standin,
            db=db,
            library=shipped_library,
            guild_id=int(guild["id"]),
            channel_id=int(channel["id"]),
            owner=int(guild["owner_id"]),
            members=[int(m["id"]) for m in people if m["id"] != guild["owner_id"]],
            locales={int(m["id"]): m["locale"] for m in people},
            database_url=database_url,
            clock=Clock.following(clock_file),
        )
        try:
            yield world
            failed = [i for i in await standin.interactions() if i["failed"]]
            assert failed == [], "interactions that got no answer in time"
            assert await standin.earned_rate_limits() == 0  # injected storms aside
            assert await standin.openapi_failures() == []
        finally:
            await world.stop_bot()
            await db.close()


@pytest.fixture
async def bot_world(world: QuizWorld) -> QuizWorld:
    """The world with the quiz bot connected and its commands synced."""
    await world.start_bot()
    return world


@pytest.fixture
async def clocked(world: QuizWorld) -> QuizWorld:
    """The world with the bot on a clock the test moves, started a day ahead at 11:00 UTC (the
    scheduled rounds' tests)."""
    from tests.e2e.scheduling import day_after, local, local_today, move_to  # noqa: PLC0415  # it imports this module

    await move_to(world, local(day_after(local_today(world)), 11))
    await world.start_bot()
    return world


def custom_ids(message: Json) -> list[str]:
    return [button["custom_id"] for button in buttons_of(message) if "custom_id" in button]


async def question_message(world: QuizWorld, number: int, total: int) -> Json:
    """The message of question ``number`` once it is posted (open or revealed)."""
    return await world.wait_for_message(titled(f"Question {number} of {total}"))


def option_button(message: Json, option: int) -> Json:
    """The button of a round question or review card that carries the pack's option ``option``
    (options are shown shuffled; the custom_id keeps the pack's index: qa:r:i:OPTION and
    ra:member:reviewed:correct:question:OPTION:scope)."""
    for button in buttons_of(message):
        parts = str(button.get("custom_id", "")).split(":")
        field = {"qa": 3, "ra": 5}.get(parts[0])
        if field is not None and int(parts[field]) == option:
            return button
    raise AssertionError(f"no button carries option {option}")


def option_id(message: Json, option: int) -> str:
    custom_id: str = option_button(message, option)["custom_id"]
    return custom_id


def shown_letter(message: Json, option: int) -> str:
    """The letter the message shows the pack's option ``option`` under."""
    label: str = option_button(message, option)["label"]
    return label


async def answer(world: QuizWorld, member: int, message: Json, option: int) -> str:
    """Clicks the pack's option ``option`` (0 = its first) on a question message; what the bot
    said privately."""
    report = await world.click(member, message["id"], option_id(message, option))
    return await world.said(report)


async def seed_finished_round(
    world: QuizWorld, points: dict[int, int], pack_id: str = "mini"
) -> int:
    """A finished round, through the services, where each member got ``points`` right (of 3).

    Seeded while the bot is away, as history from before it started: a connected bot's round
    supervisor would pick up the half-made round and conduct it (in a channel that does not
    exist, which ends it).
    """
    library_pack = world.library.get(pack_id)
    assert library_pack is not None
    connected = world.bot is not None
    await world.stop_bot()
    view = await lifecycle.start_round(
        world.db,
        RoundPlan(
            guild_id=world.guild_id,
            channel_id=world.channel_id + 1,  # not the channel the live tests play in
            pack_id=pack_id,
            started_by=world.owner,
            question_seconds=60,
            question_count=None,
        ),
        rng=random.Random(7),  # noqa: S311
        now=utc_now(),
    )
    for index, question_id in enumerate(view.question_order):
        await lifecycle.open_question(world.db, view.id, index, utc_now())
        question = library_pack.question(question_id)
        assert question is not None
        for member, right in points.items():
            option = question.correct_index if index < right else (question.correct_index + 1) % 2
            await record_answer(
                world.db,
                round_id=view.id,
                question_id=question_id,
                member_id=member,
                option_index=option,
                now=utc_now(),
            )
        await lifecycle.close_question(world.db, view.id, index, utc_now())
    await lifecycle.end_round(world.db, view.id, RoundState.FINISHED, utc_now())
    async with world.db.write() as connection:  # history: its messages are long delivered
        await connection.execute(
            text("UPDATE round_deliveries SET state = 'delivered' WHERE round_id = :id"),
            {"id": view.id},
        )
    if connected:
        await world.start_bot()
    return view.id


def of_round(round_id: int, heading: str) -> Callable[[Json], bool]:
    """A message of the round whose heading starts with ``heading`` (its buttons name it)."""
    marks = (f"qa:{round_id}:", f"qw:{round_id}:")

    def matches(message: Json) -> bool:
        ours = any(c.startswith(marks) for c in custom_ids(message))
        return ours and heading_of(message).startswith(heading)

    return matches


async def play_round(
    world: QuizWorld, right: dict[int, int], pack_id: str = "mini", questions: int | None = None
) -> Json:
    """A round played through Discord (of ``questions`` questions, else all): member m answers
    the first ``right[m]`` questions correctly and the rest wrongly; the moderator skips each
    question once all answered. Returns the standings message. (Rounds played one after
    another in the channel are told apart by their number of questions.)"""
    pack = world.library.get(pack_id)
    assert pack is not None
    counted = {} if questions is None else {"questions": questions}
    standings = titled("Standings")
    before = len([m for m in await world.messages() if standings(m)])
    await world.command(world.owner, "quiz start", pack=pack_id, seconds=60, **counted)
    (view,) = [
        v for v in await lifecycle.running_rounds(world.db) if v.channel_id == world.channel_id
    ]
    total = len(view.question_order)
    for index, question_id in enumerate(view.question_order):
        message = await world.wait_for_message(
            of_round(view.id, f"Question {index + 1} of {total}")
        )
        question = pack.question(question_id)
        assert question is not None
        for member, count in right.items():
            wrong = (question.correct_index + 1) % len(question.options)
            await answer(world, member, message, question.correct_index if index < count else wrong)
        await world.command(world.owner, "quiz skip")
        closed = f"Question {index + 1} of {total} · Closed"
        await world.wait_for_message(of_round(view.id, closed))

    async def posted() -> list[Json]:
        found = [m for m in await world.messages() if standings(m)]
        return found if len(found) > before else []

    return (await world.standin.wait_for(posted, timeout=TIMEOUT))[-1]  # this round's
