"""Settings: parsed and checked in one place, every problem at once, secrets out of reprs."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import Settings, normalise_database_url
from bot.errors import ConfigError
from tests.commands import SETTINGS


@pytest.fixture(autouse=True)
def _no_settings_from_outside(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)


def test_the_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUIZBOT_LOG_LEVEL", "")  # empty counts as unset
    settings = Settings.load()
    assert settings.database_url == "sqlite+aiosqlite:///quizbot.db"
    assert (settings.quiz_dir, settings.log_level, settings.log_format) == (
        Path("quizzes"),
        "INFO",
        "text",
    )
    assert (settings.token, settings.dev_guild, settings.metrics_port) == (None, None, None)
    assert settings.database_wait_s == 60.0


@pytest.mark.parametrize(
    ("given", "used"),
    [
        ("postgres://u:pw@db.example:5432/quiz", "postgresql+asyncpg://u:pw@db.example:5432/quiz"),
        ("postgresql://u@h/quiz", "postgresql+asyncpg://u@h/quiz"),
        ("postgresql+psycopg2://u@h/quiz", "postgresql+asyncpg://u@h/quiz"),
        ("postgres://u@h/quiz?sslmode=require", "postgresql+asyncpg://u@h/quiz?ssl=require"),
        ("sqlite:///data/q.db", "sqlite+aiosqlite:///data/q.db"),
        ("sqlite+aiosqlite:////abs/q.db", "sqlite+aiosqlite:////abs/q.db"),
    ],
)
def test_database_urls_reach_the_async_drivers(given: str, used: str) -> None:
    assert normalise_database_url(given) == used


@pytest.mark.parametrize(
    ("given", "problem"),
    [
        ("sqlite:///:memory:", "quizbot needs an SQLite file"),
        ("mysql://u@h/q", "'mysql' is not a database quizbot supports"),
        ("no url at all", "'no url at all'... is not a database URL"),
    ],
)
def test_database_urls_quizbot_cannot_use(given: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        normalise_database_url(given)


def test_a_password_in_the_url_stays_out_of_reprs_and_reports(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgres://quizbot:hunter2@db/quiz")
    monkeypatch.setenv("DISCORD_TOKEN", "MTIz.abc.def")
    settings = Settings.load()
    assert settings.token == "MTIz.abc.def"  # noqa: S105  # a fake token
    assert "hunter2" not in repr(settings)
    assert "MTIz.abc.def" not in repr(settings)
    assert settings.safe_database_url == "postgresql+asyncpg://quizbot:***@db/quiz"


@pytest.mark.parametrize(
    ("token", "problem"),
    [
        ("Bot MTIz.abc", "DISCORD_TOKEN: give the token alone, without the 'Bot ' in front"),
        ("MTIz.a bc", "DISCORD_TOKEN: has a space or line break inside; copy the token again"),
    ],
)
def test_tokens_pasted_wrongly(monkeypatch: pytest.MonkeyPatch, token: str, problem: str) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", token)
    with pytest.raises(ConfigError) as raised:
        Settings.load()
    assert raised.value.lines == (problem,)
    assert "MTIz" not in str(raised.value)


def test_all_problems_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in {
        "QUIZBOT_LOG_FORMAT": "xml",
        "QUIZBOT_DISCORD_URL": "localhost:8080",
        "QUIZBOT_METRICS_PORT": "70000",
    }.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError) as raised:
        Settings.load()
    assert raised.value.exit_status == 2
    assert raised.value.lines == (
        "QUIZBOT_LOG_FORMAT: 'xml' is not a log format; use text (the default) or json",
        "QUIZBOT_DISCORD_URL: 'localhost:8080' is not an http:// URL, e.g. http://127.0.0.1:8080",
        "QUIZBOT_METRICS_PORT: '70000' is not a port number (1 to 65535; 0 picks a free one)",
    )


def test_values_are_read_leniently(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in {
        "QUIZBOT_LOG_LEVEL": " debug ",
        "QUIZBOT_LOG_FORMAT": "JSON",
        "QUIZBOT_DEV_GUILD": " 123456789012345678 ",
        "QUIZBOT_DISCORD_URL": "http://127.0.0.1:8080/",
        "QUIZBOT_METRICS_PORT": "9108",
        "QUIZBOT_DATABASE_WAIT_S": "2.5",
    }.items():
        monkeypatch.setenv(name, value)
    settings = Settings.load()
    assert settings.log_level == "DEBUG"
    assert settings.log_format == "json"
    assert settings.dev_guild == 123456789012345678
    assert settings.discord_url == "http://127.0.0.1:8080"
    assert (settings.metrics_port, settings.database_wait_s) == (9108, 2.5)


def test_run_needs_a_token_and_the_quiz_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("QUIZBOT_QUIZ_DIR", str(tmp_path / "missing"))
    problems = Settings.load().run_problems()
    assert [problem.split(" ")[0] for problem in problems] == ["DISCORD_TOKEN", "QUIZBOT_QUIZ_DIR:"]
    (tmp_path / "file").write_text("", encoding="utf-8")
    monkeypatch.setenv("QUIZBOT_QUIZ_DIR", str(tmp_path / "file"))
    assert Settings.load().quiz_dir_problems() == [
        f"QUIZBOT_QUIZ_DIR: {tmp_path / 'file'} is a file, not a folder of quiz packs"
    ]


def test_without_shard_settings_quizbot_runs_one_process_as_before() -> None:
    settings = Settings.load()
    assert (settings.shards, settings.shard_count, settings.sharded) == (None, None, False)
    assert not settings.shares_shards
    assert settings.sharding_problems() == []


def test_shards_from_the_environment_or_the_command_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUIZBOT_SHARDS", "0-1")
    monkeypatch.setenv("QUIZBOT_SHARD_COUNT", "4")
    from_env = Settings.load()
    assert (from_env.shards, from_env.shard_count, from_env.sharded) == ((0, 1), 4, True)
    flags = Settings.load(QUIZBOT_SHARDS="2-3", QUIZBOT_SHARD_COUNT=None)
    assert (flags.shards, flags.shard_count) == ((2, 3), 4)  # a flag wins; an unset one not


def test_every_shard_in_one_process_works_with_sqlite() -> None:
    settings = Settings.load(QUIZBOT_SHARDS="0-3", QUIZBOT_SHARD_COUNT="4")
    assert settings.sharded
    assert not settings.shares_shards
    assert settings.sharding_problems() == []
    assert Settings.load(QUIZBOT_SHARD_COUNT="auto").sharding_problems() == []


@pytest.mark.parametrize(
    ("shards", "count"), [("0-1", "4"), ("auto", "4"), ("0-1", "auto"), ("auto", "auto")]
)
def test_several_processes_are_refused_on_sqlite(shards: str, count: str) -> None:
    redis = "redis://127.0.0.1:6379/0"
    settings = Settings.load(
        QUIZBOT_SHARDS=shards, QUIZBOT_SHARD_COUNT=count, QUIZBOT_REDIS_URL=redis
    )
    assert settings.shares_shards
    (problem,) = settings.sharding_problems()
    assert problem.startswith("DATABASE_URL: several processes")
    assert "PostgreSQL" in problem
    on_postgres = Settings.load(
        QUIZBOT_SHARDS=shards,
        QUIZBOT_SHARD_COUNT=count,
        DATABASE_URL="postgresql://u@h/quiz",
        QUIZBOT_REDIS_URL=redis,
    )
    assert on_postgres.sharding_problems() == []


def test_several_processes_without_a_shared_budget_are_refused_in_one_line() -> None:
    settings = Settings.load(
        QUIZBOT_SHARDS="auto", QUIZBOT_SHARD_COUNT="4", DATABASE_URL="postgresql://u@h/quiz"
    )
    assert settings.sharding_problems() == [
        (
            "QUIZBOT_REDIS_URL: several processes serving one bot share Discord's limit of "
            "requests a second; set QUIZBOT_REDIS_URL=redis://host:6379/0 so that they share "
            "it, or serve every shard from this process"
        )
    ]
    alone = Settings.load(QUIZBOT_SHARDS="0-3", QUIZBOT_SHARD_COUNT="4")
    assert alone.redis_url is None
    assert alone.sharding_problems() == []  # one process keeps its budget in memory


@pytest.mark.parametrize(
    ("variable", "value", "problem"),
    [
        ("QUIZBOT_REDIS_URL", "http://h:6379", "'http'... is not a Redis URL"),
        ("QUIZBOT_REDIS_URL", "localhost", "'localhost'... is not a Redis URL"),
        ("QUIZBOT_REST_PER_SECOND", "0", "'0' is not a number of requests a second"),
        ("QUIZBOT_REST_PER_SECOND", "lots", "'lots' is not a number of requests a second"),
    ],
)
def test_budget_settings_are_checked(variable: str, value: str, problem: str) -> None:
    with pytest.raises(ConfigError) as refused:
        Settings.load(**{variable: value})
    assert str(refused.value).startswith(f"{variable}: {problem}")


def test_the_redis_password_stays_out_of_reprs() -> None:
    settings = Settings.load(QUIZBOT_REDIS_URL="redis://:hunter2@h:6379/0")
    assert settings.redis_url == "redis://:hunter2@h:6379/0"
    assert "hunter2" not in repr(settings)
    assert Settings.load().rest_per_second == 45


def test_shard_settings_that_do_not_fit_together() -> None:
    postgres = "postgresql://u@h/quiz"
    redis = "redis://h:6379/0"
    alone = Settings.load(
        QUIZBOT_SHARDS="0-1", DATABASE_URL=postgres, QUIZBOT_REDIS_URL=redis
    ).sharding_problems()
    assert alone == [
        (
            "QUIZBOT_SHARDS needs QUIZBOT_SHARD_COUNT (or --shard-count): the number of shards "
            "of the whole bot, or auto for Discord's recommendation"
        )
    ]
    outside = Settings.load(
        QUIZBOT_SHARDS="2-4",
        QUIZBOT_SHARD_COUNT="4",
        DATABASE_URL=postgres,
        QUIZBOT_REDIS_URL=redis,
    )
    assert outside.sharding_problems() == [
        "QUIZBOT_SHARDS: shard 4 is outside 0-3 (QUIZBOT_SHARD_COUNT is 4; shard ids start at 0)"
    ]
    share = Settings.load(
        QUIZBOT_SHARDS="0-1", QUIZBOT_SHARD_COUNT="4", QUIZBOT_SHARDS_PER_PROCESS="2"
    )
    assert "QUIZBOT_SHARDS_PER_PROCESS is for QUIZBOT_SHARDS=auto only" in " ".join(
        share.sharding_problems()
    )


@pytest.mark.parametrize(
    ("variable", "value", "problem"),
    [
        ("QUIZBOT_SHARDS", "zero", "QUIZBOT_SHARDS: 'zero' is not a list of shards"),
        ("QUIZBOT_SHARD_COUNT", "0", "QUIZBOT_SHARD_COUNT: '0' is not a shard count"),
        ("QUIZBOT_SHARD_LEASE_S", "0.5", "QUIZBOT_SHARD_LEASE_S: '0.5' is not a lease"),
        ("QUIZBOT_SHARDS_PER_PROCESS", "0", "QUIZBOT_SHARDS_PER_PROCESS: '0' is not a number"),
    ],
)
def test_malformed_shard_settings(
    monkeypatch: pytest.MonkeyPatch, variable: str, value: str, problem: str
) -> None:
    monkeypatch.setenv(variable, value)
    with pytest.raises(ConfigError) as refused:
        Settings.load()
    assert refused.value.lines[0].startswith(problem)
