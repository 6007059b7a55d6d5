"""A member who leaves: still a user a USER option can name, resolved as Discord resolves them."""

from __future__ import annotations

import pytest

from standin.commands import USER, command_data
from standin.core import StandIn
from standin.driver import StandInClient, StandInRefusedError
from standin.errors import RefusedError

STATS = {
    "id": "1",
    "name": "stats",
    "type": 1,
    "options": [{"type": USER, "name": "member", "description": "whose"}],
}


async def test_a_user_who_left_resolves_without_member_data() -> None:
    core = StandIn(check_spec=False)
    core.world.seed(1, 2)
    guild = next(iter(core.world.guilds.values()))
    channel = next(iter(guild.channels.values()))
    asker, leaver = (
        m.user.id for m in guild.members.values() if m.user.username.startswith("member-")
    )
    core.world.commands.global_commands = [STATS]

    def resolved(user_id: int) -> dict[str, dict[str, object]]:
        data = command_data(core.world, channel, asker, "stats", options={"member": user_id})
        return dict(data["resolved"])

    assert set(resolved(leaver)) == {"users", "members"}
    core.world.remove_member(guild, leaver)
    after = resolved(leaver)
    assert set(after["users"]) == {str(leaver)}
    assert "members" not in after
    with pytest.raises(RefusedError, match="not a member"):
        await core.command(leaver, channel.id, "stats", {})
    with pytest.raises(RefusedError, match="not a member"):
        core.world.remove_member(guild, leaver)
    with pytest.raises(RefusedError, match="cannot leave"):
        core.world.remove_member(guild, guild.owner_id)


async def test_the_control_api_removes_a_member(standin: StandInClient) -> None:
    guild = (await standin.state())["guilds"][0]
    leaver = next(m["id"] for m in guild["members"] if m["name"].startswith("member-"))
    assert (await standin.remove_member(guild["id"], leaver))["id"] == leaver
    after = (await standin.state())["guilds"][0]
    assert leaver not in [m["id"] for m in after["members"]]
    with pytest.raises(StandInRefusedError) as refused:
        await standin.remove_member(guild["id"], guild["owner_id"])
    assert refused.value.status == 409
