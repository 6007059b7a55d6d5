"""The packs the repository ships, named one by one.

Tests about the shipped packs read these files, never the whole `quizzes/` folder: a user following
the README adds their own packs there (`quizbot new-pack mine`), and no test may change with them.
"""

from __future__ import annotations

import shutil
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHIPPED_PACK_IDS = ("moe-expert-parallelism", "ring-attention")
SHIPPED_PACK_FILES = tuple(REPO / "quizzes" / f"{pack_id}.yaml" for pack_id in SHIPPED_PACK_IDS)


def copy_shipped_packs(folder: Path) -> Path:
    """``folder``, created, holding a copy of each shipped pack (and nothing else); returned."""
    folder.mkdir(parents=True, exist_ok=True)
    for pack_file in SHIPPED_PACK_FILES:
        shutil.copy2(pack_file, folder / pack_file.name)
    return folder
