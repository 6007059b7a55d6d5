"""Configuration from the environment; the one place that reads it."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///quizbot.db"
DEFAULT_QUIZ_DIR = "quizzes"


@dataclass(frozen=True, slots=True)
class Settings:
    discord_token: str | None = field(default=None, repr=False)  # never in logs or reprs
    database_url: str = DEFAULT_DATABASE_URL
    quiz_dir: Path = Path(DEFAULT_QUIZ_DIR)
    log_level: str = "INFO"
    dev_guild: int | None = None
    discord_url: str | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        values = os.environ if env is None else env
        dev_guild = values.get("QUIZBOT_DEV_GUILD", "").strip()
        return cls(
            discord_token=values.get("DISCORD_TOKEN") or None,
            database_url=values.get("DATABASE_URL") or DEFAULT_DATABASE_URL,
            quiz_dir=Path(values.get("QUIZBOT_QUIZ_DIR") or DEFAULT_QUIZ_DIR),
            log_level=(values.get("QUIZBOT_LOG_LEVEL") or "INFO").upper(),
            dev_guild=int(dev_guild) if dev_guild else None,
            discord_url=values.get("QUIZBOT_DISCORD_URL") or None,
        )
