"""Team rounds on Discord: `/quiz start teams:` read and checked against the server's roles,
and the teams' parts of the reveal, the standings and the "Locked in" reply (the rules:
bot/quiz/teams.py). A role team is named by its role's mention, which notifies nobody: every
round message is sent with no mentions allowed (bot/app/kit/mentions.py)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import discord

from bot.app.kit.catalogue import tr
from bot.quiz.teams import (
    Refused,
    TeamPlan,
    TeamShare,
    TeamStanding,
    read_teams,
    roles_problem,
)

SEED_BITS = 31  # an auto round's seed, stored in its row


def team_plan_of(
    interaction: discord.Interaction[Any], typed: str, rng: random.Random
) -> TeamPlan | Refused:
    """The teams typed for a round in the interaction's server, or why they cannot be."""
    asked = read_teams(typed)
    if isinstance(asked, Refused):
        return asked
    if not asked.role_ids:
        return TeamPlan(asked.auto_count, seed=rng.getrandbits(SEED_BITS))
    guild = interaction.guild
    managed = {} if guild is None else {role.id: role.managed for role in guild.roles}
    problem = roles_problem(asked.role_ids, interaction.guild_id or 0, managed)
    return problem or TeamPlan(len(asked.role_ids), asked.role_ids)


def held_roles(interaction: discord.Interaction[Any]) -> tuple[int, ...]:
    """The roles of the member who clicked, as the interaction's member data lists them."""
    user = interaction.user
    return tuple(role.id for role in user.roles) if isinstance(user, discord.Member) else ()


def team_name(plan: TeamPlan, team: int, locale: str) -> str:
    if plan.auto:
        return tr(locale, "teams.auto_name", number=team + 1)
    return f"<@&{plan.role_ids[team]}>"


def teams_text(plan: TeamPlan, locale: str) -> str:
    """What the start card says of a team round's teams."""
    if plan.auto:
        return tr(locale, "teams.start_auto", count=plan.count)
    names = " · ".join(team_name(plan, team, locale) for team in range(plan.count))
    return tr(locale, "teams.start", teams=names)


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
