"""The gateway's session starts as Discord counts them (topics/gateway: "Identifying", "Session
Start Limit", "Sharding").

**Pacing.** A shard identifies in the bucket ``shard_id % max_concurrency`` (its rate limit key),
and a bucket takes one IDENTIFY per `Limits.identify_window` (5 s), whichever process or
connection sends it. One that comes sooner is answered Invalid Session (op 9, ``d: false``), as
Discord answers it, and counted in `identify_refusals`; it spends no session start.

**The budget.** A bot may start `Limits.session_starts` sessions (1,000) per
`Limits.session_start_period` (a day), counted from the first start of the period; a RESUME
starts none. Discord, once a bot runs out, ends every session of the bot and resets its token.
The stand-in does the nearest it can: the IDENTIFY that finds the budget spent, and every open
session, are closed with 4004 (Authentication failed), and from then on the token is refused
everywhere (4004 on the gateway, 401 on REST) for as long as the stand-in runs.

Both run on the injectable clock (`StandInConfig.clock`), so tests need not wait.
"""

from __future__ import annotations

import enum
import math

from standin.config import StandInConfig
from standin.model import Json


class Refusal(enum.Enum):
    TOO_EARLY = "too early"  # op 9: the bucket had its IDENTIFY within the window
    TOKEN_RESET = "token reset"  # noqa: S105  # 4004: the budget ran out, and with it the token


class SessionStarts:
    def __init__(self, config: StandInConfig) -> None:
        self._config = config
        self._last: dict[int, float] = {}  # bucket -> when it last took an IDENTIFY
        self.remaining = config.limits.session_starts
        self._period_began: float | None = None  # at the period's first start
        self.identify_refusals = 0  # IDENTIFYs answered op 9 (too early for their bucket)
        self.token_refusals = 0  # IDENTIFYs closed with 4004 because the budget was spent
        self.token_reset = False

    @property
    def max_concurrency(self) -> int:
        return max(self._config.limits.max_concurrency, 1)

    def bucket(self, shard_id: int) -> int:
        return shard_id % self.max_concurrency

    def admit(self, shard_id: int) -> Refusal | None:
        """Count an IDENTIFY of ``shard_id``: None when it starts a session, else why not."""
        if self.token_reset:
            self.token_refusals += 1
            return Refusal.TOKEN_RESET
        now = self._config.clock()
        self._renew(now)
        bucket = self.bucket(shard_id)
        last = self._last.get(bucket)
        if last is not None and now - last < self._config.limits.identify_window:
            self.identify_refusals += 1
            return Refusal.TOO_EARLY
        if self.remaining <= 0:
            self.token_reset = True
            self.token_refusals += 1
            return Refusal.TOKEN_RESET
        self._last[bucket] = now
        self.remaining -= 1
        if self._period_began is None:
            self._period_began = now
        return None

    def limit(self) -> Json:
        """GET /gateway/bot's ``session_start_limit``; ``reset_after`` in milliseconds (0 while
        no start of the period is spent)."""
        now = self._config.clock()
        self._renew(now)
        limits = self._config.limits
        reset_after = 0
        if self._period_began is not None:
            left = self._period_began + limits.session_start_period - now
            reset_after = max(math.ceil(left * 1000), 0)
        return {
            "total": limits.session_starts,
            "remaining": self.remaining,
            "reset_after": reset_after,
            "max_concurrency": self.max_concurrency,
        }

    def _renew(self, now: float) -> None:
        began = self._period_began
        if began is not None and now - began >= self._config.limits.session_start_period:
            self.remaining = self._config.limits.session_starts
            self._period_began = None
