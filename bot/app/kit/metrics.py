"""What the bot counts for monitoring (Prometheus), and the hooks that count it.

The counters live in prometheus-client's default registry, beside its process metrics; the
endpoint that serves them is bot/app/runtime/monitor.py. Gauges that describe the present (rounds
running, gateway latency) are read when scraped, so they are never stale.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import SimpleNamespace

import aiohttp
from prometheus_client import Counter, Gauge, Histogram, disable_created_metrics

from bot.storage.database import Database

# The *_created series (when each counter was made) say nothing an operator needs.
disable_created_metrics()  # type: ignore[no-untyped-call]  # untyped in prometheus-client

ANSWERS_RECORDED = Counter(
    "quizbot_answers_recorded", "Answers recorded in rounds (a member's first click on a question)"
)
CLICK_ACK_SECONDS = Histogram(
    "quizbot_click_ack_seconds",
    "From the bot receiving a button click to its reply to the member, in seconds",
    ["button"],
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0),
)
INTERACTIONS_FAILED = Counter(
    "quizbot_interactions_failed", "Commands and clicks that failed (the member got an error id)"
)
ROUNDS_RUNNING = Gauge("quizbot_rounds_running", "Rounds running in the database")
GATEWAY_LATENCY = Gauge(
    "quizbot_gateway_latency_seconds", "Discord gateway heartbeat to acknowledgement, in seconds"
)
GATEWAY_CONNECTED = Gauge("quizbot_gateway_connected", "1 while connected to Discord's gateway")
RATE_LIMITED = Counter("quizbot_rest_rate_limited", "Discord REST responses with status 429")
BUDGET_WAITS = Counter(
    "quizbot_rest_budget_waits",
    "REST requests that waited for room in the shared budget of Discord's global limit",
    ["priority"],
)
BUDGET_SKIPPED = Counter(
    "quizbot_rest_budget_skipped",
    "Courtesy REST requests (the answered counter) left unsent: the shared budget was short",
)
DATABASE_ERRORS = Counter("quizbot_database_errors", "Errors raised by the database driver")
DATABASE_WRITE_SECONDS = Histogram(
    "quizbot_database_write_seconds",
    "How long write transactions held their connection, from BEGIN to the end of COMMIT, in"
    " seconds (on SQLite the database's one write lock, which other writes wait for)",
    buckets=(0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0),
)
DATABASE_WRITE_LONGEST = Gauge(
    "quizbot_database_write_longest_seconds",
    "The longest a write transaction has held its connection since the bot started, in seconds",
)
QUESTION_CLOSE_SECONDS = Histogram(
    "quizbot_question_close_seconds",
    "The transaction that closes a question (owes its reveal, tallies it), from its start to"
    " its commit, in seconds",
    buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.5, 5.0, 10.0),
)
QUESTION_SETTLE_SECONDS = Histogram(
    "quizbot_question_settle_seconds",
    "The transaction that settles a closed question's answers (scores, cards, review log),"
    " after its close, from its start to its commit, in seconds",
    buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.5, 5.0, 10.0),
)
LOOP_PASSES = Counter(
    "quizbot_loop_passes",
    "Completed passes of a background loop that acts at stored times (schedules, seasons,"
    " rewards, refits), failed ones too: a loop whose count stops growing is stuck",
    ["loop"],
)
TOO_MANY_REQUESTS = 429


class _Longest:
    """The largest value offered so far; offered from the event loop and the SQLite writer
    thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.seconds = 0.0

    def offer(self, seconds: float) -> None:
        with self._lock:
            self.seconds = max(self.seconds, seconds)


_longest_write = _Longest()
DATABASE_WRITE_LONGEST.set_function(lambda: _longest_write.seconds)


@contextmanager
def click(button: str) -> Iterator[None]:
    """Times one click, from its handler starting to the handler (and so the reply) ending."""
    started = time.perf_counter()
    try:
        yield
    finally:
        CLICK_ACK_SECONDS.labels(button).observe(time.perf_counter() - started)


def set_gateway(latency_s: float, *, connected: bool) -> None:
    GATEWAY_CONNECTED.set(1 if connected else 0)
    if math.isfinite(latency_s):
        GATEWAY_LATENCY.set(latency_s)


def rate_limit_trace() -> aiohttp.TraceConfig:
    """An aiohttp trace for discord.py's HTTP client that counts every 429 it is answered."""

    async def on_request_end(
        _session: aiohttp.ClientSession,
        _context: SimpleNamespace,
        params: aiohttp.TraceRequestEndParams,
    ) -> None:
        if params.response.status == TOO_MANY_REQUESTS:
            RATE_LIMITED.inc()

    trace = aiohttp.TraceConfig()
    trace.on_request_end.append(on_request_end)
    return trace


@contextmanager
def question_close() -> Iterator[None]:
    """Times the transaction that closes a question, when it commits."""
    started = time.perf_counter()
    yield
    QUESTION_CLOSE_SECONDS.observe(time.perf_counter() - started)


def question_settled(seconds: float) -> None:
    """Counts the transaction that settled a question, which took ``seconds``."""
    QUESTION_SETTLE_SECONDS.observe(seconds)


def _write_held(seconds: float) -> None:
    DATABASE_WRITE_SECONDS.observe(seconds)
    _longest_write.offer(seconds)


def watch_database(db: Database) -> None:
    db.on_error(lambda _error: DATABASE_ERRORS.inc())
    db.on_write(_write_held)
