"""Configuration from the environment; the one place that reads and checks it.

Every setting is parsed here before anything starts, and every problem is reported at once, each
as one line naming the variable, what is wrong with it and what to write instead.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from bot.errors import ConfigError
from bot.quiz.shards.serving import AUTO, ShardIds, parse_shard_count, parse_shards, shard_problems

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///quizbot.db"
DEFAULT_QUIZ_DIR = "quizzes"
# What a newcomer without a token can do: get one, or try the bot with none at all.
FIRST_BOT_ADVICE = (
    "create an application and bot user in Discord's developer portal, then run with "
    "DISCORD_TOKEN=<the bot token>; or try the bot without a token: quizbot playground"
)
LOG_LEVELS = {"DEBUG", "INFO", "WARNING", "ERROR"}
DATABASE_EXAMPLES = "sqlite+aiosqlite:///quizbot.db or postgresql://user:password@host:5432/db"
# What hosting platforms hand out (postgres://, postgresql://, a psycopg driver) all reach
# PostgreSQL through asyncpg, the driver quizbot ships with; the URL's form is the same.
POSTGRES_DRIVER = "postgresql+asyncpg"
SQLITE_DRIVER = "sqlite+aiosqlite"
POSTGRES_NAMES = {"postgres", "postgresql"}
MAX_PORT = 65535
DEFAULT_REST_PER_SECOND = 45  # under Discord's 50, for the requests in flight at a window's edge


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        case_sensitive=True,
        env_ignore_empty=True,
        extra="ignore",
        frozen=True,
        validate_default=False,  # the defaults are already in their final form
    )

    discord_token: SecretStr | None = Field(default=None, validation_alias="DISCORD_TOKEN")
    # Out of reprs: a PostgreSQL URL may carry a password.
    database_url: str = Field(
        default=DEFAULT_DATABASE_URL, validation_alias="DATABASE_URL", repr=False
    )
    database_wait_s: float = Field(default=60.0, validation_alias="QUIZBOT_DATABASE_WAIT_S")
    quiz_dir: Path = Field(default=Path(DEFAULT_QUIZ_DIR), validation_alias="QUIZBOT_QUIZ_DIR")
    log_level: str = Field(default="INFO", validation_alias="QUIZBOT_LOG_LEVEL")
    log_format: Literal["text", "json"] = Field(
        default="text", validation_alias="QUIZBOT_LOG_FORMAT"
    )
    dev_guild: int | None = Field(default=None, validation_alias="QUIZBOT_DEV_GUILD")
    discord_url: str | None = Field(default=None, validation_alias="QUIZBOT_DISCORD_URL")
    # With the stand-in only: follow its movable clock (tests, the playground; bot/clock.py).
    clock_file: Path | None = Field(default=None, validation_alias="QUIZBOT_CLOCK_FILE")
    metrics_port: int | None = Field(default=None, validation_alias="QUIZBOT_METRICS_PORT")
    metrics_host: str = Field(default="127.0.0.1", validation_alias="QUIZBOT_METRICS_HOST")
    # Unset: one process and one gateway connection, as a bot under 2,500 servers needs.
    shards: ShardIds | Literal["auto"] | None = Field(
        default=None, validation_alias="QUIZBOT_SHARDS"
    )
    shard_count: int | Literal["auto"] | None = Field(
        default=None, validation_alias="QUIZBOT_SHARD_COUNT"
    )
    shards_per_process: int | None = Field(
        default=None, validation_alias="QUIZBOT_SHARDS_PER_PROCESS"
    )
    shard_lease_s: float = Field(default=30.0, validation_alias="QUIZBOT_SHARD_LEASE_S")
    # Where the processes of one bot share Discord's global request limit; out of reprs (it
    # may carry a password). Unset: this process keeps the budget alone, in memory.
    redis_url: str | None = Field(default=None, validation_alias="QUIZBOT_REDIS_URL", repr=False)
    rest_per_second: int = Field(
        default=DEFAULT_REST_PER_SECOND, validation_alias="QUIZBOT_REST_PER_SECOND"
    )

    @classmethod
    def load(cls, **overrides: str | None) -> Settings:
        """The settings from the environment, ``overrides`` (by variable name) first;
        ConfigError lists every problem."""
        given: dict[str, Any] = {k: v for k, v in overrides.items() if v is not None}
        try:
            return cls(**given)
        except ValidationError as error:
            raise ConfigError(*(_problem(detail) for detail in error.errors())) from None

    @property
    def token(self) -> str | None:
        return None if self.discord_token is None else self.discord_token.get_secret_value()

    @property
    def safe_database_url(self) -> str:
        """The database URL without its password, for logs and reports."""
        return make_url(self.database_url).render_as_string(hide_password=True)

    @property
    def debug(self) -> bool:
        return self.log_level == "DEBUG"

    def quiz_dir_problems(self) -> list[str]:
        """What stops the packs from being found: the folder missing or not a folder."""
        folder = self.quiz_dir
        where = folder if folder.is_absolute() else f"{folder} (in {Path.cwd()})"
        if not folder.exists():
            return [
                (
                    f"QUIZBOT_QUIZ_DIR: the quiz folder {where} does not exist; set "
                    "QUIZBOT_QUIZ_DIR to the folder of your quiz packs (*.yaml)"
                )
            ]
        if not folder.is_dir():
            return [f"QUIZBOT_QUIZ_DIR: {where} is a file, not a folder of quiz packs"]
        return []

    def run_problems(self) -> list[str]:
        """What `quizbot run` needs beyond well-formed settings: a token and the quiz folder."""
        problems = []
        if self.discord_token is None:
            problems.append(f"DISCORD_TOKEN is not set: {FIRST_BOT_ADVICE}")
        return problems + self.quiz_dir_problems() + self.sharding_problems()

    @property
    def sharded(self) -> bool:
        """True when quizbot runs its shards itself (QUIZBOT_SHARDS or QUIZBOT_SHARD_COUNT)."""
        return self.shards is not None or self.shard_count is not None

    @property
    def shares_shards(self) -> bool:
        """True when other processes may serve some of the shards (leases in the database)."""
        if self.shards is None:
            return False
        if AUTO in {self.shards, self.shard_count}:
            return True
        count = self.shard_count if isinstance(self.shard_count, int) else 0
        return set(self.shards) != set(range(count))

    def sharding_problems(self) -> list[str]:
        problems = []
        if self.shards is not None and self.shard_count is None:
            problems.append(
                "QUIZBOT_SHARDS needs QUIZBOT_SHARD_COUNT (or --shard-count): the number of shards "
                "of the whole bot, or auto for Discord's recommendation"
            )
        if isinstance(self.shards, tuple) and isinstance(self.shard_count, int):
            problems += shard_problems(self.shards, self.shard_count)
        if self.shards_per_process is not None and self.shards != AUTO:
            problems.append(
                "QUIZBOT_SHARDS_PER_PROCESS is for QUIZBOT_SHARDS=auto only; with listed shards "
                "the process serves exactly those"
            )
        if self.shares_shards and make_url(self.database_url).get_backend_name() == "sqlite":
            problems.append(
                "DATABASE_URL: several processes serving one bot (QUIZBOT_SHARDS not all of "
                "QUIZBOT_SHARD_COUNT, or auto) need a shared PostgreSQL database; SQLite is one "
                "file on one machine. Set DATABASE_URL=postgresql://..., or serve every shard "
                "from this process"
            )
        if self.shares_shards and self.redis_url is None:
            problems.append(
                "QUIZBOT_REDIS_URL: several processes serving one bot share Discord's limit of "
                "requests a second; set QUIZBOT_REDIS_URL=redis://host:6379/0 so that they "
                "share it, or serve every shard from this process"
            )
        return problems

    @field_validator("shards", mode="before")
    @classmethod
    def _shards(cls, raw: Any) -> ShardIds | str:  # noqa: ANN401
        return parse_shards(str(raw))

    @field_validator("shard_count", mode="before")
    @classmethod
    def _shard_count(cls, raw: Any) -> int | str:  # noqa: ANN401
        return parse_shard_count(str(raw))

    @field_validator("shards_per_process", mode="before")
    @classmethod
    def _shards_per_process(cls, raw: Any) -> int:  # noqa: ANN401
        text = str(raw).strip()
        if not text.isdigit() or int(text) == 0:
            raise ValueError(f"{raw!r} is not a number of shards (1 or more)")
        return int(text)

    @field_validator("shard_lease_s", mode="before")
    @classmethod
    def _shard_lease(cls, raw: Any) -> float:  # noqa: ANN401
        return _seconds(raw, at_least=1, meaning="a lease in seconds (1 or more; 30 by default)")

    @field_validator("redis_url", mode="before")
    @classmethod
    def _redis_url(cls, raw: Any) -> str:  # noqa: ANN401
        url = str(raw).strip()
        if url.partition("://")[0] not in {"redis", "rediss"} or "://" not in url:
            scheme = url.partition("://")[0][:20]  # the rest may hold a password
            raise ValueError(f"{scheme!r}... is not a Redis URL, e.g. redis://127.0.0.1:6379/0")
        return url

    @field_validator("rest_per_second", mode="before")
    @classmethod
    def _rest_per_second(cls, raw: Any) -> int:  # noqa: ANN401
        text = str(raw).strip()
        if not text.isdigit() or int(text) == 0:
            raise ValueError(
                f"{raw!r} is not a number of requests a second (1 or more; "
                f"{DEFAULT_REST_PER_SECOND} by default, under Discord's 50)"
            )
        return int(text)

    @field_validator("discord_token", mode="before")
    @classmethod
    def _token(cls, raw: Any) -> Any:  # noqa: ANN401  # the raw environment value
        token = str(raw).strip()
        if token.startswith("Bot "):
            raise ValueError("give the token alone, without the 'Bot ' in front")
        if any(character.isspace() for character in token):
            raise ValueError("has a space or line break inside; copy the token again")
        return token

    @field_validator("database_url", mode="before")
    @classmethod
    def _database_url(cls, raw: Any) -> str:  # noqa: ANN401
        return normalise_database_url(str(raw).strip())

    @field_validator("database_wait_s", mode="before")
    @classmethod
    def _database_wait(cls, raw: Any) -> float:  # noqa: ANN401
        return _seconds(raw, at_least=0, meaning="a number of seconds (0 or more)")

    @field_validator("log_level", mode="before")
    @classmethod
    def _log_level(cls, raw: Any) -> str:  # noqa: ANN401
        level = str(raw).strip().upper()
        if level not in LOG_LEVELS:
            raise ValueError(f"{raw!r} is not a log level; use DEBUG, INFO, WARNING or ERROR")
        return level

    @field_validator("log_format", mode="before")
    @classmethod
    def _log_format(cls, raw: Any) -> str:  # noqa: ANN401
        form = str(raw).strip().lower()
        if form not in {"text", "json"}:
            raise ValueError(f"{raw!r} is not a log format; use text (the default) or json")
        return form

    @field_validator("dev_guild", mode="before")
    @classmethod
    def _dev_guild(cls, raw: Any) -> int:  # noqa: ANN401
        text = str(raw).strip()
        if not text.isdigit() or int(text) == 0:
            raise ValueError(
                f"{raw!r} is not a server id; it is a number such as 123456789012345678 "
                "(Developer Mode on, then right-click the server: Copy Server ID)"
            )
        return int(text)

    @field_validator("discord_url", mode="before")
    @classmethod
    def _discord_url(cls, raw: Any) -> str:  # noqa: ANN401
        url = str(raw).strip().rstrip("/")
        scheme, _, rest = url.partition("://")
        if scheme not in {"http", "https"} or not rest:
            raise ValueError(f"{raw!r} is not an http:// URL, e.g. http://127.0.0.1:8080")
        return url

    @field_validator("metrics_port", mode="before")
    @classmethod
    def _metrics_port(cls, raw: Any) -> int:  # noqa: ANN401
        text = str(raw).strip()
        if not text.isdigit() or int(text) > MAX_PORT:
            raise ValueError(f"{raw!r} is not a port number (1 to 65535; 0 picks a free one)")
        return int(text)


def normalise_database_url(raw: str) -> str:
    """The URL quizbot connects with: the async driver of SQLite or PostgreSQL."""
    scheme = raw.partition("://")[0] if "://" in raw else raw[:20]
    try:
        url = make_url(raw)
    except ArgumentError:
        # Only the scheme is echoed: the rest of a URL may hold a password.
        raise ValueError(f"{scheme!r}... is not a database URL; use {DATABASE_EXAMPLES}") from None
    backend = url.get_backend_name()
    if backend in POSTGRES_NAMES:
        return _postgres(url).render_as_string(hide_password=False)
    if backend == "sqlite":
        if url.database in {None, "", ":memory:"}:
            raise ValueError("quizbot needs an SQLite file, e.g. sqlite+aiosqlite:///quizbot.db")
        return url.set(drivername=SQLITE_DRIVER).render_as_string(hide_password=False)
    raise ValueError(f"{backend!r} is not a database quizbot supports; use {DATABASE_EXAMPLES}")


def _postgres(url: URL) -> URL:
    query = dict(url.query)
    if "sslmode" in query:  # libpq's spelling; asyncpg takes the same modes as `ssl`
        query["ssl"] = query.pop("sslmode")
    return url.set(drivername=POSTGRES_DRIVER, query=query)


def _problem(detail: Any) -> str:  # noqa: ANN401  # pydantic's ErrorDetails
    """One line: the variable, then our own message (not pydantic's, nor the value of a secret)."""
    variable = ".".join(str(part) for part in detail["loc"])
    cause = detail.get("ctx", {}).get("error")
    message = str(cause) if isinstance(cause, ValueError) else detail["msg"]
    return f"{variable}: {message}"


def debug_requested() -> bool:
    """True when QUIZBOT_LOG_LEVEL asks for DEBUG, read raw: the settings may not have parsed."""
    return os.environ.get("QUIZBOT_LOG_LEVEL", "").strip().upper() == "DEBUG"


def _seconds(raw: Any, *, at_least: float, meaning: str) -> float:  # noqa: ANN401
    """``raw`` as a finite number of seconds no less than ``at_least``, or why it is not."""
    try:
        seconds = float(raw)
    except ValueError:
        seconds = float("nan")
    if not at_least <= seconds < float("inf"):
        raise ValueError(f"{raw!r} is not {meaning}")
    return seconds
