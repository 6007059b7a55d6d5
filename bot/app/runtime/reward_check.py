"""`quizbot check --online`'s look at each server's reward roles: whether the bot can give
them as Discord decides it (Manage Roles, and its own highest role above each), read over REST
with the rewards from the database. A server with no reward roles gets no line; nothing is
written."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord

from bot.quiz.rewards.reward_roles import Reward
from bot.storage.database import Database
from bot.storage.rewards import reward_roles

Found = tuple[bool, str, str]  # ok, subject, text: a line of the report


async def reward_lines(
    http: discord.http.HTTPClient,
    database_url: str,
    guilds: Iterable[dict[str, Any]],
    bot_id: int,
) -> list[Found]:
    """A line per server with reward roles: ok, or which the bot cannot give and why."""
    db = Database.open(database_url)
    try:
        found = []
        for guild in guilds:
            wanted = await reward_roles.rewards_of(db, int(guild["id"]))
            if wanted:
                found.append(await _server_line(http, guild, wanted, bot_id))
        return found
    finally:
        await db.close()


async def _server_line(
    http: discord.http.HTTPClient,
    guild: dict[str, Any],
    wanted: list[Reward],
    bot_id: int,
) -> Found:
    subject = f"server {guild['name']} ({guild['id']}) reward roles"
    roles = {int(role["id"]): role for role in await http.get_roles(guild["id"])}
    mine = (await http.get_member(guild["id"], bot_id))["roles"]
    highest = max((roles[int(r)]["position"] for r in mine if int(r) in roles), default=0)
    granted = discord.Permissions(int(guild.get("permissions") or 0))
    if not (granted.administrator or granted.manage_roles):
        return False, subject, 'the bot lacks "Manage Roles": grant it to its role'
    problems = [_problem(reward, roles, highest) for reward in wanted]
    named = [p for p in problems if p is not None]
    if named:
        return False, subject, "; ".join(named)
    return True, subject, f"the bot can give all {len(wanted)}"


def _problem(reward: Reward, roles: dict[int, Any], highest: int) -> str | None:
    role = roles.get(reward.role_id)
    if role is None:
        return f"role {reward.role_id} no longer exists: clear it with /quiz settings"
    if role["position"] >= highest:
        return f"@{role['name']} is not below the bot's highest role: drag the bot's role above it"
    return None
