"""Stopping background work without cutting a step in half: its tasks get a grace to finish,
and only those still running after it are cancelled."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Any


async def finish_within(tasks: Iterable[asyncio.Task[Any]], grace_s: float) -> None:
    """Waits up to ``grace_s`` for ``tasks`` to end, cancels those still running, then waits
    for them all to be done; what they raised stays theirs (nothing is raised here)."""
    pending = set(tasks)
    if not pending:
        return
    _, late = await asyncio.wait(pending, timeout=grace_s)
    for task in late:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
