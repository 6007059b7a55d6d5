"""The command tree Discord receives on sync is the one recorded in fixtures/command_tree.json:
names, options, localisations, default permissions and contexts, in the order they were sent.

Each feature contributes its own part of `/quiz`; this guards that how the tree is assembled in
code never changes what members see. The fixture was written from `synced_tree` of the tree the
bot synced before the features owned their commands; change it only with the commands.

Discord refuses a command over 8000 characters (names, descriptions, choices; the longest
localisation of each): every synced command keeps a tenth of that free, so a new option or a
longer translation fails here first, with the sizes in the message."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from standin.command_rules import MAX_SIZE, command_size
from tests.e2e.conftest import QuizWorld

FIXTURE = Path(__file__).parent / "fixtures" / "command_tree.json"
# Given by the stand-in, not sent by the bot: they differ from one run to the next.
ASSIGNED = frozenset({"id", "application_id", "version", "guild_id"})
BUDGET = MAX_SIZE * 9 // 10  # Discord's limit less a margin of a tenth: 7200


def synced_tree(commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The commands as the bot sent them, without what the stand-in assigned."""
    return [{k: v for k, v in command.items() if k not in ASSIGNED} for command in commands]


async def test_the_synced_command_tree_is_the_recorded_one(bot_world: QuizWorld) -> None:
    synced = synced_tree((await bot_world.standin.state())["commands"]["global"])
    recorded = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert [c["name"] for c in synced] == [c["name"] for c in recorded]
    assert synced == recorded


async def test_every_synced_command_keeps_a_margin_under_discords_size_limit(
    bot_world: QuizWorld,
) -> None:
    synced = (await bot_world.standin.state())["commands"]["global"]
    sizes = {command["name"]: command_size(command) for command in synced}
    margins = {name: MAX_SIZE - size for name, size in sizes.items()}
    assert max(sizes.values()) <= BUDGET, f"sizes {sizes}, margins under {MAX_SIZE}: {margins}"
    assert sizes["quiz"] > MAX_SIZE // 2  # the count is of the real tree, not an empty one
