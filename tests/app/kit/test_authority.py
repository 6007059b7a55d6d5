"""A role's permissions beyond a member's, as the bot names them (bot/app/kit/authority.py)."""

from __future__ import annotations

import discord

from bot.app.kit.authority import MEMBER_PERMISSIONS, elevated_names


def test_a_member_s_permissions_are_not_elevated() -> None:
    everyday = discord.Permissions(send_messages=True, view_channel=True, change_nickname=True)
    assert elevated_names(everyday) == ()
    assert elevated_names(MEMBER_PERMISSIONS) == ()


def test_moderation_permissions_are_elevated_by_name() -> None:
    moderating = discord.Permissions(send_messages=True, ban_members=True, manage_guild=True)
    assert elevated_names(moderating) == ("ban_members", "manage_guild")
    assert elevated_names(discord.Permissions(administrator=True)) == ("administrator",)


def test_a_permission_discord_adds_later_is_elevated_until_judged() -> None:
    known = discord.Permissions.all().value
    newer = 1 << (known.bit_length() + 3)  # a bit discord.py has no name for
    assert elevated_names(discord.Permissions(newer | 1 << 11)) == ("unknown",)
