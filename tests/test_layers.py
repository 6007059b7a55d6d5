"""Each import-linter contract (pyproject.toml) catches an import planted against it.

The checks run on a copy of bot/, bench/ and standin/ in a temporary folder, so the repository is
never touched; the unplanted copy keeps every contract, so a failure below is the planted import's.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"

# contract id -> files to plant (path under the copy -> its text)
PLANTED: dict[str, dict[str, str]] = {
    "layers": {"bot/storage/planted.py": "import bot.app.kit.catalogue\n"},
    "app-layers": {"bot/app/kit/planted.py": "import bot.app.rounds.conductor\n"},
    # A lower layer's feature may not import a higher one's.
    "domain-features": {"bot/quiz/reader/planted.py": "import bot.quiz.rounds.rules\n"},
    "storage-features": {"bot/storage/packs/planted.py": "import bot.storage.rounds.lifecycle\n"},
    "pure-domain": {"bot/quiz/planted.py": "import discord\n"},
    "storage-no-discord": {"bot/storage/planted.py": "import discord\n"},
    "sql-in-storage": {"bot/app/kit/planted.py": "import sqlalchemy\n"},
    "standin-apart": {"standin/planted.py": "import bot.storage.database\n"},
    "bot-without-standin": {"bot/storage/planted.py": "import standin.core\n"},
    "bench-apart": {"bot/planted.py": "import bench.rig\n"},
    "no-cycles": {
        "bot/storage/planted_a.py": "import bot.storage.planted_b\n",
        # An import for annotations only still closes the circle.
        "bot/storage/planted_b.py": "from typing import TYPE_CHECKING\n\n"
        "if TYPE_CHECKING:\n    import bot.storage.planted_a\n",
    },
}
# contract id -> a feature importing another of its own layer
FEATURES_APART = {
    "app-layers": {"bot/app/boards/planted.py": "import bot.app.stats.chart\n"},
    "domain-features": {"bot/quiz/boards/planted.py": "import bot.quiz.stats.progress\n"},
    "storage-features": {"bot/storage/stats/planted.py": "import bot.storage.boards.scores\n"},
}


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A copy of the packages and the contracts."""
    for package in ("bot", "bench", "standin"):
        shutil.copytree(
            REPO / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    shutil.copy(REPO / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def lint(tree: Path, contract: str | None = None) -> subprocess.CompletedProcess[str]:
    chosen = ["--contract", contract] if contract else []
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--no-logo", *chosen, "pyproject.toml"],
        cwd=tree,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )


def plant(tree: Path, files: dict[str, str]) -> None:
    for path, text in files.items():
        (tree / path).write_text(text)


def test_the_copy_keeps_every_contract(tree: Path) -> None:
    result = lint(tree)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"{len(PLANTED)} kept, 0 broken" in result.stdout


@pytest.mark.parametrize("contract", sorted(PLANTED))
def test_a_planted_import_breaks_its_contract(tree: Path, contract: str) -> None:
    plant(tree, PLANTED[contract])
    result = lint(tree, contract)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "0 kept, 1 broken" in result.stdout
    assert "planted" in result.stdout  # the planted module is the one reported


@pytest.mark.parametrize("contract", sorted(FEATURES_APART))
def test_one_feature_importing_another_of_its_layer_breaks_it(tree: Path, contract: str) -> None:
    plant(tree, FEATURES_APART[contract])
    result = lint(tree, contract)
    assert result.returncode == 1, result.stdout + result.stderr
    (planted,) = FEATURES_APART[contract]
    assert planted.removesuffix(".py").replace("/", ".") in result.stdout
