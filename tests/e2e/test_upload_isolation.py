"""An upload that is slow to check stalls no other server: while a moderator of one server
uploads a pathological pack, a member of another server keeps getting `/quiz packs` answered at
once. The bot runs in its own process, as in production, so that a stalled event loop there
cannot also stall the stand-in's clock or the member's commands (as it would in one process)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

from bot.quiz.packs.library import load_library
from standin.driver import StandInClient
from tests.e2e.conftest import REPO, TIMEOUT, Json, content_of
from tests.e2e.test_bounded_replies import EPHEMERAL, flags_of
from tests.parses import PATHOLOGICAL
from tests.shipped import SHIPPED_PACK_FILES, copy_shipped_packs

# A third of Discord's 3 s deadline: a stall shorter than the deadline shows too. An answer
# that waits on nothing takes tens of milliseconds here.
PROMPT_S = 1.0
STARTUP_S = 60.0
STOP_S = 20.0
LATER_ASKS = 2  # commands of the other server once the upload is answered


@dataclass(frozen=True, slots=True)
class Seat:
    """Someone in one of the stand-in's servers, and the channel they type in."""

    user_id: int
    channel_id: int


async def seats(standin: StandInClient) -> tuple[Seat, Seat]:
    """The owner (a moderator) of the first server, and a member of the second."""
    first, second = (await standin.state())["guilds"]

    def quiz_channel(guild: Json) -> int:
        return int(next(c["id"] for c in guild["channels"] if c["name"] == "quiz"))

    member = next(m for m in second["members"] if not m["bot"] and m["id"] != second["owner_id"])
    return (
        Seat(int(first["owner_id"]), quiz_channel(first)),
        Seat(int(member["id"]), quiz_channel(second)),
    )


@asynccontextmanager
async def bot_process(
    discord_url: str, database_url: str, quiz_dir: Path
) -> AsyncIterator[list[str]]:
    """`quizbot run` against the stand-in, until it logged that it is ready; yields its log
    lines (read on as it goes), and stops it with SIGINT, as Ctrl-C does, on leaving."""
    env = {
        **os.environ,
        "DISCORD_TOKEN": "standin-token",
        "DATABASE_URL": database_url,
        "QUIZBOT_LOG_LEVEL": "INFO",
        "QUIZBOT_QUIZ_DIR": str(quiz_dir),  # the shipped packs only, whatever quizzes/ holds
    }
    process = await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", "bot", "run", "--discord-url", discord_url),
        env=env,
        cwd=REPO,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    lines: list[str] = []
    reading = asyncio.create_task(_read_lines(process, lines))
    try:
        await asyncio.wait_for(_logged(lines, process, "quizbot ready"), STARTUP_S)
        yield lines
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGINT)
        try:
            await asyncio.wait_for(process.wait(), STOP_S)
        finally:
            if process.returncode is None:
                process.kill()
                await process.wait()
            with suppress(asyncio.CancelledError):
                await reading


async def _read_lines(process: asyncio.subprocess.Process, lines: list[str]) -> None:
    assert process.stdout is not None
    async for raw in process.stdout:
        lines.append(raw.decode(errors="replace"))  # noqa: PERF401  # read as they come


async def _logged(lines: list[str], process: asyncio.subprocess.Process, wanted: str) -> None:
    while not any(wanted in line for line in lines):
        if process.returncode is not None:
            raise AssertionError(f"the bot ended before {wanted!r}: {''.join(lines)}")
        await asyncio.sleep(0.05)


async def answered_or_failed(standin: StandInClient, interaction_id: int) -> Json:
    """The interaction's report once the bot answered it, or once Discord would have shown
    "This interaction failed" (no answer within 3 s)."""

    async def decided() -> Json:
        report = await standin.interaction(interaction_id)
        return report if report["responses"] or report["failed"] else {}

    return await standin.wait_for(decided, timeout=TIMEOUT)


async def answered(standin: StandInClient, interaction_id: int) -> Json:
    """The interaction's report once everything it says is in (a deferral's followup too)."""

    async def settled() -> Json:
        report = await standin.interaction(interaction_id)
        bodies = [response["body"] for response in report["responses"]]
        deferred = bool(bodies) and bodies[0].get("type") == 5  # "thinking"
        return report if bodies and (not deferred or len(bodies) > 1) else {}

    return await standin.wait_for(settled, timeout=TIMEOUT)


async def test_a_slow_upload_in_one_server_stalls_no_other_server(
    database_url: str, tmp_path: Path
) -> None:
    built_in = load_library(SHIPPED_PACK_FILES).packs
    title = next(iter(built_in.values())).title.get("en-US")
    async with StandInClient.start(guilds=2, members=3) as standin:
        moderator, member = await seats(standin)
        quiz_dir = copy_shipped_packs(tmp_path / "quizzes")
        async with bot_process(standin.url, database_url, quiz_dir) as log:
            file_id = await standin.attach(moderator.channel_id, "slow.yaml", PATHOLOGICAL)
            upload = await standin.command(
                moderator.user_id, moderator.channel_id, "quiz pack upload", file=file_id
            )
            await standin.wait_for_response(upload, timeout=TIMEOUT)  # deferred: checking now
            meanwhile: list[Json] = []
            later: list[Json] = []
            deadline = asyncio.get_running_loop().time() + TIMEOUT
            while len(later) < LATER_ASKS:
                assert asyncio.get_running_loop().time() < deadline, "the upload got no answer"
                upload_done = len((await standin.interaction(upload))["responses"]) > 1
                asked = await standin.command(member.user_id, member.channel_id, "quiz packs")
                report = await answered_or_failed(standin, asked)
                (later if upload_done else meanwhile).append(report)
            outcome = await answered(standin, upload)
    said = "\n".join(content_of(response) for response in outcome["responses"]).strip()
    assert said.startswith(("The pack was not stored", "This file took too long to check")), said
    assert all(flags & EPHEMERAL for flags in flags_of(outcome))
    asks = meanwhile + later
    assert meanwhile, "the other server asked nothing while the upload was being checked"
    assert [report["failed"] for report in asks] == [False] * len(asks)
    waited = [ms for report in asks if (ms := report["ms_to_first_response"]) >= PROMPT_S * 1e3]
    assert waited == [], f"answers to the other server that waited (ms): {waited}"
    assert all(title in content_of(report["responses"][0]) for report in asks)
    assert any("stopped (SIGINT)" in line for line in log), "".join(log)
