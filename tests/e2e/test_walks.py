"""The two walks of docs/architecture.md, measured as the bot runs (tests/e2e/walks.py): the
files of `bot/` that an answer click and a /review step go through. The page's counts are the
measured ones, and the first file of each step of its walks is on the way."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.e2e.conftest import QuizWorld, answer, option_id, question_message
from tests.e2e.test_review import last_message
from tests.e2e.test_round import start_mini_round
from tests.e2e.walks import Walk

DOC = (Path(__file__).resolve().parents[2] / "docs" / "architecture.md").read_text("utf-8")
WALKS = DOC[DOC.index("## Two walks") :]


def counted(walk: int) -> int:
    """The page's count of files for walk 1 (an answer click) or 2 (a /review step)."""
    counts = re.search(
        r"an answer click goes through (\d+) files and a `/review` step through (\d+)",
        " ".join(WALKS.split()),
    )
    assert counts is not None, "the page no longer gives the walks' counts"
    return int(counts.group(walk))


def steps_of(title: str) -> list[str]:
    """The first file each numbered step of the walk under ``title`` names."""
    part = WALKS[WALKS.index(title) :]
    part = part[: part.find("\n\n**", 1)] if "\n\n**" in part[1:] else part
    return re.findall(r"^\d+\. `([^`]+)`", part, re.MULTILINE)


@pytest.mark.parametrize("backend", ["postgres"], indirect=True)
async def test_an_answer_click(bot_world: QuizWorld) -> None:
    world = bot_world
    await start_mini_round(world)
    question = await question_message(world, 1, 3)
    walk = Walk()
    said = await walk.through(lambda: answer(world, world.members[0], question, 0))
    assert said.startswith("Locked in")
    steps = steps_of("**An answer click**")
    assert len(steps) == 8
    assert set(steps) <= walk.files
    assert len(walk.files) == counted(1), sorted(walk.files)


@pytest.mark.parametrize("backend", ["postgres"], indirect=True)
async def test_a_review_step(bot_world: QuizWorld) -> None:
    world = bot_world
    member = world.members[0]
    card = last_message(await world.command(member, "review", pack="mini"))
    walk = Walk()
    result = await walk.through(lambda: world.click(member, card["id"], option_id(card, 0)))
    assert "This question comes back" in last_message(result)["embeds"][0]["description"]
    steps = steps_of("**A `/review` step**")
    assert len(steps) == 6
    assert set(steps) <= walk.files
    assert len(walk.files) == counted(2), sorted(walk.files)
