"""Faults the control API injects into REST routes: error statuses and delays."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from standin.errors import RefusedError

FAULT_STATUSES = frozenset({429, 500, 502})


@dataclass(slots=True)
class Fault:
    route: str  # "METHOD /path/{template}" as in Discord's OpenAPI document
    remaining: int
    status: int | None = None
    delay: float = 0.0
    retry_after: float = 0.05

    def as_json(self) -> dict[str, object]:
        return asdict(self)


class Faults:
    def __init__(self) -> None:
        self._pending: list[Fault] = []

    def add(
        self,
        route: str,
        *,
        count: int = 1,
        status: int | None = None,
        delay: float = 0.0,
        retry_after: float = 0.05,
    ) -> Fault:
        if status is not None and status not in FAULT_STATUSES:
            raise RefusedError(f"status must be one of {sorted(FAULT_STATUSES)}", 400)
        if status is None and delay <= 0:
            raise RefusedError("a fault needs a status or a positive delay", 400)
        method, _, template = route.partition(" ")
        if not template.startswith("/"):
            raise RefusedError("route must look like 'POST /channels/{channel_id}/messages'", 400)
        fault = Fault(f"{method.upper()} {template}", count, status, delay, retry_after)
        self._pending.append(fault)
        return fault

    def take(self, method: str, template: str) -> Fault | None:
        """The next fault for this route, used up by one request."""
        route = f"{method} {template}"
        for fault in self._pending:
            if fault.route == route:
                fault.remaining -= 1
                if fault.remaining <= 0:
                    self._pending.remove(fault)
                return fault
        return None

    def pending(self) -> list[Fault]:
        return list(self._pending)

    def clear(self) -> None:
        self._pending.clear()
