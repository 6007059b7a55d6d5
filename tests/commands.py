"""Running the real `quizbot` command in another process, with only the settings a test gives."""

from __future__ import annotations

import asyncio
import os
import re
import socket
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from bot.config import Settings
from tests.shipped import copy_shipped_packs

REPO = Path(__file__).resolve().parent.parent
# The console script pip installed beside this Python, as a user runs it.
QUIZBOT = str(Path(sys.executable).with_name("quizbot"))
TOKEN = "MTIz.quizbot-test-token.abc"  # noqa: S105  # a fake token to look for in output
SETTINGS = {str(field.validation_alias) for field in Settings.model_fields.values()}
_FAILURE = re.compile(r"^(?:quizbot: |.* ERROR quizbot: )(.*)$")
COMMAND_TIMEOUT_S = 60.0


@dataclass(frozen=True)
class Outcome:
    status: int
    out: str
    err: str

    @property
    def failures(self) -> list[str]:
        """The lines that tell what went wrong, without their prefix (stderr or the log)."""
        return [m[1] for line in self.err.splitlines() if (m := _FAILURE.match(line))]

    @property
    def everything(self) -> str:
        return self.out + self.err


def environment(**settings: str) -> dict[str, str]:
    """This process's environment without any quizbot setting, plus ``settings``."""
    env = {key: value for key, value in os.environ.items() if key not in SETTINGS}
    return env | settings


def with_packs(folder: Path) -> Path:
    """``folder`` with a copy of the shipped packs in ``quizzes/``, as in the README."""
    copy_shipped_packs(folder / "quizzes")
    return folder


def quizbot(*args: str, cwd: Path, **settings: str) -> Outcome:
    result = subprocess.run(  # our own command
        [QUIZBOT, *args],
        cwd=cwd,
        env=environment(**settings),
        capture_output=True,
        text=True,
        timeout=COMMAND_TIMEOUT_S,
        check=False,
    )
    return Outcome(result.returncode, result.stdout, result.stderr)


async def quizbot_async(*args: str, cwd: Path, **settings: str) -> Outcome:
    """quizbot() for tests whose event loop must keep serving (an in-process stand-in)."""
    process = await asyncio.create_subprocess_exec(
        QUIZBOT,
        *args,
        cwd=cwd,
        env=environment(**settings),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(process.communicate(), COMMAND_TIMEOUT_S)
    assert process.returncode is not None
    return Outcome(process.returncode, out.decode(), err.decode())


def closed_port() -> int:
    """A local port nothing listens on (it was free a moment ago)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port
