"""What the recording proxy keeps of each REST request, and holds that stop one in flight."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from standin import rest_interactions  # noqa: F401  (registers the interaction routes)
from standin.layouts import titles as message_titles
from standin.rest import ROUTES

INJECTED_STATUSES = frozenset({500, 502})  # the stand-in answers 5xx only when told to
PAYLOAD_JSON = re.compile(rb'name="payload_json"\r\n(?:[^\r\n]+\r\n)*\r\n(.*?)\r\n--', re.DOTALL)


def _route_patterns() -> list[tuple[str, re.Pattern[str], str]]:
    """(method, pattern, template), fewest placeholders first so literal segments win."""
    patterns = []
    for method, template, _ in ROUTES:
        regex = re.sub(r"\\\{[a-z_]+\\\}", "[^/]+", re.escape(template))
        patterns.append((method, re.compile(f"{regex}$"), template))
    return sorted(patterns, key=lambda entry: entry[2].count("{"))


_PATTERNS = _route_patterns()


def route_of(method: str, path: str) -> str | None:
    """The route template of a REST path ("/channels/1/messages" -> its template), if known."""
    for known, pattern, template in _PATTERNS:
        if known == method and pattern.match(path):
            return template
    return None


def body_of(raw: bytes, content_type: str) -> Any:  # noqa: ANN401 - a JSON body of any shape
    """The JSON body of a request (from ``payload_json`` when it is multipart), if any."""
    if not raw:
        return None
    if content_type == "multipart/form-data":
        match = PAYLOAD_JSON.search(raw)
        raw = match.group(1) if match else b""
    try:
        return json.loads(raw)
    except ValueError:
        return None


def is_injected(status: int, headers: Mapping[str, str]) -> bool:
    """A fault the stand-in injected: 5xx, or a 429 without the headers of a real bucket."""
    if status in INJECTED_STATUSES:
        return True
    real_limit = "X-RateLimit-Bucket" in headers or "X-RateLimit-Global" in headers
    return status == 429 and not real_limit


@dataclass
class Exchange:
    """One REST request the bot sent, and what became of it (times are time.monotonic)."""

    seq: int
    method: str
    path: str  # without /api/v10
    route: str | None
    started: float
    body: Any = None
    replied: float | None = None  # the stand-in answered (and, if it succeeded, applied it)
    ended: float | None = None  # the reply went back to the bot
    status: int | None = None
    injected: bool = False  # a fault the stand-in was told to inject, not a real refusal

    @property
    def key(self) -> str:
        return f"{self.method} {self.route}"

    @property
    def titles(self) -> list[str]:
        """The titles of the request body (messages, edits and interaction responses): embed
        titles, or a Components V2 layout's heading."""
        body: dict[str, Any] = self.body if isinstance(self.body, dict) else {}
        inner = body.get("data")
        data: dict[str, Any] = inner if isinstance(inner, dict) else body
        return message_titles(data)

    @property
    def ok(self) -> bool:
        return self.status is not None and 200 <= self.status < 300


Matcher = Callable[[Exchange], bool]


@dataclass
class Hold:
    """Stops the first request that ``matches``: before the stand-in sees it, or (``applied``)
    after the stand-in has applied it, withholding the reply."""

    matches: Matcher
    applied: bool
    exchange: Exchange | None = None
    _arrived: asyncio.Event = field(default_factory=asyncio.Event)
    _released: asyncio.Event = field(default_factory=asyncio.Event)
    _forward: bool = True

    async def wait(self, timeout: float) -> Exchange | None:  # noqa: ASYNC109 - a deadline
        """The held exchange, or None if no request matched within ``timeout`` seconds."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._arrived.wait(), timeout)
        return self.exchange

    def release(self, *, forward: bool = True) -> None:
        """Lets the request go on; one held before the stand-in is dropped unless ``forward``."""
        self._forward = forward
        self._released.set()

    async def stop(self, exchange: Exchange) -> bool:
        """Called by the proxy with the request it holds; whether to forward it, once released."""
        self.exchange = exchange
        self._arrived.set()
        await self._released.wait()
        return self._forward


@dataclass
class GatewayLink:
    """One gateway connection of the bot, relayed to the stand-in."""

    opened: float
    closed: float | None = None
    close_code: int | None = None
