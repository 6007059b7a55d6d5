"""The packs the repository ships, named one by one.

Tests about the shipped packs read these files, never the whole `quizzes/` folder: a user
following docs/packs.md adds their own packs there (`quizbot new-pack mine`), and no test may
change with them.
"""

from __future__ import annotations

import shutil
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHIPPED_PACK_IDS = ("collectives-recall", "moe-expert-parallelism", "ring-attention")
SHIPPED_PACK_FILES = tuple(REPO / "quizzes" / f"{pack_id}.yaml" for pack_id in SHIPPED_PACK_IDS)
# The pictures they name, beside them (drawn by tools/draw_pictures.py).
SHIPPED_PICTURE_NAMES = ("moe-dispatch-combine.png", "ring-of-devices.png")
SHIPPED_PICTURE_FILES = tuple(REPO / "quizzes" / name for name in SHIPPED_PICTURE_NAMES)


def copy_shipped_packs(folder: Path) -> Path:
    """``folder``, created, holding a copy of each shipped pack and of the pictures they name
    (and nothing else); returned."""
    folder.mkdir(parents=True, exist_ok=True)
    for shipped in (*SHIPPED_PACK_FILES, *SHIPPED_PICTURE_FILES):
        shutil.copy2(shipped, folder / shipped.name)
    return folder
