from __future__ import annotations

from tests.e2e.conftest import QuizWorld


async def test_packs_lists_the_loaded_packs(bot_world: QuizWorld) -> None:
    report = await bot_world.command(bot_world.members[0], "quiz packs")
    text = await bot_world.said(report)
    assert "Sequence Parallelism and Ring Attention" in text
    assert "Mini quiz" in text
