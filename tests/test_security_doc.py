"""docs/security.md states what the code enforces: each row of its limits table, its constant;
the permissions the bot may hold, as `quizbot check --online` names them; and the permissions no
reward may carry, as the bot names them when it refuses one."""

from __future__ import annotations

import re
from pathlib import Path

import discord

from bot.app.kit.authority import elevated_names
from bot.app.kit.catalogue import tr
from bot.app.runtime.check import EVENTS_PERMISSION, NEEDED_PERMISSIONS
from bot.app.shelf import checker, heavy_work
from bot.quiz.analytics import items
from bot.quiz.authoring import suggestions
from bot.quiz.packs import heavy_commands, server_packs, upload_rate
from bot.quiz.reader import loader, pictures, yamlcompose
from bot.storage.analytics import item_answers
from bot.storage.authoring import question_forms
from bot.storage.packs import pending_uploads

DOC = Path(__file__).resolve().parents[1] / "docs" / "security.md"


def _section(heading: str) -> str:
    return DOC.read_text(encoding="utf-8").split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]


def _limits() -> dict[str, str]:
    """The rows of the page's "Limits" table: limit -> value."""
    rows = re.findall(r"^\| (?!limit |---)(.+?) \| (.+?) \|$", _section("Limits"), re.MULTILINE)
    return dict(rows)


def test_the_bot_s_permissions_are_those_it_asks_for_and_uses() -> None:
    section = _section("What the bot does for whom")
    rows = re.findall(r'^\| ((?:"[^"]+"(?:, )?)+) \|', section, re.MULTILINE)
    named = [set(re.findall(r'"([^"]+)"', row)) for row in rows]
    posting, roles, pings, events = named
    assert posting == set(NEEDED_PERMISSIONS.values())
    assert roles == {_label("manage_roles")}
    assert pings == {_label("mention_everyone")}
    assert events == {EVENTS_PERMISSION, _label("manage_events")}


def test_the_permissions_no_reward_may_carry_are_those_the_bot_refuses() -> None:
    section = _section("What the bot does for whom")
    listed = section.split("These are: ", 1)[1].split(", and any permission", 1)[0]
    named = re.findall(r'"([^"]+)"', " ".join(listed.split()))
    refused = elevated_names(discord.Permissions.all())
    assert named == [_label(name) for name in refused]
    assert "unknown" not in refused  # every permission discord.py knows has its label


def _label(permission: str) -> str:
    """A permission as the bot names it in a refusal: Discord's name."""
    return tr("en", f"permission.{permission}").split("“", 1)[1].split("”", 1)[0]


def test_the_limits_table_states_the_enforced_limits() -> None:
    assert question_forms.LIFETIME.total_seconds() == 3600  # "an hour"
    kib = loader.MAX_PACK_BYTES // 1024
    window = f"{upload_rate.UPLOADS_PER_WINDOW} in any {upload_rate.WINDOW_S:.0f} seconds"
    assert _limits() == {
        "size of an uploaded pack": f"{kib} KiB",
        "packs a server may upload": str(server_packs.MAX_SERVER_PACKS),
        "uploads per server": f'{window} (then "try again in N s")',
        "exports and analytics per server": (
            f"{heavy_commands.HEAVY_PER_WINDOW} in any {heavy_commands.HEAVY_WINDOW_S:.0f} "
            'seconds, the two together (then "try again in N s")'
        ),
        "time for one export or analytics": (
            f"{heavy_work.HEAVY_LIMIT_S:.0f} s in the upload workers"
        ),
        "answers one analytics reads": (
            f"the newest {items.MAX_ANALYSED_ANSWERS}, {item_answers.PARTITION_ROWS} at a time"
        ),
        "time to check one upload": (
            f"{checker.PARSE_LIMIT_S:.0f} s in a worker process ({checker.WORKERS} workers), "
            f"{checker.PICTURE_LIMIT_S:.0f} s more per picture"
        ),
        "size of a question's picture": f"{pictures.MAX_PICTURE_BYTES // 2**20} MiB",
        "pixels of a question's picture": (
            f"{pictures.MAX_PICTURE_SIDE} × {pictures.MAX_PICTURE_SIDE}"
        ),
        "pictures one upload may attach": (
            f"{server_packs.UPLOAD_PICTURES} (the others are kept from the pack's current version)"
        ),
        "question forms open per moderator and server": (
            f"{question_forms.PER_MEMBER}, each for an hour after its last change"
        ),
        "uploads waiting for Confirm": (
            f"{pending_uploads.MAX_PER_SERVER} per server, 1 per moderator, each for "
            f"{pending_uploads.PREVIEW_S // 60} minutes"
        ),
        "suggested questions": (
            f"{suggestions.PER_MEMBER} per member and server in any "
            f"{suggestions.WINDOW.total_seconds() / 3600:.0f} hours; "
            f"{suggestions.MAX_PENDING} waiting per server"
        ),
        "questions in a pack": str(loader.MAX_QUESTIONS),
        "YAML nodes in a pack": str(yamlcompose.MAX_NODES),
        "nesting depth": str(yamlcompose.MAX_DEPTH),
        "characters on one line (every format)": str(yamlcompose.MAX_LINE),
    }
