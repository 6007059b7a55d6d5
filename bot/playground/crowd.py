"""The crowd: simulated members who answer every question of a round within its time.

A share of them picks the right option, the rest a wrong one, at random moments before the
question closes, so a round shows its live counter, a real tally, the fastest members and a full
leaderboard. Their clicks go through the stand-in's click path, as a person's do: a question
closed early refuses them as it would a person.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass

from standin.core import StandIn
from standin.errors import DiscordError, RefusedError
from standin.model import Guild, Json, Message
from standin.rules import buttons

ANSWER = re.compile(r"^qa:(?P<round>\d+):(?P<index>\d+):(?P<option>\d)$")  # the bot's buttons
CLOSES = re.compile(r"<t:(\d+):R>")  # the question's closing time, as the bot shows it
PREFIX = "crowd-"  # the crowd's usernames: crowd-1 to crowd-N
MAX_SIZE = 100
FIRST_CLICK_S = 0.5
SHARE_OF_TIME = 0.8  # everyone has answered by 80 % of the question's time
DEFAULT_WINDOW_S = 10.0

CorrectOption = Callable[[int, int], Awaitable[int]]  # (round id, question index) -> option


@dataclass(slots=True)
class CrowdSettings:
    enabled: bool = False
    size: int = 20
    right: float = 0.6  # the share who answer right


class Crowd:
    def __init__(
        self, core: StandIn, correct_option: CorrectOption, rng: random.Random | None = None
    ) -> None:
        self.settings = CrowdSettings()
        self._core = core
        self._correct_option = correct_option
        self._rng = rng or random.Random()  # noqa: S311  # simulated members, not secrets
        self._seen: set[tuple[int, int]] = set()  # (round, question) already being answered
        self._tasks: set[asyncio.Task[None]] = set()
        self.clicks = 0
        self.refused = 0

    def configure(self, *, enabled: bool, size: int, right: float) -> Json:
        if not 1 <= size <= MAX_SIZE:
            raise ValueError(f"the crowd has 1 to {MAX_SIZE} members, not {size}")
        if not 0 <= right <= 1:
            raise ValueError(f"the share who answer right is 0 to 1, not {right}")
        self.settings = CrowdSettings(enabled, size, right)
        if enabled:
            self._members()  # they join now, so the member list shows them
        return self.state()

    def state(self) -> Json:
        """The settings, what the crowd did, and how many of its members are in the server
        (they stay once it is off, as people who stopped playing do)."""
        members = self._guild().members.values()
        joined = sum(1 for m in members if m.user.username.startswith(PREFIX))
        return asdict(self.settings) | {
            "clicks": self.clicks,
            "refused": self.refused,
            "joined": joined,
        }

    def _guild(self) -> Guild:
        return next(iter(self._core.world.guilds.values()))

    def _members(self) -> list[int]:
        """The crowd's user ids, `crowd-1` to `crowd-N`; missing ones join the server."""
        guild, world = self._guild(), self._core.world
        by_name = {m.user.username: m.user.id for m in guild.members.values()}
        ids = []
        for number in range(1, self.settings.size + 1):
            name = f"{PREFIX}{number}"
            if name not in by_name:
                by_name[name] = world.add_member(guild, name, locale="en-US").user.id
            ids.append(by_name[name])
        return ids

    async def run(self) -> None:
        """Follow the stand-in's events and answer each question that opens."""
        with self._core.events.subscribe() as queue:
            while (event := await queue.get()) is not None:
                if event.message is not None and event.kind != "message_delete":
                    self._consider(event.message)

    def _consider(self, message: Message) -> None:
        if not self.settings.enabled or message.visible_to is not None:
            return
        # Indexed by the pack's option, which the custom_id carries: the buttons are shuffled.
        options = sorted(
            (
                str(b["custom_id"])
                for b in buttons(message.body)
                if not b.get("disabled") and ANSWER.match(str(b.get("custom_id", "")))
            ),
            key=_option_of,
        )
        if not options:
            return
        first = ANSWER.match(options[0])
        assert first is not None  # noqa: S101  # matched above
        question = (int(first["round"]), int(first["index"]))
        if question in self._seen:
            return
        self._seen.add(question)
        task = asyncio.create_task(self._answer(message, question, options))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _answer(
        self, message: Message, question: tuple[int, int], options: list[str]
    ) -> None:
        correct = await self._correct_option(*question)
        loop = asyncio.get_running_loop()
        start = loop.time()
        for delay, member, option in self._plan(message, correct, len(options)):
            await asyncio.sleep(max(0.0, start + delay - loop.time()))
            if not self.settings.enabled:
                return
            try:
                await self._core.click(member, message.id, options[option])
                self.clicks += 1
            except (RefusedError, DiscordError):  # closed early (skipped, stopped)
                self.refused += 1

    def _plan(self, message: Message, correct: int, count: int) -> list[tuple[float, int, int]]:
        """(seconds from now, member, option) for each member, soonest first."""
        members = self._members()
        self._rng.shuffle(members)
        right = round(len(members) * self.settings.right)
        window = _window(message, self._core.clock.now().timestamp())
        wrong = [o for o in range(count) if o != correct] or [correct]
        plan = [
            (
                self._rng.uniform(FIRST_CLICK_S, max(window, FIRST_CLICK_S)),
                member,
                correct if place < right else self._rng.choice(wrong),
            )
            for place, member in enumerate(members)
        ]
        return sorted(plan)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)


def _option_of(custom_id: str) -> int:
    found = ANSWER.match(custom_id)
    return int(found["option"]) if found is not None else 0


def _window(message: Message, now: float) -> float:
    """Seconds in which the crowd answers: most of the time left on the question by the
    stand-in's clock (`now`), which the bot's closing time is on too."""
    text = str([message.body.get("embeds"), message.body.get("components")])  # either style
    closes = CLOSES.search(text)
    if closes is None:
        return DEFAULT_WINDOW_S
    return (int(closes.group(1)) - now) * SHARE_OF_TIME
