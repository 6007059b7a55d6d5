"""Every set-up mistake a new user makes gets one clear line from the real `quizbot` command:
the setting, what is wrong, what to do; exit status 2 for configuration, 1 at run time; no
traceback unless QUIZBOT_LOG_LEVEL=DEBUG."""

from __future__ import annotations

import socket
import time
import uuid
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from standin.config import StandInConfig
from standin.driver import StandInClient
from tests.commands import TOKEN, Outcome, closed_port, quizbot, quizbot_async, with_packs
from tests.databases import POSTGRES_URL, admin, need_postgres_here, with_database

NO_NETWORK_HINT = "check this machine's network connection (and any firewall or proxy)"


def assert_clear(outcome: Outcome, status: int, *failures: str) -> None:
    assert outcome.status == status, outcome.everything
    assert outcome.failures == list(failures), outcome.everything
    assert "Traceback" not in outcome.everything


def _resolves(host: str) -> bool:
    try:
        socket.getaddrinfo(host, 443)
    except OSError:
        return False
    return True


def test_the_readme_run_command_without_a_network(tmp_path: Path) -> None:
    # The README's command as it stands, where this machine has no network; where it has one,
    # a name that can never resolve (RFC 6761) stands in for Discord's.
    settings = {"DISCORD_TOKEN": TOKEN}
    host = "discord.com"
    if _resolves(host):
        host = "discord.invalid"
        settings["QUIZBOT_DISCORD_URL"] = f"http://{host}"
    started = time.monotonic()
    outcome = quizbot("run", cwd=with_packs(tmp_path), **settings)
    hint = (
        f"is the stand-in running at http://{host}? (QUIZBOT_DISCORD_URL or --discord-url)"
        if host != "discord.com"
        else NO_NETWORK_HINT
    )
    assert_clear(outcome, 1, f"cannot reach Discord: the name {host} does not resolve; {hint}")
    assert time.monotonic() - started < 15  # fails fast rather than retrying forever
    assert TOKEN not in outcome.everything


def test_nothing_listening_at_the_discord_url(tmp_path: Path) -> None:
    port = closed_port()
    url = f"http://127.0.0.1:{port}"
    outcome = quizbot("run", "--discord-url", url, cwd=with_packs(tmp_path), DISCORD_TOKEN=TOKEN)
    assert outcome.status == 1
    (failure,) = outcome.failures
    assert failure.startswith(f"cannot connect to Discord at 127.0.0.1:{port} (")
    assert failure.endswith(
        f"is the stand-in running at {url}? (QUIZBOT_DISCORD_URL or --discord-url)"
    )


async def test_a_token_discord_refuses(tmp_path: Path) -> None:
    async with StandInClient.start(config=StandInConfig(token="the-right-token")) as standin:  # noqa: S106
        outcome = await quizbot_async(
            "run", "--discord-url", standin.url, cwd=with_packs(tmp_path), DISCORD_TOKEN=TOKEN
        )
    assert_clear(
        outcome,
        2,
        "DISCORD_TOKEN: Discord refused the token (401 Unauthorized); copy it again from the "
        "developer portal (your application, Bot, Reset Token)",
    )
    assert TOKEN not in outcome.everything


def test_an_unknown_log_level(tmp_path: Path) -> None:
    outcome = quizbot(
        "run", cwd=with_packs(tmp_path), DISCORD_TOKEN=TOKEN, QUIZBOT_LOG_LEVEL="LOUD"
    )
    assert_clear(
        outcome,
        2,
        "QUIZBOT_LOG_LEVEL: 'LOUD' is not a log level; use DEBUG, INFO, WARNING or ERROR",
    )


def test_a_database_url_of_no_known_database(tmp_path: Path) -> None:
    outcome = quizbot(
        "run", cwd=with_packs(tmp_path), DISCORD_TOKEN=TOKEN, DATABASE_URL="nonsense://x"
    )
    assert_clear(
        outcome,
        2,
        "DATABASE_URL: 'nonsense' is not a database quizbot supports; use "
        "sqlite+aiosqlite:///quizbot.db or postgresql://user:password@host:5432/db",
    )


