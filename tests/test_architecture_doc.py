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


def test_the_layout_names_every_feature_folder_of_the_discord_side() -> None:
    folders = {f"bot/app/{p.name}/" for p in (REPO / "bot" / "app").iterdir() if p.is_dir()}
    folders -= {"bot/app/__pycache__/"}
    assert folders <= set(_named())
