"""The driver's methods for the world's people and places (`StandInClient` has them all): roles,
members, channels, DMs and group DMs, the bot's removal, user installs, a member's closed DMs."""

from __future__ import annotations

from typing import Any

from standin.driver_base import DriverBase

Json = dict[str, Any]


class PeopleDriver(DriverBase):
    async def add_role(
        self,
        guild_id: int | str,
        name: str,
        permissions: int = 0,
        *,
        mentionable: bool = False,
        position: int | None = None,
    ) -> Json:
        """A new role, just above @everyone as Discord creates one (or at ``position``, where an
        admin dragged it); a mentionable one anyone may ping, another only with
        MENTION_EVERYONE."""
        body: Json = {
            "guild_id": str(guild_id),
            "name": name,
            "permissions": permissions,
            "mentionable": mentionable,
        }
        if position is not None:
            body["position"] = position
        role: Json = await self._call("POST", "/roles", body)
        return role

    async def set_role_permissions(
        self,
        guild_id: int | str,
        role: int | str,
        permissions: int | None = None,
        *,
        mentionable: bool | None = None,
    ) -> Json:
        """A server admin sets a role's permissions and whether anyone may mention it (by name
        or id; the bot's role too); what is not given stays as it is."""
        body: Json = {"guild_id": str(guild_id), "role": str(role)}
        if permissions is not None:
            body["permissions"] = permissions
        if mentionable is not None:
            body["mentionable"] = mentionable
        changed: Json = await self._call("PATCH", "/roles", body)
        return changed

    async def remove_role(self, guild_id: int | str, role: int | str) -> Json:
        """A server admin deletes a role (by name or id): its members lose it, and the bot
        hears GUILD_ROLE_DELETE."""
        body = {"guild_id": str(guild_id), "role": str(role)}
        removed: Json = await self._call("DELETE", "/roles", body)
        return removed

    async def add_guild(self, name: str = "StandInClient", locale: str = "en-US") -> Json:
        """A server that adds the bot: it hears GUILD_CREATE, as when it joins on Discord."""
        guild: Json = await self._call("POST", "/guilds", {"name": name, "locale": locale})
        return guild

    async def guild_outage(self, guild_id: int | str) -> None:
        """Discord loses the server for a while: the bot hears GUILD_DELETE, unavailable."""
        await self._call("POST", "/guilds/outage", {"guild_id": str(guild_id)})

    async def guild_recovered(self, guild_id: int | str) -> None:
        """The server is back after an outage: the bot hears GUILD_CREATE again."""
        await self._call("POST", "/guilds/recovered", {"guild_id": str(guild_id)})

    async def add_member(
        self,
        guild_id: int | str,
        name: str,
        *,
        locale: str = "en-US",
        roles: list[int | str] | None = None,
    ) -> Json:
        body = {
            "guild_id": str(guild_id),
            "name": name,
            "locale": locale,
            "roles": [str(r) for r in roles or []],
        }
        member: Json = await self._call("POST", "/members", body)
        return member

    async def give_role(self, guild_id: int | str, user_id: int | str, role: int | str) -> Json:
        """An existing member gets a role (by name or id), as a server admin would give it."""
        body = {"guild_id": str(guild_id), "user_id": str(user_id), "role": str(role)}
        member: Json = await self._call("POST", "/members/roles", body)
        return member

    async def remove_member(self, guild_id: int | str, user_id: int | str) -> Json:
        """The member leaves the guild; the user still exists."""
        body = {"guild_id": str(guild_id), "user_id": str(user_id)}
        member: Json = await self._call("DELETE", "/members", body)
        return member

    async def add_channel(
        self, guild_id: int | str, name: str, overwrites: list[Json] | None = None
    ) -> Json:
        body = {"guild_id": str(guild_id), "name": name, "overwrites": overwrites or []}
        channel: Json = await self._call("POST", "/channels", body)
        return channel

    async def remove_channel(self, guild_id: int | str, channel_id: int | str) -> Json:
        """The channel is deleted: the bot hears CHANNEL_DELETE, and Discord's routes on it
        then answer 10003."""
        body = {"guild_id": str(guild_id), "channel_id": str(channel_id)}
        channel: Json = await self._call("DELETE", "/channels", body)
        return channel

    async def dm_channel(self, user_id: int | str) -> int:
        return int((await self._call("POST", "/dm-channels", {"user_id": str(user_id)}))["id"])

    async def remove_bot(self, guild_id: int | str) -> None:
        """The server removes the bot: GUILD_DELETE; its members' user installs still work there."""
        await self._call("POST", "/guilds/remove-bot", {"guild_id": str(guild_id)})

    async def group_dm(self, user_ids: list[int | str], name: str = "") -> int:
        """A new group DM of those users (two to ten, without the bot); its channel id."""
        body = {"user_ids": [str(user_id) for user_id in user_ids], "name": name}
        return int((await self._call("POST", "/group-dms", body))["id"])

    async def install_app(self, user_id: int | str) -> None:
        """The user adds the app to their account: a user install (standin/installs.py)."""
        await self._call("POST", "/users/install", {"user_id": str(user_id)})

    async def set_dms(self, user_id: int | str, *, open_: bool) -> None:
        """The user opens or closes DMs; closed, the bot's DMs to them get 403 50007."""
        await self._call("POST", "/users/dms", {"user_id": str(user_id), "open": open_})
