"""Giving a member a role as Discord does: the bot needs Manage Roles and a role above the one it
gives; managed roles and @everyone are nobody's to give; every refusal is 403 50013, and the
routes are the spec's."""

from __future__ import annotations

from standin.driver import StandInClient
from standin.permissions import MANAGE_ROLES
from tests.standin.scheduling import Rest

TOP = 99  # dragged to the top of the roles, above the bot's (Discord makes it at 1)


async def _place(standin: StandInClient) -> tuple[str, str, dict[str, str]]:
    """The guild, a plain member, and its roles by name."""
    guild = (await standin.state())["guilds"][0]
    member = next(m["id"] for m in guild["members"] if m["name"].startswith("member-"))
    return guild["id"], member, {r["name"]: r["id"] for r in guild["roles"]}


async def test_a_role_below_the_bots_is_given_and_taken(standin: StandInClient, rest: Rest) -> None:
    guild, member, roles = await _place(standin)
    await standin.set_role_permissions(guild, roles["quizbot"], MANAGE_ROLES)
    low = await standin.add_role(guild, "Regular", position=1)  # below the bot's role
    path = f"/guilds/{guild}/members/{member}/roles/{low['id']}"
    assert await rest.call("PUT", path) == (204, None)
    assert await rest.call("PUT", path) == (204, None)  # holding it already: no change

    state = (await standin.state())["guilds"][0]
    [held] = [m["roles"] for m in state["members"] if m["id"] == member]
    assert low["id"] in held
    assert await rest.call("DELETE", path) == (204, None)
    state = (await standin.state())["guilds"][0]
    [held] = [m["roles"] for m in state["members"] if m["id"] == member]
    assert low["id"] not in held


async def test_discord_refuses_what_the_bot_may_not_give(
    standin: StandInClient, rest: Rest
) -> None:
    guild, member, roles = await _place(standin)
    low = await standin.add_role(guild, "Regular", position=1)
    high = await standin.add_role(guild, "Champion", position=TOP)  # above the bot's role
    refused = (403, {"code": 50013, "message": "Missing Permissions"})

    async def put(role: str) -> tuple[int, object]:
        status, body = await rest.call("PUT", f"/guilds/{guild}/members/{member}/roles/{role}")
        return status, {k: body[k] for k in ("code", "message")} if body else body

    assert await put(low["id"]) == refused  # no Manage Roles yet
    await standin.set_role_permissions(guild, roles["quizbot"], MANAGE_ROLES)
    assert await put(high["id"]) == refused  # above the bot's own role
    assert await put(roles["quizbot"]) == refused  # managed
    assert await put(guild) == refused  # @everyone
    assert (await put("1"))[0] == 404  # no such role
    assert (await put(low["id"]))[0] == 204
    assert await standin.openapi_failures() == []
