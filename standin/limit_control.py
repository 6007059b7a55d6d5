"""`GET /_standin/rate-limits`: what the stand-in refused the bot at scale, as counts.

Every key is a number (or, for ``token_reset``, a flag) a test or benchmark may read:

- the 429s: ``sent_429`` (all), ``injected_429`` (of them, a fault's), and the earned ones by
  scope, ``global_429``, ``user_429`` (per route) and ``shared_429`` (always 0: the stand-in has
  no per-resource limit), so that ``sent_429`` is the four together;
- the invalid requests Discord would count (401, 403, 429 but scope "shared") in the moving
  window: ``invalid_requests``, ``invalid_requests_injected`` (of them, a fault's 429s),
  ``invalid_requests_peak`` (the most the window ever held), ``invalid_requests_total`` (since
  the start), ``invalid_request_window_s`` and ``invalid_request_limit`` (Discord's 10,000);
- the gateway: ``identified`` (sessions started), ``identify_refusals`` (IDENTIFYs too early
  for their bucket: op 9), ``token_refusals`` (IDENTIFYs after the session starts ran out:
  4004), ``session_starts_remaining`` and ``token_reset``.
"""

from __future__ import annotations

from standin.control import ControlCall, action
from standin.core import StandIn
from standin.model import Json


def limit_counts(core: StandIn) -> Json:
    limiter, invalid, starts = core.limiter, core.invalid_requests, core.session_starts
    in_window, injected = invalid.counts()
    limits = core.config.limits
    return {
        "sent_429": limiter.sent_429,
        "injected_429": limiter.injected_429,
        **{f"{scope}_429": count for scope, count in limiter.earned_by_scope.items()},
        "invalid_requests": in_window,
        "invalid_requests_injected": injected,
        "invalid_requests_peak": invalid.peak,
        "invalid_requests_total": invalid.total,
        "invalid_request_window_s": limits.invalid_request_window,
        "invalid_request_limit": limits.invalid_request_limit,
        "identified": core.gateway.identified,
        "identify_refusals": starts.identify_refusals,
        "token_refusals": starts.token_refusals,
        "session_starts_remaining": starts.limit()["remaining"],
        "token_reset": starts.token_reset,
    }


@action("GET", "/rate-limits")
async def rate_limits(call: ControlCall) -> object:
    return limit_counts(call.core)
