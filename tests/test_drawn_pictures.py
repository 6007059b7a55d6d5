"""The shipped packs' pictures are what tools/draw_pictures.py draws, each one valid, small and
named by a shipped pack; none comes from anywhere else."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import PIL.Image
import PIL.ImageChops
import PIL.ImageStat
import pytest

from bot.quiz.packs.library import load_library
from bot.quiz.packs.pack_pictures import image_files
from bot.quiz.reader.pictures import check_picture
from tests.shipped import REPO, SHIPPED_PACK_FILES, SHIPPED_PICTURE_FILES

SHIPPED = {path.name: path for path in SHIPPED_PICTURE_FILES}
MAX_SHIPPED_BYTES = 200 * 1024  # a diagram; far under the 2 MiB a picture may be
# Mean difference per channel (of 255) a matplotlib update's font rendering may bring.
TOLERANCE = 1.0


# tools/draw_pictures.py loads matplotlib: it is imported when these tests run, not when they are
# collected, which every test worker does (half a second of CPU each).
def drawing(name: str) -> bytes:
    from tools.draw_pictures import draw  # noqa: PLC0415  # see above

    return draw(name)


def drawing_names() -> list[str]:
    from tools.draw_pictures import DRAWINGS  # noqa: PLC0415  # see above

    return sorted(DRAWINGS)


def draw_into(folder: Path) -> int:
    from tools.draw_pictures import main  # noqa: PLC0415  # see above

    return main(["--dir", str(folder)])


@pytest.mark.parametrize("name", sorted(SHIPPED))  # each drawing: see the test below
def test_each_shipped_picture_is_what_the_script_draws(name: str) -> None:
    with (
        PIL.Image.open(SHIPPED[name]) as shipped,
        PIL.Image.open(io.BytesIO(drawing(name))) as drawn,
    ):
        assert shipped.size == drawn.size
        difference = PIL.ImageChops.difference(shipped.convert("RGB"), drawn.convert("RGB"))
        assert max(PIL.ImageStat.Stat(difference).mean) <= TOLERANCE, (
            f"quizzes/{name} is not what tools/draw_pictures.py draws: run "
            ".venv/bin/python -m tools.draw_pictures"
        )


@pytest.mark.parametrize("name", sorted(SHIPPED))  # each drawing: see the test below
def test_each_shipped_picture_is_valid_and_small(name: str) -> None:
    data = SHIPPED[name].read_bytes()
    assert len(data) <= MAX_SHIPPED_BYTES
    checked = check_picture(data, name)
    assert (checked.width, checked.height) == (800, 500)


def test_the_shipped_packs_name_exactly_the_drawn_pictures() -> None:
    library = load_library(list(SHIPPED_PACK_FILES))
    named = {name for pack in library.packs.values() for name in image_files(pack)}
    assert sorted(named) == drawing_names() == sorted(SHIPPED)
    assert len(library.pictures) == len(SHIPPED)
    tracked = subprocess.run(
        ["git", "ls-files", "quizzes/*.png", "quizzes/*.jpg", "quizzes/*.webp", "quizzes/*.gif"],  # noqa: S607
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert sorted(tracked) == [f"quizzes/{name}" for name in drawing_names()]


def test_the_script_writes_each_drawing_where_it_is_told(tmp_path: Path) -> None:
    """As docs/packs.md runs it: ``python -m tools.draw_pictures``, here with ``--dir``."""
    ran = subprocess.run(
        [sys.executable, "-m", "tools.draw_pictures", "--dir", str(tmp_path / "drawn")],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    )
    assert sorted(path.name for path in (tmp_path / "drawn").iterdir()) == drawing_names()
    assert ran.stdout.count("wrote ") == len(drawing_names())
    assert draw_into(tmp_path / "again") == 0
