"""docs/commands.md's table of slash commands names each command as Discord has it: its group,
its name and all its options in order (a `first … last` run standing for the options between),
as recorded from the tree the bot syncs (tests/e2e/fixtures/command_tree.json)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
DOC = (REPO / "docs" / "commands.md").read_text(encoding="utf-8")
TREE = json.loads((REPO / "tests" / "e2e" / "fixtures" / "command_tree.json").read_text())
SUBCOMMAND, GROUP = 1, 2


def _command(words: list[str]) -> tuple[dict[str, Any] | None, list[str]]:
    """The command the words name, and the words after its name (its options)."""
    nodes: list[dict[str, Any]] = TREE
    found = None
    for used, word in enumerate(words):
        found = next((n for n in nodes if n["name"] == word), None)
        if found is None:
            return None, []
        nodes = found.get("options", [])
        if not any(o.get("type") in {SUBCOMMAND, GROUP} for o in nodes):
            return found, words[used + 1 :]
    return found, []


def _shown(given: list[str], options: list[str]) -> list[str]:
    """``given`` with a `…` replaced by the options between its neighbours."""
    if "…" not in given:
        return given
    at = given.index("…")
    first, last = options.index(given[at - 1]), options.index(given[at + 1])
    return [*given[:at], *options[first + 1 : last], *given[at + 1 :]]


def _typed() -> list[str]:
    """The commands the table's first column shows, as typed there (`/quiz start pack …`)."""
    rows = re.findall(r"^\| (`/[^|]+?) \|", DOC, re.MULTILINE)
    return [cmd for row in rows for cmd in re.findall(r"`(/[^`]+)`", row)]


def test_every_command_in_the_table_is_synced_with_the_options_it_lists() -> None:
    commands = _typed()
    assert len(commands) > 20
    for typed in commands:
        command, rest = _command(typed[1:].split())
        assert command is not None, typed
        options = [o["name"] for o in command.get("options", [])]
        assert _shown([w.strip("[]") for w in rest], options) == options, typed


def test_every_synced_command_is_in_the_table() -> None:
    named = set()
    for typed in _typed():
        words = typed[1:].split()
        named.add(" ".join(words[: len(words) - len(_command(words)[1])]))
    for command in TREE:
        children = [o for o in command.get("options", []) if o.get("type") in {SUBCOMMAND, GROUP}]
        leaves = [command["name"]] if not children else []
        for child in children:
            below = [o for o in child.get("options", []) if o.get("type") == SUBCOMMAND]
            names = [f"{child['name']} {b['name']}" for b in below] or [child["name"]]
            leaves += [f"{command['name']} {name}" for name in names]
        for leaf in leaves:
            assert leaf in named, leaf
