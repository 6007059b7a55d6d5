"""Passing failures and lasting ones, and patience in between.

A round's steps talk to Discord and to the database. A 429, a 5xx, a dropped connection or a
database that is briefly away pass: the step is tried again after a growing, jittered pause, for
as long as it takes. A channel that is gone or closed to the bot does not pass, nor do questions
that are no longer there: either ends the round.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import TypeVar

import aiohttp
import discord

from bot.storage.database import is_transient_database_error

log = logging.getLogger(__name__)
T = TypeVar("T")

# Discord's JSON error codes that mean the round's channel can no longer be used.
LOST_CHANNEL_CODES = {
    10003: "the channel no longer exists",
    50001: "the bot can no longer see the channel",
    50013: "the bot lacks a permission it needs in the channel",
}
UNKNOWN_MESSAGE = 10008


class ChannelLostError(Exception):
    """The round's channel is gone or closed to the bot: no retry will reach it."""

    def __init__(self, code: int) -> None:
        self.code = code
        self.reason = LOST_CHANNEL_CODES[code]
        super().__init__(f"{self.reason} (Discord error {code})")


def is_transient(error: BaseException) -> bool:
    """True for failures that pass on their own: rate limits, server errors, lost connections."""
    if isinstance(error, discord.HTTPException):
        return error.status in {HTTPStatus.TOO_MANY_REQUESTS, HTTPStatus.REQUEST_TIMEOUT} or (
            error.status >= HTTPStatus.INTERNAL_SERVER_ERROR
        )
    if is_transient_database_error(error):
        return True
    return isinstance(error, OSError | TimeoutError | aiohttp.ClientError | discord.GatewayNotFound)


def describe(error: BaseException) -> str:
    """One line for the log: the kind of failure and its first line, never a traceback."""
    first_line = (str(error).strip().splitlines() or [""])[0]
    return f"{type(error).__name__}: {first_line[:200]}" if first_line else type(error).__name__


@dataclass
class Backoff:
    """Exponential pauses with jitter: 0.5 s, 1 s, 2 s, ... up to ``cap_s``."""

    base_s: float = 0.5
    cap_s: float = 5.0
    rng: random.Random = field(default_factory=random.Random)

    def pause_s(self, failures: int) -> float:
        ceiling = min(self.cap_s, self.base_s * 2.0 ** max(0, failures - 1))
        return ceiling * (0.5 + self.rng.random() / 2)  # jitter keeps retries from marching


@dataclass
class Patience:
    """Runs one step until it succeeds, waiting out transient failures."""

    backoff: Backoff = field(default_factory=Backoff)
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep

    async def run(self, step: Callable[[], Awaitable[T]], what: str) -> T:
        failures = 0
        while True:
            try:
                return await step()
            except discord.HTTPException as error:
                if error.code in LOST_CHANNEL_CODES:
                    raise ChannelLostError(error.code) from error
                if not is_transient(error):
                    raise
                failures = await self._wait(what, error, failures)
            except Exception as error:
                if not is_transient(error):
                    raise
                failures = await self._wait(what, error, failures)

    async def _wait(self, what: str, error: BaseException, failures: int) -> int:
        failures += 1
        pause = self.backoff.pause_s(failures)
        if isinstance(error, discord.HTTPException):
            # discord.py raises a 429 or 5xx only after its own retries and pauses (25 s for
            # five 5xx), so waiting longer here would only delay the round once Discord is back.
            pause = min(pause, self.backoff.base_s)
        log.warning("%s failed (%s); try %d in %.1f s", what, describe(error), failures + 1, pause)
        await self.sleep(pause)
        return failures
