"""The bot points discord.py at any Discord (the stand-in) by URL."""

from __future__ import annotations

import discord

from bot.app.runtime.discord_url import point_discord_at


def test_point_discord_at_sets_both_class_attributes() -> None:
    point_discord_at("http://127.0.0.1:1234/")
    route = discord.http.Route("GET", "/users/@me")
    assert route.url == "http://127.0.0.1:1234/api/v10/users/@me"
    assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == "ws://127.0.0.1:1234/gateway"
