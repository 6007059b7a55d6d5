"""The test and tooling driver: every control-API operation as an async method.

`StandInClient.start()` runs the stand-in in this process; `StandInClient.connect(url)` drives one
running elsewhere (`python -m standin`). Both talk to it over the same HTTP control API."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import dataclasses
import inspect
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from http import HTTPStatus
from pathlib import Path
from typing import Any, TypeVar

import aiohttp

from standin.calendar_driver import CalendarDriver
from standin.commands import OptionValue
from standin.config import StandInConfig
from standin.core import StandIn
from standin.driver_base import StandInRefusedError
from standin.modal_driver import ModalDriver
from standin.people_driver import PeopleDriver
from standin.server import StandInServer

T = TypeVar("T")
Json = dict[str, Any]
# Another process's stand-in is asked over HTTP: at every 10 ms the asking and the answering
# took a quarter of the CPU of the tests that drive bots as processes (their waits no shorter).
POLL_SECONDS = 0.05
IDLE_POLL_SECONDS = 0.05  # in-process: between changes the stand-in would have seen
__all__ = ["IDLE_POLL_SECONDS", "POLL_SECONDS", "StandInClient", "StandInRefusedError"]


class StandInClient(CalendarDriver, ModalDriver, PeopleDriver):
    def __init__(self, url: str, session: aiohttp.ClientSession, core: StandIn | None) -> None:
        self.url = url
        self.core = core  # the in-process stand-in, None when connected to another process
        self._session = session

    @classmethod
    @asynccontextmanager
    async def start(
        cls,
        guilds: int = 1,
        members: int = 20,
        config: StandInConfig | None = None,
        *,
        check_spec: bool = True,
        clock_file: Path | None = None,
    ) -> AsyncIterator[StandInClient]:
        """A fresh stand-in on 127.0.0.1 with an ephemeral port, seeded with guilds and members;
        with `clock_file`, its clock's offset is written there (standin/clock.py)."""
        if clock_file is not None:
            config = dataclasses.replace(config or StandInConfig(), clock_file=clock_file)
        core = StandIn(config, check_spec=check_spec)
        core.world.seed(guilds, members)
        server = StandInServer(core)
        url = await server.start()
        try:
            async with aiohttp.ClientSession() as session:
                yield cls(url, session, core)
        finally:
            await server.stop()

    @classmethod
    @asynccontextmanager
    async def connect(cls, url: str) -> AsyncIterator[StandInClient]:
        async with aiohttp.ClientSession() as session:
            yield cls(url.rstrip("/"), session, None)

    async def _call(
        self, method: str, path: str, body: Json | None = None, params: dict[str, str] | None = None
    ) -> Any:  # noqa: ANN401  (JSON: each caller states the shape it gets)
        url = f"{self.url}/_standin{path}"
        async with self._session.request(method, url, json=body, params=params) as response:
            reply = await response.json()
            if response.status >= HTTPStatus.BAD_REQUEST:
                raise StandInRefusedError(response.status, reply.get("error", str(reply)))
            return reply

    # World

    async def state(self) -> Json:
        """Application id, bot user id, guilds with channels, roles and members, sessions."""
        state: Json = await self._call("GET", "/state")
        return state

    # Members acting

    async def command(
        self, user_id: int | str, channel_id: int | str, command: str, **options: OptionValue
    ) -> int:
        """Run `/quiz start` as `command(user, channel, "quiz start", pack="x")`; the id."""
        return await self._run("/interactions/command", user_id, channel_id, command, options)

    async def forge_command(
        self, user_id: int | str, channel_id: int | str, command: str, **options: OptionValue
    ) -> int:
        """A command from a modified client: as `command`, but its channel and role options may
        name those of another server (resolved as they are there); the interaction's id."""
        return await self._run(
            "/interactions/forged-command", user_id, channel_id, command, options
        )

    async def _run(
        self,
        route: str,
        user_id: int | str,
        channel_id: int | str,
        command: str,
        options: dict[str, OptionValue],
    ) -> int:
        body = {
            "user_id": str(user_id),
            "channel_id": str(channel_id),
            "command": command,
            "options": options,
        }
        return int((await self._call("POST", route, body))["id"])

    async def attach(
        self,
        channel_id: int | str,
        filename: str,
        data: bytes,
        content_type: str = "application/x-yaml",
    ) -> str:
        """Uploads a file as a client does before running a command with it; the id to give
        as the ATTACHMENT option's value: ``command(u, c, "quiz pack upload", file=id)``."""
        body = {
            "channel_id": str(channel_id),
            "filename": filename,
            "content": base64.b64encode(data).decode(),
            "content_type": content_type,
        }
        return str((await self._call("POST", "/command-files", body))["id"])

    async def autocomplete(
        self,
        user_id: int | str,
        channel_id: int | str,
        command: str,
        focused: str,
        **options: OptionValue,
    ) -> int:
        body = {
            "user_id": str(user_id),
            "channel_id": str(channel_id),
            "command": command,
            "options": options,
            "focused": focused,
        }
        return int((await self._call("POST", "/interactions/autocomplete", body))["id"])

    async def click(self, user_id: int | str, message_id: int | str, custom_id: str) -> int:
        body = {"user_id": str(user_id), "message_id": str(message_id), "custom_id": custom_id}
        return int((await self._call("POST", "/interactions/component", body))["id"])

    async def forge_click(self, user_id: int | str, message_id: int | str, custom_id: str) -> int:
        """A click from a modified client: any custom_id, on any message the user can see
        (Discord still attaches its own copy of that message); the interaction's id."""
        body = {"user_id": str(user_id), "message_id": str(message_id), "custom_id": custom_id}
        return int((await self._call("POST", "/interactions/forged-component", body))["id"])

    async def click_and_wait(
        self, user_id: int | str, message_id: int | str, custom_id: str
    ) -> Json:
        """Click, and return the interaction's report once the bot has answered it (or once it
        has failed): one request per click, for load drivers."""
        body = {"user_id": str(user_id), "message_id": str(message_id), "custom_id": custom_id}
        report: Json = await self._call("POST", "/interactions/component", body | {"wait": True})
        return report

    async def messages(self, channel_id: int | str, as_user: int | str) -> list[Json]:
        """The channel's messages as that member sees them, ephemeral ones for them included."""
        found: list[Json] = await self._call(
            "GET", f"/channels/{channel_id}/messages", params={"user_id": str(as_user)}
        )
        return found

    async def attachment(self, url: str) -> bytes:
        """A message attachment's bytes, from the url the message gives, as a client loads it."""
        async with self._session.get(url) as response:
            if response.status >= HTTPStatus.BAD_REQUEST:
                raise StandInRefusedError(response.status, f"no attachment at {url}")
            return await response.read()

    # Observing

    async def interaction(self, interaction_id: int) -> Json:
        """acknowledged, failed, ms_to_first_response, original_message_id, responses."""
        report: Json = await self._call("GET", f"/interactions/{interaction_id}")
        return report

    async def interactions(self) -> list[Json]:
        reports: list[Json] = await self._call("GET", "/interactions")
        return reports

    async def wait_for_response(
        self,
        interaction_id: int,
        timeout: float = 5.0,  # noqa: ASYNC109  (the polling deadline the API promises)
    ) -> Json:
        async def answered() -> Json:
            report = await self.interaction(interaction_id)
            return report if report["responses"] else {}

        return await self.wait_for(answered, timeout)

    async def wait_for(
        self,
        condition: Callable[[], T | Awaitable[T]],
        timeout: float = 5.0,  # noqa: ASYNC109  (the polling deadline the API promises)
    ) -> T:
        """Poll `condition` (sync or async) until it returns something truthy; return that.
        In this process's stand-in it is asked again at each request that may have changed
        what it reads, and at least every IDLE_POLL_SECONDS (for what the stand-in does not
        see, such as the database); in another process's, every POLL_SECONDS."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            change = None if self.core is None else self.core.next_change
            value = condition()
            result: T = await value if inspect.isawaitable(value) else value
            if result:
                return result
            if loop.time() > deadline:
                raise TimeoutError(f"condition not met within {timeout} s")
            if change is None:
                await asyncio.sleep(POLL_SECONDS)
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(change.wait(), IDLE_POLL_SECONDS)

    async def rate_limited_count(self) -> int:
        """Every 429 the stand-in has sent, injected ones included."""
        return int((await self._call("GET", "/rate-limits"))["sent_429"])

    async def earned_rate_limits(self) -> int:
        """The 429s the stand-in's own limits sent: those the bot earned, not injected ones."""
        counts = await self._call("GET", "/rate-limits")
        return int(counts["sent_429"]) - int(counts["injected_429"])

    async def rate_limits(self) -> Json:
        """Every count of GET /_standin/rate-limits: the 429s by scope, the invalid requests
        in Discord's 10-minute window, the IDENTIFYs refused (standin/limit_control.py)."""
        counts: Json = await self._call("GET", "/rate-limits")
        return counts

    async def mentions(self) -> list[Json]:
        """Every message body that mentioned anyone under its allowed_mentions, oldest first:
        `message_id`, `channel_id`, `event` ("create" or "edit"), `notified` (only a new
        message notifies), `ephemeral`, and whom: `users`, `roles` (ids), `everyone`."""
        found: list[Json] = await self._call("GET", "/mentions")
        return found

    async def openapi_failures(self) -> list[Json]:
        failures: list[Json] = await self._call("GET", "/openapi-failures")
        return failures

    async def request_log(self) -> list[Json]:
        log: list[Json] = await self._call("GET", "/requests")
        return log

    # Faults

    async def inject_fault(
        self,
        route: str,
        *,
        status: int | None = None,
        delay: float = 0.0,
        count: int = 1,
        retry_after: float = 0.05,
    ) -> Json:
        """The next `count` requests to route ("POST /channels/{channel_id}/messages") fail."""
        body = {
            "route": route,
            "status": status,
            "delay": delay,
            "count": count,
            "retry_after": retry_after,
        }
        fault: Json = await self._call("POST", "/faults", body)
        return fault

    async def clear_faults(self) -> None:
        await self._call("DELETE", "/faults")

    async def drop_gateway(self) -> int:
        return int((await self._call("POST", "/gateway/drop"))["dropped"])

    async def answer_heartbeats(self, answer: bool) -> None:  # noqa: FBT001  (the one setting)
        await self._call("POST", "/gateway/heartbeats", {"answer": answer})
