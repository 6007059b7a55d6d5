"""`quizbot check`: a short report on the settings, the database, the packs and (online) the
token, exit 0 when all is well and 1 otherwise; the real command, against the stand-in."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from alembic.script import ScriptDirectory

from bot.app.kit.context import utc_now
from bot.quiz.rewards.reward_roles import Reward
from bot.storage.database import Database
from bot.storage.migrate import alembic_config, upgrade_async
from bot.storage.results import GuildSettings
from bot.storage.rewards.reward_roles import set_reward
from bot.storage.settings.settings import save_guild_settings
from standin.config import StandInConfig
from standin.driver import StandInClient
from standin.permissions import ADMINISTRATOR, BOT_DEFAULT, MANAGE_ROLES, VIEW_CHANNEL
from tests.commands import TOKEN, closed_port, quizbot, quizbot_async, with_packs
from tests.redis_server import need_redis

TOP = 99  # dragged to the top of the roles, above the bot's (Discord makes it at 1)

REVISIONS = [r.revision for r in ScriptDirectory.from_config(alembic_config()).walk_revisions()]
HEAD = REVISIONS[0]


def _subjects(out: str) -> list[tuple[str, str]]:
    """(status, subject) of each report line."""
    lines = out.splitlines()
    return [(line[:4].strip(), line[6:].split(":")[0]) for line in lines[:-1]]


async def test_online_against_the_stand_in(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'quizbot.db'}"
    await upgrade_async(url)
    async with StandInClient.start(guilds=2, config=StandInConfig(token=TOKEN)) as standin:
        outcome = await quizbot_async(
            "check",
            "--online",
            "--discord-url",
            standin.url,
            cwd=with_packs(tmp_path),
            DISCORD_TOKEN=TOKEN,
            DATABASE_URL=url,
        )
        guilds = (await standin.state())["guilds"]
    assert outcome.status == 0, outcome.everything
    lines = outcome.out.splitlines()
    assert lines[:3] == [
        "ok    settings: log INFO text, metrics off",
        f"ok    database: {url} answers; schema at head ({HEAD})",
        f"ok    packs: 3 packs, 22 questions in {tmp_path / 'quizzes'}",
    ]
    assert lines[3].startswith("ok    discord: signed in as quizbot (id ")
    assert lines[3].endswith("; in 2 servers")
    assert lines[4:] == [
        *(
            f"ok    server {g['name']} ({g['id']}): the bot has the permissions it needs"
            for g in guilds
        ),
        "all good",
    ]
    assert TOKEN not in outcome.everything


async def test_a_server_that_lets_the_bot_make_no_events_gets_a_note(tmp_path: Path) -> None:
    async with StandInClient.start(guilds=1, config=StandInConfig(token=TOKEN)) as standin:
        guild = (await standin.state())["guilds"][0]
        # The invite link's four permissions, without Create Events or Manage Events.
        await standin.set_role_permissions(guild["id"], "quizbot", BOT_DEFAULT)
        outcome = await quizbot_async(
            "check",
            "--online",
            cwd=with_packs(tmp_path),
            DISCORD_TOKEN=TOKEN,
            QUIZBOT_DISCORD_URL=standin.url,
        )
    assert outcome.status == 0  # rounds run without it: no failure
    assert (
        f"ok    server {guild['name']} ({guild['id']}): the bot has the permissions it needs; "
        'without "Create Events" its scheduled rounds get no Discord event'
    ) in outcome.out.splitlines()


async def test_missing_permissions_are_named_per_server(tmp_path: Path) -> None:
    async with StandInClient.start(guilds=2, config=StandInConfig(token=TOKEN)) as standin:
        assert standin.core is not None
        guilds = standin.core.world.guilds
        poor = min(guilds)
        for role in guilds[poor].roles.values():  # @everyone and the bot's role: only View
            role.permissions &= VIEW_CHANNEL
        outcome = await quizbot_async(
            "check",
            "--online",
            cwd=with_packs(tmp_path),
            DISCORD_TOKEN=TOKEN,
            QUIZBOT_DISCORD_URL=standin.url,
        )
    assert outcome.status == 1
    assert (
        f'FAIL  server Server 1 ({poor}): the bot lacks "Send Messages", "Embed Links", '
        '"Attach Files", "Read Message History": grant them to its role, or invite it again'
    ) in outcome.out.splitlines()
    assert outcome.out.endswith("\n1 problem\n")


async def test_a_token_discord_refuses(tmp_path: Path) -> None:
    async with StandInClient.start(config=StandInConfig(token="another-token")) as standin:  # noqa: S106
        outcome = await quizbot_async(
            "check",
            "--online",
            "--discord-url",
            standin.url,
            cwd=with_packs(tmp_path),
            DISCORD_TOKEN=TOKEN,
        )
    assert outcome.status == 1
    assert ("FAIL", "discord") in _subjects(outcome.out)
    assert "Discord refused the token (401 Unauthorized)" in outcome.out


def test_a_database_that_is_down(tmp_path: Path) -> None:
    port = closed_port()
    outcome = quizbot(
        "check",
        cwd=with_packs(tmp_path),
        DISCORD_TOKEN=TOKEN,
        DATABASE_URL=f"postgresql://quizbot@127.0.0.1:{port}/quizbot",
    )
    assert outcome.status == 1
    assert _subjects(outcome.out) == [
        ("ok", "settings"),
        ("FAIL", "database"),
        ("ok", "packs"),
        ("ok", "token"),
    ]
    assert (
        f"FAIL  database: cannot reach postgresql+asyncpg://quizbot@127.0.0.1:{port}/quizbot ("
        in outcome.out
    )
    assert outcome.out.endswith("\n1 problem\n")


async def test_the_shared_budget_s_redis_is_reached(tmp_path: Path) -> None:
    url = await need_redis()
    up = await quizbot_async(
        "check", cwd=with_packs(tmp_path), DISCORD_TOKEN=TOKEN, QUIZBOT_REDIS_URL=url
    )
    assert ("ok", "budget") in _subjects(up.out), up.out
    assert "45 requests a second, shared through Redis at 127.0.0.1:6379/0" in up.out
    port = closed_port()
    down = await quizbot_async(
        "check",
        cwd=with_packs(tmp_path),
        DISCORD_TOKEN=TOKEN,
        QUIZBOT_REDIS_URL=f"redis://:secret@127.0.0.1:{port}/0",
    )
    assert down.status == 1
    assert f"FAIL  budget: Redis at 127.0.0.1:{port}/0: " in down.out
    assert "secret" not in down.out


def test_pending_migrations_then_at_head(tmp_path: Path) -> None:
    database = tmp_path / "old.db"
    sqlite3.connect(database).close()  # a database from before any migration
    settings = {"DATABASE_URL": f"sqlite:///{database}", "DISCORD_TOKEN": TOKEN}
    cwd = with_packs(tmp_path)
    before = quizbot("check", cwd=cwd, **settings)
    pending = ", ".join(reversed(REVISIONS))
    assert (
        f"ok    database: sqlite+aiosqlite:///{database} answers; {len(REVISIONS)} migrations "
        f"pending ({pending}): quizbot run (or quizbot db upgrade) applies them"
    ) in before.out.splitlines()
    assert quizbot("db", "upgrade", cwd=cwd, **settings).status == 0
    after = quizbot("check", cwd=cwd, **settings)
    assert f"schema at head ({HEAD})" in after.out


def test_a_new_sqlite_file_is_not_created_and_broken_settings_are_listed(tmp_path: Path) -> None:
    cwd = with_packs(tmp_path)
    fresh = quizbot("check", cwd=cwd)
    assert "ok    database: quizbot.db is new: quizbot run makes it" in fresh.out.splitlines()
    assert (
        "FAIL  token: DISCORD_TOKEN is not set: create an application and bot user in Discord's "
        "developer portal, then run with DISCORD_TOKEN=<the bot token>; or try the bot without a "
        "token: quizbot playground"
    ) in fresh.out.splitlines()
    assert not (tmp_path / "quizbot.db").exists()
    broken = quizbot("check", cwd=cwd, QUIZBOT_LOG_LEVEL="LOUD", QUIZBOT_METRICS_PORT="x")
    assert broken.status == 1
    assert _subjects(broken.out) == [("FAIL", "settings"), ("FAIL", "settings")]


async def test_online_reward_roles_the_bot_cannot_give_are_named(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'quizbot.db'}"
    await upgrade_async(url)
    async with StandInClient.start(guilds=2, config=StandInConfig(token=TOKEN)) as standin:
        first, second = (await standin.state())["guilds"]
        bot_role = next(r["id"] for r in first["roles"] if r["name"] == "quizbot")
        low = await standin.add_role(first["id"], "Regular", position=1)
        high = await standin.add_role(first["id"], "Champion", position=TOP)  # above the bot's role
        db = Database.open(url)
        try:
            for role in (low, high):
                reward = Reward(int(role["id"]), 5)
                await set_reward(db, int(first["id"]), reward, 1, utc_now())
            await set_reward(db, int(second["id"]), Reward(int(low["id"]), 5), 1, utc_now())
        finally:
            await db.close()

        async def report() -> list[str]:
            outcome = await quizbot_async(
                "check",
                "--online",
                "--discord-url",
                standin.url,
                cwd=with_packs(tmp_path),
                DISCORD_TOKEN=TOKEN,
                DATABASE_URL=url,
            )
            return [line for line in outcome.out.splitlines() if "reward roles" in line]

        lacking = await report()
        await standin.set_role_permissions(first["id"], bot_role, MANAGE_ROLES)
        other_bot_role = next(r["id"] for r in second["roles"] if r["name"] == "quizbot")
        await standin.set_role_permissions(second["id"], other_bot_role, MANAGE_ROLES)
        placed = await report()
    assert lacking[0] == (
        f"FAIL  server {first['name']} ({first['id']}) reward roles: "
        'the bot lacks "Manage Roles": grant it to its role'
    )
    assert placed[0] == (
        f"FAIL  server {first['name']} ({first['id']}) reward roles: "
        "@Champion is not below the bot's highest role: drag the bot's role above it"
    )
    # The second server's reward is a role it does not have (another server's id).
    assert placed[1].endswith(f"role {low['id']} no longer exists: clear it with /quiz settings")


async def test_online_rewards_and_pings_their_setters_may_not_make_are_named(
    tmp_path: Path,
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'quizbot.db'}"
    await upgrade_async(url)
    async with StandInClient.start(guilds=2, config=StandInConfig(token=TOKEN)) as standin:
        first, second = (await standin.state())["guilds"]
        guild_id, owner = int(first["id"]), int(first["owner_id"])
        moderator = next(r["id"] for r in first["roles"] if r["name"] == "Moderator")
        manager = int((await standin.add_member(guild_id, "manager", roles=[moderator]))["id"])
        admins = await standin.add_role(guild_id, "Admins", ADMINISTRATOR, position=1)
        plain = await standin.add_role(guild_id, "Plain", position=1)
        quiet = await standin.add_role(guild_id, "Quiet")  # not mentionable
        regular = await standin.add_role(second["id"], "Regular", position=1)
        db = Database.open(url)
        try:
            await set_reward(db, guild_id, Reward(int(admins["id"]), 5), owner, utc_now())
            await set_reward(db, guild_id, Reward(int(plain["id"]), 5), manager, utc_now())
            pinged = GuildSettings(
                guild_id, ping_role_id=int(quiet["id"]), ping_role_set_by=manager
            )
            await save_guild_settings(db, pinged)
            # The other server's owner set a reward they may give.
            fine = Reward(int(regular["id"]), 5)
            await set_reward(db, int(second["id"]), fine, int(second["owner_id"]), utc_now())
        finally:
            await db.close()
        outcome = await quizbot_async(
            "check",
            "--online",
            "--discord-url",
            standin.url,
            cwd=with_packs(tmp_path),
            DISCORD_TOKEN=TOKEN,
            DATABASE_URL=url,
        )
    lines = [line for line in outcome.out.splitlines() if "rewards and pings" in line]
    assert lines == [
        (
            f"FAIL  server {first['name']} ({guild_id}) rewards and pings: "
            "reward @Admins: carries administrator, which no reward may; "
            f'reward @Plain: its setter ({manager}) lacks "Manage Roles"; '
            f"ping @Quiet: it is not mentionable and its setter ({manager}) lacks "
            '"Mention Everyone"'
        ),
        (
            f"ok    server {second['name']} ({second['id']}) rewards and pings: "
            "each is one its setter may give or ping"
        ),
    ]
