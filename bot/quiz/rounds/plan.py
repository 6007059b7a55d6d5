"""What a round is asked to be when it starts: where, of which pack, by whom, how long each
question stays open, how many questions, in which mode, whom its start card pings, and its
teams. The storage's ``start_round`` takes one, with the time and the shuffle's randomness."""

from __future__ import annotations

from dataclasses import dataclass

from bot.quiz.rounds.review_round import RoundMode
from bot.quiz.rounds.teams import TeamPlan


@dataclass(frozen=True, slots=True)
class RoundPlan:
    guild_id: int
    channel_id: int
    pack_id: str
    started_by: int
    question_seconds: int
    question_count: int | None = None  # None: all the pack's questions
    mode: RoundMode = RoundMode.NORMAL
    ping_role_id: int | None = None
    team_plan: TeamPlan | None = None  # None: members play only for themselves
