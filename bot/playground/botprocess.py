"""The real bot, as `quizbot run --discord-url` in a child process.

A child runs exactly what a deployment runs (the token check, migrations, pack loading, command
sync, signal handling) and keeps the bot's work off the stand-in's event loop, so the page stays
quick while the bot is busy. Its log goes to a file in the data folder.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path

# The stand-in accepts only this token, so a bot configured for the real Discord cannot wander
# in with its own; the child gets it as DISCORD_TOKEN, as a deployment gets its real one.
PLAYGROUND_TOKEN = "playground-token"  # noqa: S105  # not a secret: a local stand-in's password
STOP_S = 15.0  # the bot finishes its step and closes on SIGTERM; past this it is killed
_NOT_PASSED = ("QUIZBOT_DEV_GUILD", "QUIZBOT_DISCORD_URL")  # real-Discord settings


class BotProcess:
    def __init__(self, process: asyncio.subprocess.Process, log_path: Path) -> None:
        self.process = process
        self.log_path = log_path
        self._pump = asyncio.create_task(self._copy_log())
        self.on_error: Callable[[str], object] = lambda _line: None

    @classmethod
    async def start(
        cls, discord_url: str, database_url: str, log_path: Path, clock_file: Path
    ) -> BotProcess:
        """`clock_file`: the stand-in's clock file; the bot runs on the stand-in's time."""
        env = {k: v for k, v in os.environ.items() if k not in _NOT_PASSED}
        env |= {
            "DISCORD_TOKEN": PLAYGROUND_TOKEN,
            "DATABASE_URL": database_url,
            "QUIZBOT_CLOCK_FILE": str(clock_file),
        }
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            "run",
            "--discord-url",
            discord_url,
            env=env,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            start_new_session=True,  # Ctrl-C reaches the playground, which stops the bot first
        )
        return cls(process, log_path)

    async def _copy_log(self) -> None:
        stream = self.process.stdout
        assert stream is not None  # noqa: S101  # piped above
        with self.log_path.open("w", encoding="utf-8") as log:  # this start's log
            while line := (await stream.readline()).decode(errors="replace"):
                log.write(line)
                log.flush()
                if " ERROR " in line or " CRITICAL " in line:
                    self.on_error(line.rstrip())

    @property
    def running(self) -> bool:
        return self.process.returncode is None

    async def wait(self) -> int:
        return await self.process.wait()

    async def stop(self) -> int:
        """SIGTERM, as `docker stop` sends: the bot closes its connection and finishes."""
        if self.running:
            self.process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.process.wait(), STOP_S)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()
        with contextlib.suppress(asyncio.CancelledError):
            await self._pump
        return self.process.returncode or 0

    def log_tail(self, lines: int = 15) -> str:
        if not self.log_path.is_file():
            return ""
        return "\n".join(self.log_path.read_text(encoding="utf-8").splitlines()[-lines:])
