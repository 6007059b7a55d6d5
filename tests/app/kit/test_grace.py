"""Background work stops within its grace: what ends in time is let end, what does not is
cancelled, and every task is done when the call returns."""

from __future__ import annotations

import asyncio

from bot.app.kit.grace import finish_within

GRACE_S = 0.2


async def test_a_task_that_ends_in_time_ends_and_a_late_one_is_cancelled() -> None:
    release = asyncio.Event()
    ended: list[str] = []

    async def step_in_hand() -> None:
        await release.wait()
        ended.append("step")

    async def stuck() -> None:
        await asyncio.Event().wait()  # e.g. waiting out an outage

    quick = asyncio.create_task(step_in_hand())
    late = asyncio.create_task(stuck())
    await asyncio.sleep(0)  # both have begun
    release.set()
    await finish_within([quick, late], GRACE_S)
    assert ended == ["step"]
    assert not quick.cancelled()
    assert late.cancelled()


async def test_a_failed_task_is_not_raised_and_nothing_to_wait_for_returns() -> None:
    async def failing() -> None:
        raise RuntimeError("the database is away")

    task = asyncio.create_task(failing())
    await finish_within([task], GRACE_S)
    assert isinstance(task.exception(), RuntimeError)
    await finish_within([], GRACE_S)
