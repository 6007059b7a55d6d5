"""docs/schedules.md says what the code does: its limits table, the options of
`/quiz schedule add`, the commands it names, the quoted refusal, and its clock-change example.
(What the bot does when a round is due is run end to end in tests/e2e/test_schedules.py.)"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import discord
from discord import app_commands

from bot.app.kit.catalogue import tr
from bot.app.runtime.check import EVENTS_PERMISSION, NEEDED_PERMISSIONS
from bot.app.runtime.command_tree import quiz_commands, top_level_cogs
from bot.quiz.schedules.events import NOTICE_LEAD
from bot.quiz.schedules.series import (
    BUSY_WAIT,
    DEFAULT_GRACE_MINUTES,
    LOOKBACK,
    MAX_GRACE_MINUTES,
    MAX_SCHEDULES,
    SHOWN_NEXT,
    Recurrence,
    occurrences,
)
from bot.storage.results import GuildSettings

DOC = Path(__file__).resolve().parents[1] / "docs" / "schedules.md"
TEXT = DOC.read_text(encoding="utf-8")


def _table(heading: str) -> dict[str, str]:
    section = TEXT.split(f"## {heading}", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| (?!limit |option |---)(.+?) \| (.+?) \|$", section, re.MULTILINE)
    return dict(rows)


def _command(path: str) -> app_commands.Command[Any, ..., Any]:
    ctx: Any = None  # the tree is declared without the bot's services
    found: Any = quiz_commands(ctx)
    for name in path.split()[1:]:
        found = found.get_command(name)
        assert found is not None, path
    assert isinstance(found, app_commands.Command)
    return found


def test_the_limits_table_states_the_enforced_limits() -> None:
    (grace,) = [p for p in _command("/quiz settings").parameters if p.name == "grace_minutes"]
    assert (grace.min_value, grace.max_value) == (0, MAX_GRACE_MINUTES)
    assert _table("Limits and defaults") == {
        "schedules per server": str(MAX_SCHEDULES),
        "grace period": f"{DEFAULT_GRACE_MINUTES} minutes unless set; 0 to {MAX_GRACE_MINUTES}",
        "wait for a busy channel": f"{BUSY_WAIT.total_seconds() / 60:.0f} minutes",
        "missed rounds recorded after an outage": f"those of the last {LOOKBACK.days} days",
        "next rounds a reply shows": str(SHOWN_NEXT),
        "DM to the interested": f"{NOTICE_LEAD.total_seconds() / 60:.0f} minutes before a round",
    }
    assert f"a DM {NOTICE_LEAD.total_seconds() / 60:.0f} minutes before each round" in TEXT
    assert f"grace period is {DEFAULT_GRACE_MINUTES} minutes" in TEXT
    assert f"(0 to {MAX_GRACE_MINUTES} minutes; 0 means never" in TEXT
    assert GuildSettings(1).time_zone == "UTC"  # "a server that never set one ... in UTC"


def test_the_options_table_is_the_commands_options_in_order() -> None:
    options = [f"`{p.name}`" for p in _command("/quiz schedule add").parameters]
    assert list(_table("Commands")) == options


def test_every_command_the_page_names_exists() -> None:
    named = set(re.findall(r"`(/quiz schedule \w+)", TEXT))
    assert named == {f"/quiz schedule {n}" for n in ("add", "list", "skip", "remove")}
    for path in named:
        _command(path)
    settings = _command("/quiz settings").parameters
    assert {"time_zone", "grace_minutes", "moderator_role"} <= {p.name for p in settings}


def test_the_settings_it_names_are_the_members_and_the_servers() -> None:
    ctx: Any = None
    (member,) = [
        c for cog in top_level_cogs(ctx) for c in cog.get_app_commands() if c.name == "settings"
    ]
    assert isinstance(member, app_commands.Command)
    named = set(re.findall(r"`/settings (\w+)", TEXT))
    assert named == {"language", "quiet_start", "event_reminders"}
    assert named <= {p.name for p in member.parameters}
    assert "`quiet_end`" in TEXT


def test_the_invite_in_operations_grants_what_the_page_asks() -> None:
    operations = (DOC.parent / "operations.md").read_text(encoding="utf-8")
    granted = discord.Permissions(int(re.search(r"`(\d+)` is the five above", operations)[1]))  # type: ignore[index]
    assert granted.create_events
    assert all(getattr(granted, name) for name in NEEDED_PERMISSIONS)
    assert f'"{EVENTS_PERMISSION}"' in TEXT


def test_the_quoted_refusal_is_the_bots() -> None:
    said = tr("en", "schedule.problem.bad_time", time="25:00", ends="", zone="UTC")
    assert f"> {said}\n" in TEXT


def test_the_clock_change_example_holds() -> None:
    sundays = Recurrence(19 * 60, weekday=6)
    after = datetime(2027, 3, 20, tzinfo=UTC)
    first, second = occurrences(sundays, ZoneInfo("Europe/Athens"), after=after, count=2)
    assert (first.local_day, first.due_at.hour) == (date(2027, 3, 21), 17)
    assert (second.local_day, second.due_at.hour) == (date(2027, 3, 28), 16)
    assert "17:00 UTC on 21 March 2027 and at 16:00 UTC on 28 March 2027" in TEXT
    athens = ZoneInfo("Europe/Athens")
    (that_night,) = occurrences(
        Recurrence(3 * 60 + 30), athens, after=datetime(2027, 3, 28, tzinfo=UTC), count=1
    )
    assert that_night.due_at.astimezone(athens).strftime("%H:%M") == "04:30"
    assert "so a round at 03:30 starts at 04:30" in TEXT
