"""Tunable limits of the stand-in. The defaults are Discord's; tests shorten the clocks."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

ROUTE_LIMITS = {
    "interaction-webhook": (5, 2.0),  # per interaction token: followups and their edits
    "guild-scheduled-events": (10, 10.0),  # per guild: creating, editing, deleting events
    "guild-member-roles": (10, 10.0),  # per guild: giving and taking members' roles
    "application-commands": (10, 60.0),  # per application (and guild): bulk overwrites
}


@dataclass(frozen=True, slots=True)
class Limits:
    message_count: int = 5  # messages (and, separately, edits) per channel per window
    message_window: float = 5.0
    # Other per-route buckets: requests per window (seconds), by the bucket's name in
    # standin/ratelimit.py. Discord publishes no numbers (topics/rate-limits: read the
    # headers); these are the stand-in's, in the range bots see in the headers.
    routes: Mapping[str, tuple[int, float]] = field(default_factory=lambda: dict(ROUTE_LIMITS))
    global_count: int = 50  # requests per second per bot token, interaction routes exempt
    global_window: float = 1.0
    # Answers Discord counts against the invalid request limit (401, 403, 429 but those of
    # scope "shared"): counted over this moving window, never enforced
    # (standin/invalid_requests.py).
    invalid_request_window: float = 10 * 60.0
    invalid_request_limit: int = 10_000
    interaction_deadline: float = 3.0  # initial response, else "This interaction failed"
    token_lifetime: float = 15 * 60.0  # interaction tokens for followups and edits
    heartbeat_interval_ms: int = 41_250
    heartbeat_ack_delay: float = 0.03  # seconds: Discord's acks take a network round trip
    recommended_shards: int = 1  # GET /gateway/bot's "shards"
    max_concurrency: int = 1  # IDENTIFY buckets: shard_id % max_concurrency (across processes)
    identify_window: float = 5.0  # one IDENTIFY per bucket per window, else op 9 (d: false)
    session_starts: int = 1000  # IDENTIFYs per session_start_period; RESUMEs are free
    session_start_period: float = 24 * 3600.0
    attachment_size_limit: int = 10 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class StandInConfig:
    limits: Limits = field(default_factory=Limits)
    clock: Callable[[], float] = time.monotonic  # seconds; injectable so tests need not wait
    wall_clock: Callable[[], float] = time.time
    token: str | None = None  # the one bot token accepted (401, gateway 4004 otherwise); None: any
    # Where the movable clock's offset is written for other processes (standin/clock.py); None: not
    clock_file: Path | None = None
