"""docs/architecture.md names only files and folders that exist, and every folder of bot/app."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DOC = REPO / "docs" / "architecture.md"
# A path in backticks: bot/…, bench/…, tests/… or docs/…, a file or a folder (ending in "/").
NAMED = re.compile(r"`((?:bot|bench|tests|docs|standin)/[A-Za-z0-9_./]*)`")


def _named() -> list[str]:
    return NAMED.findall(DOC.read_text(encoding="utf-8"))


def test_every_path_the_page_names_exists() -> None:
    named = _named()
    assert len(named) > 30  # the layout and both walks
    assert [path for path in named if not (REPO / path).exists()] == []


def test_the_layout_names_every_feature_folder_of_each_floor() -> None:
    floors = [REPO / "bot" / floor for floor in ("app", "quiz", "storage")]
    folders = {
        f"{p.relative_to(REPO)}/"
        for floor in floors
        for p in floor.iterdir()
        if p.is_dir()
        and not p.name.startswith((".", "_"))
        and p.name not in {"migrations", "locales"}
    }
    assert len(folders) > 35
    assert folders - set(_named()) == set()


def test_each_floor_keeps_few_modules_at_its_top() -> None:
    for floor in ("quiz", "storage"):
        modules = sorted(p.name for p in (REPO / "bot" / floor).glob("*.py"))
        assert len(modules) <= 8, (floor, modules)
