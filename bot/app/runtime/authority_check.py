"""`quizbot check --online`'s look at what each server had the bot do on someone's behalf
(bot/quiz/authority.py): the reward roles and the ping roles (the settings' and each
schedule's) that their setters, as Discord has them now, could not give or ping themselves.
The bot does not act on those (a reward is withheld, a round starts without its ping); this
names them, read over REST with the settings from the database, so that an operator can tell
the servers before anyone wonders. A server with no reward or ping role gets no line; nothing
is written.

A ping's setter is judged by their permissions in the server as a whole: a channel's
overwrites, which the bot applies when a round starts there, are not read here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord

from bot.app.kit.authority import elevated_names
from bot.quiz import authority
from bot.quiz.authority import Refusal, RoleFacts, Standing
from bot.storage.database import Database
from bot.storage.rewards import reward_roles
from bot.storage.schedules import series
from bot.storage.settings import settings

Found = tuple[bool, str, str]  # ok, subject, text: a line of the report
Chosen = tuple[str, int, int | None]  # what ("reward", "ping"), its role, who chose it

# What each refusal is, for an operator reading the report.
_SAID = {
    "authority.reward_elevated": "carries {permissions}, which no reward may",
    "authority.setter_gone": "whoever chose it is no longer a member, or chose it before the "
    "bot checked: choose it again",
    "authority.reward_no_manage_roles": 'its setter ({setter}) lacks "Manage Roles"',
    "authority.reward_above_setter": "it is not below its setter's ({setter}) highest role",
    "authority.ping_not_mentionable": "it is not mentionable and its setter ({setter}) lacks "
    '"Mention Everyone"',
}


async def authority_lines(
    http: discord.http.HTTPClient, database_url: str, guilds: Iterable[dict[str, Any]]
) -> list[Found]:
    """A line per server with reward or ping roles: ok, or which are not acted on and why."""
    db = Database.open(database_url)
    try:
        found = []
        for guild in guilds:
            chosen = await _chosen(db, int(guild["id"]))
            if chosen:
                found.append(await _server_line(http, guild, chosen))
        return found
    finally:
        await db.close()


async def _chosen(db: Database, guild_id: int) -> list[Chosen]:
    """The server's reward roles and ping roles, each with its setter."""
    found: list[Chosen] = [
        ("reward", role_id, set_by)
        for role_id, set_by in (await reward_roles.setters_of(db, guild_id)).items()
    ]
    configured = await settings.guild_settings(db, guild_id)
    if configured.ping_role_id is not None:
        found.append(("ping", configured.ping_role_id, configured.ping_role_set_by))
    found += [
        ("ping", schedule.ping_role_id, schedule.created_by)
        for schedule in await series.guild_schedules(db, guild_id)
        if schedule.ping_role_id is not None
    ]
    return found


async def _server_line(
    http: discord.http.HTTPClient, guild: dict[str, Any], chosen: list[Chosen]
) -> Found:
    subject = f"server {guild['name']} ({guild['id']}) rewards and pings"
    full: dict[str, Any] = dict(await http.get_guild(guild["id"], with_counts=False))
    roles: dict[int, dict[str, Any]] = {int(role["id"]): dict(role) for role in full["roles"]}
    standings: dict[int | None, Standing | None] = {}
    problems = []
    for kind, role_id, setter_id in chosen:
        role = roles.get(role_id)
        if role is None:
            continue  # a deleted role is neither given nor pinged (the reward line says so)
        if setter_id not in standings:
            standings[setter_id] = await _standing(http, full, roles, setter_id)
        refusal = _refusal(kind, standings[setter_id], role)
        if refusal is not None:
            problems.append(f"{kind} @{role['name']}: {_said(refusal, setter_id)}")
    if problems:
        return False, subject, "; ".join(dict.fromkeys(problems))
    return True, subject, "each is one its setter may give or ping"


def _refusal(kind: str, setter: Standing | None, role: dict[str, Any]) -> Refusal | None:
    facts = RoleFacts(
        mention=f"@{role['name']}",
        position=int(role["position"]),
        mentionable=bool(role.get("mentionable")),
        elevated=elevated_names(discord.Permissions(int(role["permissions"]))),
    )
    if kind == "reward":
        return authority.reward_refusal(setter, facts)
    return authority.ping_refusal(setter, facts)


def _said(refusal: Refusal, setter_id: int | None) -> str:
    key, params = refusal
    names = params.get("permissions")
    shown = ", ".join(str(name) for name in names) if isinstance(names, tuple) else ""
    return _SAID[key].format(permissions=shown, setter=setter_id)


async def _standing(
    http: discord.http.HTTPClient,
    guild: dict[str, Any],
    roles: dict[int, dict[str, Any]],
    setter_id: int | None,
) -> Standing | None:
    """The setter's standing in the server, from its roles as REST shows them; None if gone."""
    if setter_id is None:
        return None
    try:
        member = await http.get_member(guild["id"], setter_id)
    except discord.NotFound:
        return None
    held = [roles[int(r)] for r in member["roles"] if int(r) in roles]
    everyone = roles.get(int(guild["id"]))
    value = 0
    for role in [*held, *([everyone] if everyone else [])]:
        value |= int(role["permissions"])
    allowed = discord.Permissions(value)
    admin = allowed.administrator
    return Standing(
        owner=int(guild["owner_id"]) == setter_id,
        manage_roles=admin or allowed.manage_roles,
        mention_everyone=admin or allowed.mention_everyone,
        top_position=max((int(role["position"]) for role in held), default=0),
    )
