"""The pieces of the answers benchmark around the clicks: the ceiling bot's process, the quiz
round (started, skipped and stopped by the guild owner, as a moderator would), and the database
the bot writes, checked afterwards."""

from __future__ import annotations

import asyncio
import contextlib
import sys
import uuid
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from sqlalchemy import select
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

from bench.answers.ceilingbot import READY
from bench.answers.load import Click
from bench.rig.clicks import answer_buttons
from bench.rig.processes import STARTUP_S, terminate
from bench.storage.benchmark import admin
from bot.storage.models import answers_table, rounds_table
from standin.driver import StandInClient

Json = dict[str, Any]
QUESTION_WAIT_S = 30.0


class CeilingProcess:
    """``python -m bench.answers.ceilingbot``: started, its message id read, stopped like the
    stand-in."""

    def __init__(self, process: asyncio.subprocess.Process, message_id: str) -> None:
        self.process = process
        self.message_id = message_id

    @classmethod
    async def start(cls, discord_url: str, log: IO[str], *, uvloop: bool = False) -> CeilingProcess:
        flags = ("--uvloop",) if uvloop else ()
        process = await asyncio.create_subprocess_exec(
            *(
                sys.executable,
                "-m",
                "bench.answers.ceilingbot",
                "--discord-url",
                discord_url,
                *flags,
            ),
            stdout=asyncio.subprocess.PIPE,
            stderr=log,
        )
        assert process.stdout is not None  # noqa: S101 - piped above
        async with asyncio.timeout(STARTUP_S):
            line = (await process.stdout.readline()).decode()
        if not line.startswith(READY):
            process.kill()
            raise RuntimeError(f"the ceiling bot did not start: {line!r}")
        return cls(process, line.split()[-1])

    async def stop(self) -> None:
        await terminate(self.process)  # SIGINT, then a kill after a grace period


@dataclass
class Place:
    """The guild's #quiz, its owner (a moderator) and its ordinary members."""

    channel_id: str
    owner: str
    members: list[str]

    @classmethod
    async def of(cls, standin: StandInClient) -> Place:
        guild = (await standin.state())["guilds"][0]
        channel = next(c["id"] for c in guild["channels"] if c["name"] == "quiz")
        members = [m["id"] for m in guild["members"] if m["name"].startswith("member-")]
        return cls(channel, guild["owner_id"], members)


class QuizRound:
    def __init__(self, standin: StandInClient, place: Place) -> None:
        self._standin = standin
        self._place = place

    async def command(self, name: str, **options: str | int) -> Json:
        asked = await self._standin.command(
            self._place.owner, self._place.channel_id, name, **options
        )
        return await self._standin.wait_for_response(asked, timeout=QUESTION_WAIT_S)

    async def question(self, index: int) -> tuple[str, list[tuple[int, str]]]:
        """The message of question ``index`` once it is open: its id and (option, custom_id)."""

        found: list[tuple[str, list[tuple[int, str]]]] = []

        async def posted() -> bool:
            for message in await self._standin.messages(self._place.channel_id, self._place.owner):
                buttons = answer_buttons(message)
                if buttons and buttons[0][0] == index:
                    found.append((message["id"], [(o, custom) for _, o, custom in buttons]))
                    return True
            return False

        appeared: bool = await self._standin.wait_for(posted, QUESTION_WAIT_S)
        assert appeared  # noqa: S101 - wait_for raises on its deadline
        return found[0]


@contextlib.asynccontextmanager
async def scratch_database(given: str | None, workdir: Path) -> AsyncIterator[str]:
    """A SQLite file in ``workdir``, or a new database on the PostgreSQL server of ``given``
    (named after its database), dropped afterwards."""
    if given is None:
        yield f"sqlite+aiosqlite:///{workdir / 'answers.db'}"
        return
    # Named after the given database, so that a run stays among the names it was given.
    name = f"{make_url(given).database or 'quizbot'}_answers_{uuid.uuid4().hex[:10]}"
    await admin(given, f'CREATE DATABASE "{name}"')
    try:
        yield make_url(given).set(database=name).render_as_string(hide_password=False)
    finally:
        await admin(given, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@dataclass(frozen=True)
class AnswerCheck:
    expected: int  # (member, question) pairs clicked
    in_db: int  # rows the round has
    missing: int  # pairs clicked with no row
    wrong_option: int  # rows holding another option than the member's first click

    @property
    def holds(self) -> bool:
        return self.expected == self.in_db and not self.missing and not self.wrong_option


async def check_answers(
    url: str, clicks: Sequence[tuple[int, Click]], guild_channel: str | None = None
) -> AnswerCheck:
    """One row per (member, question) clicked, holding the option of the first click; in the
    round of ``guild_channel`` when there are several."""
    order, stored = await _stored_answers(url, answers_table.c.option_index, guild_channel)
    wanted = {(order[i], int(c.member)): c.option for i, c in clicks if c.first}
    return _checked(wanted, stored)


async def check_typed(url: str, typed: Sequence[tuple[int, str, str]]) -> AnswerCheck:
    """One row per (member, question) answered in a modal, holding the text of the first
    submission: ``typed`` is (question index, member, text) of each first submission."""
    order, stored = await _stored_answers(url, answers_table.c.given, None)
    return _checked({(order[i], int(member)): text for i, member, text in typed}, stored)


async def _stored_answers(
    url: str,
    column: Any,  # noqa: ANN401 - a column of the answers table
    guild_channel: str | None,
) -> tuple[list[str], dict[tuple[str, int], Any]]:
    """The round's question order, and ``column`` of its answers by (question, member)."""
    engine = create_async_engine(url, poolclass=NullPool)
    rounds = select(rounds_table)
    if guild_channel is not None:
        rounds = rounds.where(rounds_table.c.channel_id == int(guild_channel))
    try:
        async with engine.connect() as connection:
            round_row = (await connection.execute(rounds)).one()
            rows = await connection.execute(
                select(answers_table.c.question_id, answers_table.c.member_id, column).where(
                    answers_table.c.round_id == round_row.id
                )
            )
            stored = {(q, m): value for q, m, value in rows.all()}
    finally:
        await engine.dispose()
    return list(round_row.question_order), stored


def _checked(wanted: dict[tuple[str, int], Any], stored: dict[tuple[str, int], Any]) -> AnswerCheck:
    return AnswerCheck(
        expected=len(wanted),
        in_db=len(stored),
        missing=sum(key not in stored for key in wanted),
        wrong_option=sum(key in stored and stored[key] != value for key, value in wanted.items()),
    )
