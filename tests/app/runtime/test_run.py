"""`quizbot run` as a newcomer starts it: refusals that say what to do, and a real start against
the stand-in in another process, with the token kept out of the log."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app.runtime.logs import Redactor
from bot.cli import main
from standin.driver import StandInClient

REPO = Path(__file__).resolve().parents[3]
TOKEN = "MTIz.secret-token-for-tests.abc"  # noqa: S105  # a fake token to look for in logs
STARTUP_S = 60.0  # a loaded machine's start (bench/rig/processes.py)


def test_run_without_a_token_says_what_to_do(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["run"]) == 2
    assert "DISCORD_TOKEN" in capsys.readouterr().err


def test_run_refuses_invalid_packs_with_the_validator_messages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "bad.yaml").write_text("id: Bad\n", encoding="utf-8")
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("QUIZBOT_QUIZ_DIR", str(tmp_path))
    monkeypatch.setenv("DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path / 'q.db'}")
    assert main(["run"]) == 1
    err = capsys.readouterr().err
    assert "will not start with invalid packs" in err
    assert f"{tmp_path / 'bad.yaml'}:1:5: id: 'Bad' must be 1 to 40 characters" in err
    assert not (tmp_path / "q.db").exists()


def test_the_token_never_reaches_a_log_line() -> None:
    assert Redactor(TOKEN)(f"connecting with {TOKEN}") == "connecting with [redacted]"


async def _line(stream: asyncio.StreamReader, wanted: str, seen: list[str]) -> str:
    while True:
        raw = await stream.readline()
        if not raw:
            raise AssertionError(f"process ended before {wanted!r}; it said: {seen}")
        line = raw.decode()
        seen.append(line)
        if wanted in line:
            return line


async def _process(*args: str, env: dict[str, str]) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        *args,
        env=env,
        cwd=REPO,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )


async def _stop(process: asyncio.subprocess.Process) -> None:
    if process.returncode is None:
        process.send_signal(signal.SIGINT)
        try:
            await asyncio.wait_for(process.wait(), 10)
        except TimeoutError:
            process.kill()
            await process.wait()


@pytest.fixture
async def standin_process() -> AsyncIterator[str]:
    process = await _process(sys.executable, "-m", "standin", "--port", "0", env=dict(os.environ))
    try:
        assert process.stdout is not None
        line = await asyncio.wait_for(_line(process.stdout, "standin listening on", []), STARTUP_S)
        yield line.rsplit(" ", 1)[-1].strip()
    finally:
        await _stop(process)


@pytest.mark.e2e
async def test_quizbot_run_serves_members_through_the_stand_in(
    standin_process: str, tmp_path: Path
) -> None:
    env = {
        **os.environ,
        "DISCORD_TOKEN": TOKEN,
        "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'quizbot.db'}",
        "QUIZBOT_LOG_LEVEL": "DEBUG",
    }
    bot = await _process(
        sys.executable, "-m", "bot", "run", "--discord-url", standin_process, env=env
    )
    seen: list[str] = []
    try:
        assert bot.stdout is not None
        await asyncio.wait_for(_line(bot.stdout, "quizbot ready", seen), STARTUP_S)
        async with StandInClient.connect(standin_process) as standin:
            guild = (await standin.state())["guilds"][0]
            member = next(m["id"] for m in guild["members"] if not m["bot"])
            asked = await standin.command(member, guild["channels"][0]["id"], "quiz packs")
            report = await standin.wait_for_response(asked, timeout=STARTUP_S)
        assert "Expert Parallelism for MoE Serving" in str(report["responses"])
    finally:
        await _stop(bot)
        assert bot.stdout is not None
        seen += [line.decode() for line in (await bot.stdout.read()).splitlines()]
    assert sum("quizbot ready" in line for line in seen) == 1
    assert [line for line in seen if "event loop uvloop.Loop" in line]  # where it is installed
    set_aside = [line for line in seen if "set aside from garbage collection" in line]
    assert int(set_aside[0].split(" objects loaded")[0].rsplit(" ", 1)[-1]) > 10_000
    assert not [line for line in seen if TOKEN in line]
    assert (tmp_path / "quizbot.db").exists()
