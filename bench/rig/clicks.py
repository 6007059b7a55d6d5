"""Members clicking answer buttons while questions are open ("clicks flow").

Open question messages are found by their enabled ``qa:`` buttons. Each member clicks once per
question, spread over the question's time; every fourth member clicks a second, different option
straight after (the first click must count). No click is sent while the bot is known to be dead:
the gate closes before a kill and opens when the new process is ready.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass
from typing import Any

from standin.driver import StandInClient, StandInRefusedError
from standin.rules import buttons as message_buttons

Json = dict[str, Any]
POLL_S = 0.1
SECOND_CLICK_EVERY = 4
DEFERRED_WITH_THINKING = 5


@dataclass(frozen=True)
class Member:
    id: str
    locale: str


@dataclass
class Click:
    member: Member
    question: int  # the question's index in the round
    option: int  # the pack's option, as the custom_id carries it (and the database stores)
    position: int  # where its button was shown: the letter the member is told
    sent: float  # time.monotonic when the stand-in had dispatched it
    interaction: str


class Gate:
    """Open while a bot process is serving; closing waits for clicks already being sent."""

    def __init__(self) -> None:
        self._open = asyncio.Event()
        self._open.set()
        self._sending = 0
        self._idle = asyncio.Event()
        self._idle.set()

    async def close(self) -> None:
        self._open.clear()
        await self._idle.wait()

    def open(self) -> None:
        self._open.set()

    @contextlib.asynccontextmanager
    async def passage(self) -> Any:  # noqa: ANN401 - an async context manager
        await self._open.wait()
        self._sending += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._sending -= 1
            if not self._sending:
                self._idle.set()


OPENS_MODAL = -1


def answer_buttons(message: Json) -> list[tuple[int, int, str]]:
    """(question index, option, custom_id) of the enabled answer buttons of a message; the
    button that opens a question's modal (answered from memory) has option OPENS_MODAL."""
    found = []
    for button in message_buttons(message):  # in rows, or nested in a layout's sections
        custom_id = str(button.get("custom_id") or "")
        if button.get("disabled"):
            continue
        if custom_id.startswith("qa:"):
            _, _, index, option = custom_id.split(":")
            found.append((int(index), int(option), custom_id))
        elif custom_id.startswith("qo:"):
            found.append((int(custom_id.split(":")[2]), OPENS_MODAL, custom_id))
    return found


class Clickers:
    def __init__(
        self,
        standin: StandInClient,
        *,
        channel_id: str,
        watcher: str,
        members: list[Member],
        spread_s: float,
        gate: Gate,
    ) -> None:
        self.standin = standin
        self.channel_id = channel_id
        self.watcher = watcher
        self.members = members
        self.spread_s = spread_s
        self.gate = gate
        self.clicks: list[Click] = []
        self.refused = 0  # clicks the stand-in refused (the buttons were gone)
        self._started: set[str] = set()
        self._tasks: list[asyncio.Task[None]] = []

    async def run(self) -> None:
        """Watches the channel and clicks through every open question it sees, until cancelled."""
        try:
            while True:
                for message in await self.standin.messages(self.channel_id, self.watcher):
                    buttons = answer_buttons(message)
                    if buttons and message["id"] not in self._started:
                        self._started.add(message["id"])
                        task = asyncio.create_task(self._click_through(message["id"], buttons))
                        self._tasks.append(task)
                await asyncio.sleep(POLL_S)
        finally:
            for task in self._tasks:
                task.cancel()
            await asyncio.gather(*self._tasks, return_exceptions=True)

    async def click_open_question(self, member: Member, shift: int) -> None:
        """One more click by ``member`` on the newest open question, if one is open."""
        messages = await self.standin.messages(self.channel_id, self.watcher)
        open_now = [(m["id"], b) for m in messages if (b := answer_buttons(m))]
        if open_now:
            message_id, buttons = open_now[-1]
            await self.click(member, message_id, buttons, shift % len(buttons))

    async def _click_through(self, message_id: str, buttons: list[tuple[int, int, str]]) -> None:
        pause = self.spread_s / max(len(self.members), 1)
        index = buttons[0][0]
        for k, member in enumerate(self.members):
            position = (k + index) % len(buttons)
            if not await self.click(member, message_id, buttons, position):
                return  # the question was revealed: its buttons are gone
            if k % SECOND_CLICK_EVERY == SECOND_CLICK_EVERY - 1:
                await self.click(member, message_id, buttons, (position + 1) % len(buttons))
            await asyncio.sleep(pause)  # pacing the members, not waiting for anything

    async def click(
        self, member: Member, message_id: str, buttons: list[tuple[int, int, str]], position: int
    ) -> bool:
        """Clicks the button shown at ``position`` (the options are shown shuffled)."""
        index, option, custom_id = buttons[position]
        async with self.gate.passage():
            try:
                interaction = await self.standin.click(member.id, message_id, custom_id)
            except StandInRefusedError:
                self.refused += 1
                return False
            sent = time.monotonic()
            self.clicks.append(Click(member, index, option, position, sent, str(interaction)))
            return True


def final_text(report: Json) -> str | None:
    """The last text the bot showed the member for one interaction, if any."""
    text = None
    for response in report.get("responses") or []:
        body = response.get("body") or {}
        data = body.get("data") if isinstance(body.get("data"), dict) else body
        content = (data or {}).get("content")
        if content:
            text = str(content)
    return text


def answered(report: Json) -> bool:
    """Whether the member got a reply, not just "thinking..." (a deferral awaiting its followup)."""
    return any(
        response.get("kind") != "callback" or response.get("type") != DEFERRED_WITH_THINKING
        for response in report.get("responses") or []
    )
