"""Discord's routes that give a member a role and take it away, with Discord's rules (and those
that show a server with its roles and owner, list its roles and show one member, as
`quizbot check --online` reads them): the bot
needs Manage Roles, and may give or take only a role below its own highest one (the role
hierarchy); a managed role (a bot's or an integration's) and @everyone are nobody's to give.
Either refusal is 403 with code 50013, as Discord answers it. Discord tells no bot of the change
without the privileged members intent, so the stand-in sends no gateway event either."""

from __future__ import annotations

from standin import errors
from standin.model import Guild, Member, Role
from standin.permissions import MANAGE_ROLES, guild_permissions
from standin.rest import NO_CONTENT, Call, route

_ROLE = "/guilds/{guild_id}/members/{user_id}/roles/{role_id}"


@route("PUT", _ROLE)
async def add_member_role(call: Call) -> object:
    guild, member, role = _target(call)
    call.core.world.set_role(guild, member.user.id, role.id, has=True)
    return NO_CONTENT


@route("DELETE", _ROLE)
async def remove_member_role(call: Call) -> object:
    guild, member, role = _target(call)
    call.core.world.set_role(guild, member.user.id, role.id, has=False)
    return NO_CONTENT


def _target(call: Call) -> tuple[Guild, Member, Role]:
    """The server, member and role the route names, once the bot may give that role."""
    world = call.core.world
    guild = world.guild(call.id("guild_id"))
    member = guild.members.get(call.id("user_id"))
    if member is None:
        raise errors.unknown("Member", errors.UNKNOWN_MEMBER)
    role = guild.roles.get(call.id("role_id"))
    if role is None:
        raise errors.unknown("Role", errors.UNKNOWN_ROLE)
    if not may_manage(guild, guild.members[world.bot.id], role):
        raise errors.missing_permissions()
    return guild, member, role


def may_manage(guild: Guild, manager: Member, role: Role) -> bool:
    """Whether ``manager`` may give ``role`` and take it away (Discord's rules, above)."""
    if role.managed or role.id == guild.id:
        return False
    if manager.user.id == guild.owner_id:
        return True
    if not guild_permissions(guild, manager) & MANAGE_ROLES:
        return False
    highest = max((guild.roles[r].position for r in manager.roles), default=0)
    return role.position < highest


@route("GET", "/guilds/{guild_id}")
async def get_guild(call: Call) -> object:
    guild = call.core.world.guild(call.id("guild_id"))
    counted = call.query.get("with_counts") in {"1", "true", "True"}
    counts = {"approximate_member_count": len(guild.members), "approximate_presence_count": 0}
    return guild.payload() | (counts if counted else {})


@route("GET", "/guilds/{guild_id}/roles")
async def list_roles(call: Call) -> object:
    guild = call.core.world.guild(call.id("guild_id"))
    return [role.payload() for role in sorted(guild.roles.values(), key=lambda r: r.position)]


@route("GET", "/guilds/{guild_id}/members/{user_id}")
async def get_member(call: Call) -> object:
    guild = call.core.world.guild(call.id("guild_id"))
    member = guild.members.get(call.id("user_id"))
    if member is None:
        raise errors.unknown("Member", errors.UNKNOWN_MEMBER)
    return member.payload()
