"""Tests read the shipped packs by name, so a user's own pack in quizzes/ changes none of them."""

from __future__ import annotations

import re
import subprocess

from tests.shipped import REPO, SHIPPED_PACK_FILES

# The repository's quizzes/ folder as a whole (a tmp_path's own "quizzes" is fine).
_WHOLE_QUIZ_FOLDER = re.compile(r'(?:REPO|parents?(?:\[\d\])?) / "quizzes"(?!\s*/)')


def test_the_shipped_list_is_every_pack_in_git() -> None:
    tracked = subprocess.run(
        ["git", "ls-files", "quizzes/*.yaml", "quizzes/*.yml"],  # noqa: S607
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert sorted(REPO / name for name in tracked) == sorted(SHIPPED_PACK_FILES)


def test_no_test_loads_the_whole_quiz_folder() -> None:
    readers = [
        f"{path.relative_to(REPO)}:{number}"
        for path in sorted((REPO / "tests").rglob("*.py"))
        if path.name != "shipped.py"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if _WHOLE_QUIZ_FOLDER.search(line)
    ]
    assert readers == []
