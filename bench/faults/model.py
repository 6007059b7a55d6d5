"""What the fault benchmark knows of a scenario once it is over: the round's titles, the faults
dealt (as windows of time), and the evidence the checks read."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bench.rig.clicks import Click
from bench.rig.exchanges import Exchange
from bot.app.kit.catalogue import tr

Json = dict[str, Any]


@dataclass(frozen=True)
class Titles:
    """The public titles of a round in the server's language (the stand-in's guild is en-US)."""

    questions: int
    pack_title: str
    locale: str = "en"

    def question(self, number: int) -> str:
        return tr(self.locale, "round.question_title", number=number, total=self.questions)

    def number_of(self, title: str) -> int | None:
        """The question number of an open or revealed question's title."""
        for number in range(1, self.questions + 1):
            base = self.question(number)
            if title == base or (title.startswith(base) and not title[len(base)].isdigit()):
                return number
        return None

    def is_reveal(self, title: str) -> bool:
        return self.number_of(title) is not None and tr(self.locale, "round.closed") in title

    def is_standings(self, title: str) -> bool:
        return title in {
            tr(self.locale, "round.standings_title", title=self.pack_title),
            tr(self.locale, "round.stopped_title", title=self.pack_title),
        }


@dataclass
class Window:
    """A fault as the bot lived it: from its start to the moment it was over."""

    kind: str
    start: float
    end: float | None  # None: never over (e.g. the bot never reconnected)
    outage: bool = True  # False when the bot could still work (heartbeats went unanswered)

    def seconds(self, now: float) -> float:
        return (self.end if self.end is not None else now) - self.start

    def outage_s(self, now: float) -> float:
        return self.seconds(now) if self.outage else 0.0


@dataclass
class RoundRecord:
    id: int
    state: str
    started_at: datetime
    ended_at: datetime | None
    question_order: list[str]


@dataclass
class Evidence:
    titles: Titles
    seconds: int
    clicks: list[Click]
    created: dict[str, float]  # interaction id -> when the stand-in dispatched it
    interactions: list[Json]
    messages: list[Json]  # the public messages of the round's channel
    exchanges: list[Exchange]
    openapi_failures: list[Json]
    openapi_checked: bool  # False when the stand-in found no OpenAPI spec to check against
    round: RoundRecord | None
    answers: list[tuple[str, int, int]]  # question id, member id, option index
    windows: list[Window]
    round_started: float  # when /quiz start was answered (time.monotonic)
    casualties: set[str]  # interactions a kill cut off before they could be answered
    bot_alive: bool
    gateway_connections: int  # how often the bot (re)connected to the gateway, via the proxy
    ended: float  # when the evidence was taken (time.monotonic)
