from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.sandbox import point_discord_at
from bot.sandbox.config import Limits, SandboxConfig
from bot.sandbox.driver import Sandbox

from .minibot import MiniBot, running


def fast_config(**limits: Any) -> SandboxConfig:
    return SandboxConfig(limits=Limits(**limits))


@pytest.fixture
async def sandbox() -> AsyncIterator[Sandbox]:
    async with Sandbox.start(guilds=2, members=5) as started:
        point_discord_at(started.url)
        yield started


@pytest.fixture
async def bot(sandbox: Sandbox) -> AsyncIterator[MiniBot]:
    async with running(MiniBot()) as ready:
        yield ready


@pytest.fixture
async def place(sandbox: Sandbox) -> dict[str, Any]:
    """The first guild's #general and three ordinary members of it."""
    guild = (await sandbox.state())["guilds"][0]
    members = [m["id"] for m in guild["members"] if m["name"].startswith("member-")]
    channel = next(c["id"] for c in guild["channels"] if c["name"] == "general")
    return {"guild": guild, "channel": channel, "alice": members[0], "bob": members[1],
            "chloe": members[2]}  # fmt: skip
