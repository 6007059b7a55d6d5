"""Team rounds on Discord: the teams' parts of the reveal, the standings and the "Locked in"
reply (the rules: bot/quiz/rounds/teams.py; the teams read and named: bot/app/kit/team_plans.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.app.kit.catalogue import tr
from bot.app.kit.team_plans import team_name
from bot.quiz.rounds.teams import TeamPlan, TeamShare, TeamStanding


def held_roles(interaction: discord.Interaction[Any]) -> tuple[int, ...]:
    """The roles of the member who clicked, as the interaction's member data lists them."""
    user = interaction.user
    return tuple(role.id for role in user.roles) if isinstance(user, discord.Member) else ()


def locked_in_team(plan: TeamPlan | None, team: int | None, locale: str) -> str | None:
    """What the "Locked in" reply adds in a team round: the member's team, or that they have
    none (they score only for themselves)."""
    if plan is None:
        return None
    if team is None:
        return tr(locale, "teams.playing_alone")
    return tr(locale, "teams.playing_for", team=team_name(plan, team, locale))


def shares_text(plan: TeamPlan | None, shares: Sequence[TeamShare], locale: str) -> str | None:
    """The reveal's line of each team's share right of those of its members who answered."""
    if plan is None or not shares:
        return None
    parts = [
        tr(
            locale,
            "teams.share",
            team=team_name(plan, share.team, locale),
            right=share.right,
            answered=share.answered,
        )
        for share in shares
    ]
    return f"**{tr(locale, 'teams.shares')}**: " + " · ".join(parts)


def standings_text(plan: TeamPlan, ranked: Sequence[TeamStanding], locale: str) -> str:
    """The team standings: each team that played, ranked (the rule they are ranked by goes in
    the standings' footer: ``teams.rule``)."""
    lines = [f"**{tr(locale, 'teams.standings')}**"]
    lines += [
        tr(
            locale,
            "teams.standings_line",
            rank=standing.rank,
            team=team_name(plan, standing.team, locale),
            per_member=float(standing.per_player),
            points=standing.points,
            members=standing.players,
        )
        for standing in ranked
    ]
    if not ranked:
        lines.append(tr(locale, "teams.nobody_played"))
    return "\n".join(lines)
