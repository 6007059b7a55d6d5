"""Discord's daily budget of session starts (IDENTIFYs), and whether a process may spend it.

Discord lets a bot start a limited number of gateway sessions a day (1,000 for most bots); past
it, Discord ends every session of the bot and resets its token. A RESUME costs nothing, but every
start, restart and takeover identifies each of its shards once. A process spends starts only
while as many stay for every shard of the bot to identify once more (after an outage, say).
"""

from __future__ import annotations

from dataclasses import dataclass

MS_PER_HOUR = 3_600_000


@dataclass(frozen=True, slots=True)
class SessionStarts:
    """What GET /gateway/bot says of the bot's session starts."""

    total: int
    remaining: int
    reset_after_ms: int

    def refusal(self, starting: int, shard_count: int) -> str | None:
        """Why starting ``starting`` shards now would spend starts the bot must keep for its
        ``shard_count`` shards' reconnects, or None if it may."""
        kept = max(shard_count, 1)
        if self.remaining - starting >= kept:
            return None
        hours = -(-self.reset_after_ms // MS_PER_HOUR)  # rounded up
        return (
            f"Discord's session starts: {self.remaining} of {self.total} left today (more in "
            f"about {hours} h); starting {starting} shard(s) would leave fewer than the {kept} "
            "kept for every shard to reconnect once"
        )
