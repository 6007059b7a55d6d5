"""What the driver's parts share: the control API's refusal, and the two calls each part makes
(`StandInClient` in standin/driver.py implements them)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

T = TypeVar("T")
Json = dict[str, Any]


class StandInRefusedError(Exception):
    """The control API refused: the member could not have done that, or the input was wrong."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(f"{status}: {message}")
        self.status = status
        self.message = message


class DriverBase:
    async def _call(
        self, method: str, path: str, body: Json | None = None, params: dict[str, str] | None = None
    ) -> Any:  # noqa: ANN401  (JSON: each caller states the shape it gets)
        raise NotImplementedError

    async def wait_for(
        self,
        condition: Callable[[], T | Awaitable[T]],
        timeout: float = 5.0,  # noqa: ASYNC109  (the polling deadline the API promises)
    ) -> T:
        raise NotImplementedError
