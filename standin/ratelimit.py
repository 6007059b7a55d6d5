"""Discord's rate limits with the headers discord.py's own limiter reads (topics/rate-limits).

Per route, counted per top-level resource in the path (a channel, a guild, a webhook with its
token): 5 new messages and 5 edits per channel per 5 s; followups and edits of an interaction's
messages per interaction token; scheduled-event writes and member-role changes per guild;
command bulk overwrites per application (and guild): Limits.routes. Globally: 50 requests per
second per bot token, across all its connections and processes, from which interaction routes
(callbacks and their webhook followups) are exempt, as Discord documents.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from standin.config import StandInConfig

VIA = "1.1 google"  # discord.py retries a 429 only when a Via header shows it came from Discord

_MESSAGES = "/channels/{channel_id}/messages"
_WEBHOOK = "/webhooks/{webhook_id}/{webhook_token}"
_EVENTS = "/guilds/{guild_id}/scheduled-events"
_EVENT = _EVENTS + "/{guild_scheduled_event_id}"
_ROLE = "/guilds/{guild_id}/members/{user_id}/roles/{role_id}"
_COMMANDS = "/applications/{application_id}"
_CHANNEL, _GUILD, _TOKEN = ("channel_id",), ("guild_id",), ("webhook_id", "webhook_token")
# (method, route) -> (bucket, the path's top-level resources it is counted per)
_BUCKETS: dict[tuple[str, str], tuple[str, tuple[str, ...]]] = {
    ("POST", _MESSAGES): ("channel-message-create", _CHANNEL),
    ("PATCH", _MESSAGES + "/{message_id}"): ("channel-message-edit", _CHANNEL),
    ("POST", _WEBHOOK): ("interaction-webhook", _TOKEN),
    **{
        (method, f"{_WEBHOOK}/messages/{which}"): ("interaction-webhook", _TOKEN)
        for method in ("PATCH", "DELETE")
        for which in ("@original", "{message_id}")
    },
    **dict.fromkeys(
        (
            ("POST", _EVENTS),
            ("PATCH", _EVENT),
            ("DELETE", _EVENT),
            ("POST", _EVENT + "/exceptions"),
            ("PATCH", _EVENT + "/exceptions/{exception_id}"),
            ("DELETE", _EVENT + "/exceptions/{exception_id}"),
        ),
        ("guild-scheduled-events", _GUILD),
    ),
    ("PUT", _ROLE): ("guild-member-roles", _GUILD),
    ("DELETE", _ROLE): ("guild-member-roles", _GUILD),
    ("PUT", _COMMANDS + "/commands"): ("application-commands", ("application_id",)),
    ("PUT", _COMMANDS + "/guilds/{guild_id}/commands"): (
        "application-commands",
        ("application_id", "guild_id"),
    ),
}
_EXEMPT_PREFIXES = ("/interactions/", "/webhooks/")
SCOPES = ("global", "user", "shared")  # X-RateLimit-Scope's values


@dataclass(slots=True)
class _Window:
    started: float
    used: int = 0


class RateLimitedError(Exception):
    def __init__(self, headers: dict[str, str], body: dict[str, object]) -> None:
        super().__init__("429 Too Many Requests")
        self.headers = headers
        self.body = body


class RateLimiter:
    def __init__(self, config: StandInConfig) -> None:
        self._config = config
        self._windows: dict[tuple[str, str], _Window] = {}
        self._global: dict[str, _Window] = {}  # by bot token
        self.sent_429 = 0
        self.injected_429 = 0  # of sent_429, the ones a test asked for (not earned by the bot)
        # Of sent_429, the earned ones by X-RateLimit-Scope. The stand-in has no per-resource
        # ("shared") limit, so that one stays 0; it is there for readers that sum the scopes.
        self.earned_by_scope: dict[str, int] = dict.fromkeys(SCOPES, 0)

    def admit(
        self, method: str, template: str, params: dict[str, str], token: str = ""
    ) -> dict[str, str]:
        """Count the request of the bot with ``token``; its X-RateLimit-* headers, or
        RateLimitedError for a 429."""
        if not template.startswith(_EXEMPT_PREFIXES):
            self._admit_global(token)
        found = _BUCKETS.get((method, template))
        if found is None:
            return {}
        bucket, resources = found
        count, length = self._limit(bucket)
        key = (bucket, "/".join(params.get(name, "") for name in resources))
        window = self._current(key, length)
        reset_after = window.started + length - self._config.clock()
        headers = self._headers(bucket, count, window, reset_after)
        if window.used >= count:
            raise self._limited(headers, reset_after, scope="user")
        window.used += 1
        headers["X-RateLimit-Remaining"] = str(count - window.used)
        return headers

    def _limit(self, bucket: str) -> tuple[int, float]:
        limits = self._config.limits
        if bucket.startswith("channel-message-"):
            return limits.message_count, limits.message_window
        return limits.routes[bucket]

    def count_injected(self) -> None:
        self.sent_429 += 1
        self.injected_429 += 1

    def _admit_global(self, token: str) -> None:
        limits = self._config.limits
        now = self._config.clock()
        window = self._global.get(token)
        if window is None or now - window.started >= limits.global_window:
            window = self._global[token] = _Window(now)
        if window.used >= limits.global_count:
            reset_after = window.started + limits.global_window - now
            raise self._limited({"X-RateLimit-Global": "true"}, reset_after, scope="global")
        window.used += 1

    def _current(self, key: tuple[str, str], length: float) -> _Window:
        now = self._config.clock()
        window = self._windows.get(key)
        if window is None or now - window.started >= length:
            window = self._windows[key] = _Window(now)
        return window

    def _headers(
        self, bucket: str, limit: int, window: _Window, reset_after: float
    ) -> dict[str, str]:
        return {
            "X-RateLimit-Limit": str(limit),
            "X-RateLimit-Remaining": str(max(limit - window.used, 0)),
            "X-RateLimit-Reset": f"{self._config.wall_clock() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": bucket,
        }

    def _limited(self, headers: dict[str, str], retry_after: float, scope: str) -> RateLimitedError:
        self.sent_429 += 1
        self.earned_by_scope[scope] += 1
        retry_after = max(retry_after, 0.001)
        headers = {
            **headers,
            "X-RateLimit-Scope": scope,
            "Via": VIA,
            "Retry-After": str(math.ceil(retry_after)),
        }
        body: dict[str, object] = {
            "message": "You are being rate limited.",
            "retry_after": round(retry_after, 3),
            "global": scope == "global",
        }
        return RateLimitedError(headers, body)


def injected_429(retry_after: float) -> RateLimitedError:
    """A 429 the control API asked for, shaped like a real per-route one."""
    headers = {"X-RateLimit-Scope": "user", "Via": VIA, "Retry-After": str(math.ceil(retry_after))}
    body: dict[str, object] = {
        "message": "You are being rate limited.",
        "retry_after": retry_after,
        "global": False,
    }
    return RateLimitedError(headers, body)