@pytest.mark.postgres
@pytest.mark.parametrize("scheme", ["postgres", "postgresql"])
async def test_the_urls_hosting_platforms_hand_out_work(tmp_path: Path, scheme: str) -> None:
    await need_postgres_here()
    name = f"quizbot_url_{uuid.uuid4().hex[:12]}"
    await admin(f'CREATE DATABASE "{name}"')
    try:
        url = make_url(with_database(POSTGRES_URL, name)).set(drivername=scheme)
        plain = url.render_as_string(hide_password=False)
        assert plain.startswith(f"{scheme}://")
        upgraded = await quizbot_async("db", "upgrade", cwd=tmp_path, DATABASE_URL=plain)
        assert upgraded.status == 0, upgraded.everything
        checked = await quizbot_async("check", cwd=with_packs(tmp_path), DATABASE_URL=plain)
        assert "schema at head" in checked.out, checked.everything
    finally:
        await admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_a_postgresql_server_that_is_down(tmp_path: Path) -> None:
    port = closed_port()
    started = time.monotonic()
    outcome = quizbot(
        "run",
        cwd=with_packs(tmp_path),
        DISCORD_TOKEN=TOKEN,
        DATABASE_URL=f"postgresql://quizbot:secret-password@127.0.0.1:{port}/quizbot",
        QUIZBOT_DATABASE_WAIT_S="1.5",
    )
    assert outcome.status == 1
    (failure,) = outcome.failures
    where = f"postgresql+asyncpg://quizbot:***@127.0.0.1:{port}/quizbot"
    assert failure.startswith(f"cannot reach the database at {where} (ConnectionRefusedError")
    assert failure.endswith(
        "is it running? Check DATABASE_URL, or wait longer with QUIZBOT_DATABASE_WAIT_S"
    )
    attempts = [line for line in outcome.err.splitlines() if "database not reachable" in line]
    assert len(attempts) >= 2  # each attempt is logged
    assert time.monotonic() - started < 15
    assert "secret-password" not in outcome.everything
    assert "Traceback" not in outcome.everything


@pytest.mark.parametrize("command", [["validate"], ["run"]])
def test_a_server_name_for_the_dev_guild(tmp_path: Path, command: list[str]) -> None:
    outcome = quizbot(
        *command, cwd=with_packs(tmp_path), DISCORD_TOKEN=TOKEN, QUIZBOT_DEV_GUILD="my-server"
    )
    assert_clear(
        outcome,
        2,
        "QUIZBOT_DEV_GUILD: 'my-server' is not a server id; it is a number such as "
        "123456789012345678 (Developer Mode on, then right-click the server: Copy Server ID)",
    )


def test_run_without_a_token_says_how_to_get_one_or_to_try_the_playground(tmp_path: Path) -> None:
    outcome = quizbot("run", cwd=with_packs(tmp_path))
    assert_clear(
        outcome,
        2,
        "DISCORD_TOKEN is not set: create an application and bot user in Discord's developer "
        "portal, then run with DISCORD_TOKEN=<the bot token>; or try the bot without a token: "
        "quizbot playground",
    )


def test_run_from_a_folder_without_the_packs(tmp_path: Path) -> None:
    outcome = quizbot("run", cwd=tmp_path, DISCORD_TOKEN=TOKEN)
    assert_clear(
        outcome,
        2,
        f"QUIZBOT_QUIZ_DIR: the quiz folder quizzes (in {tmp_path}) does not exist; set "
        "QUIZBOT_QUIZ_DIR to the folder of your quiz packs (*.yaml)",
    )
    assert not (tmp_path / "quizbot.db").exists()


def test_an_empty_quiz_folder(tmp_path: Path) -> None:
    (tmp_path / "packs").mkdir()
    outcome = quizbot("run", cwd=tmp_path, DISCORD_TOKEN=TOKEN, QUIZBOT_QUIZ_DIR="packs")
    assert_clear(
        outcome,
        2,
        f"QUIZBOT_QUIZ_DIR: no quiz packs (*.yaml, *.yml) in {tmp_path / 'packs'}; add packs "
        "there or point QUIZBOT_QUIZ_DIR at your packs",
    )


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    outcome = quizbot(
        "run",
        cwd=tmp_path,
        DISCORD_TOKEN=TOKEN,
        QUIZBOT_LOG_LEVEL="LOUD",
        QUIZBOT_DEV_GUILD="my-server",
        QUIZBOT_METRICS_PORT="http",
        QUIZBOT_DATABASE_WAIT_S="-1",
    )
    assert outcome.status == 2
    named = [failure.split(":")[0] for failure in outcome.failures]
    assert named == [
        "QUIZBOT_DATABASE_WAIT_S",
        "QUIZBOT_LOG_LEVEL",
        "QUIZBOT_DEV_GUILD",
        "QUIZBOT_METRICS_PORT",
    ]


def test_a_traceback_only_when_debugging(tmp_path: Path) -> None:
    outcome = quizbot(
        "run",
        cwd=with_packs(tmp_path),
        DISCORD_TOKEN=TOKEN,
        QUIZBOT_LOG_LEVEL="debug",
        QUIZBOT_DISCORD_URL=f"http://127.0.0.1:{closed_port()}",
    )
    assert outcome.status == 1
    assert "Traceback" in outcome.err
    assert len(outcome.failures) == 1


def test_a_one_letter_token_is_redacted_only_where_it_stands_whole(tmp_path: Path) -> None:
    outcome = quizbot(
        "run",
        cwd=with_packs(tmp_path),
        DISCORD_TOKEN="i",  # noqa: S106  # a token that is also a letter of many words
        QUIZBOT_DISCORD_URL=f"http://127.0.0.1:{closed_port()}",
    )
    assert "database is up to date" in outcome.err  # a line with the letter in words, untouched
    assert "[redacted]" not in outcome.err


def test_the_version(tmp_path: Path) -> None:
    from bot import __version__  # noqa: PLC0415

    outcome = quizbot("--version", cwd=tmp_path)
    assert (outcome.status, outcome.out) == (0, f"quizbot {__version__}\n")
    assert __version__ != "unknown"
