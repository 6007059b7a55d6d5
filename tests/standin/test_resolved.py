"""Resolved CHANNEL and ROLE options, as Discord sends them: a channel with the invoking
member's own permissions there, and, from Discord's client, only this server's channels and
roles; a forged command (a modified client) may name another server's."""

from __future__ import annotations

import pytest

from standin.commands import CHANNEL, ROLE, command_data
from standin.core import StandIn
from standin.errors import RefusedError
from standin.model import Channel, Overwrite
from standin.permissions import MEMBER_OVERWRITE, ROLE_OVERWRITE, VIEW_CHANNEL
from standin.world import World

PICK = {
    "id": "1",
    "name": "pick",
    "type": 1,
    "options": [
        {"type": CHANNEL, "name": "channel", "description": "where"},
        {"type": ROLE, "name": "role", "description": "whom"},
    ],
}


def two_servers() -> tuple[World, Channel, Channel, int]:
    """Two servers; the first's #general, its hidden #staff, and a member of it."""
    world = StandIn(check_spec=False).world
    world.seed(2, 1)
    here, _ = world.guilds.values()
    general = next(c for c in here.channels.values() if c.name == "general")
    member = next(m.user.id for m in here.members.values() if m.user.username.startswith("member-"))
    hidden = [
        Overwrite(here.id, ROLE_OVERWRITE, deny=VIEW_CHANNEL),
        Overwrite(world.bot.id, MEMBER_OVERWRITE, allow=VIEW_CHANNEL),
    ]
    staff = world.add_channel(here, "staff", hidden)
    world.commands.global_commands = [PICK]
    return world, general, staff, member


def test_a_resolved_channel_carries_the_members_permissions_not_the_bots() -> None:
    world, general, staff, member = two_servers()
    data = command_data(world, general, member, "pick", options={"channel": staff.id})
    resolved = data["resolved"]["channels"][str(staff.id)]
    assert resolved["guild_id"] == str(staff.guild_id)
    assert not int(resolved["permissions"]) & VIEW_CHANNEL
    assert world.permissions(staff, world.bot.id) & VIEW_CHANNEL  # the bot's would show it


def test_only_a_forged_command_names_another_servers_channel_or_role() -> None:
    world, general, _, member = two_servers()
    there = list(world.guilds.values())[1]
    far_channel = next(iter(there.channels.values()))
    far_role = next(r for r in there.roles.values() if r.name == "Moderator")
    with pytest.raises(RefusedError, match="not in this guild"):
        command_data(world, general, member, "pick", options={"channel": far_channel.id})
    with pytest.raises(RefusedError, match="not in this guild"):
        command_data(world, general, member, "pick", options={"role": far_role.id})
    options = {"channel": far_channel.id, "role": far_role.id}
    data = command_data(world, general, member, "pick", options=options, forged=True)
    channel = data["resolved"]["channels"][str(far_channel.id)]
    assert channel["guild_id"] == str(there.id)
    assert channel["permissions"] == "0"  # not a member there: no permissions at all
    assert data["resolved"]["roles"][str(far_role.id)]["name"] == "Moderator"
