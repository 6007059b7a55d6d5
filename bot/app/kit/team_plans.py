"""A team round's teams on Discord, for `/quiz start` and `/quiz schedule add` alike: what a
moderator typed, read and checked against the server's roles (the rules: bot/quiz/rounds/teams.py),
and the teams named as a message names them. A role team is named by its role's mention, which
notifies nobody: every message is sent with no mentions allowed (bot/app/kit/mentions.py)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import discord

from bot.app.kit.catalogue import tr
from bot.quiz.rounds.teams import Refused, TeamPlan, read_teams, roles_problem

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


def with_new_seed(plan: TeamPlan, rng: random.Random) -> TeamPlan:
    """The plan for another round of the same teams: auto teams drawn again."""
    return dataclasses.replace(plan, seed=rng.getrandbits(SEED_BITS)) if plan.auto else plan
