"""Roles as rewards: a server's moderators choose roles that members earn at a number of points,
all-time or in the running season (bot/quiz/seasons/season.py). A member who crosses a threshold
earns its role once; the bot gives it and tells them. It never takes a role away: not one it gave,
and not one it did not."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.quiz.boards.scoring import ALL_TIME

MAX_REWARDS = 10  # reward roles in a server
MAX_POINTS = 1_000_000


class RewardScope(enum.StrEnum):
    """Which points a reward counts: all-time, or the running season's."""

    ALL_TIME = "all"
    SEASON = "season"


@dataclass(frozen=True, slots=True)
class Reward:
    role_id: int
    points: int
    scope: RewardScope = RewardScope.ALL_TIME


@dataclass(frozen=True, slots=True)
class Crossing:
    """A member's points on one board (its period key: ``all``, or a season's ``S12``) before
    and after a question was settled."""

    member_id: int
    period: str
    before: int
    after: int


@dataclass(frozen=True, slots=True)
class Earned:
    member_id: int
    role_id: int
    period: str  # the board it was earned on: ``all``, or the season's key


def earned(rewards: Sequence[Reward], crossings: Iterable[Crossing]) -> list[Earned]:
    """The rewards the crossings earn: each reward whose points a member reached on its board
    (all-time for an all-time reward, a season's for a season reward)."""
    found = []
    for crossing in crossings:
        scope = RewardScope.ALL_TIME if crossing.period == ALL_TIME else RewardScope.SEASON
        found += [
            Earned(crossing.member_id, reward.role_id, crossing.period)
            for reward in rewards
            if reward.scope is scope and crossing.before < reward.points <= crossing.after
        ]
    return found
