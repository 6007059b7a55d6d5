"""Where discord.py finds Discord: any URL, for the stand-in (`--discord-url`, `quizbot check`)."""

from __future__ import annotations

import discord.gateway
import discord.http
import yarl


def point_discord_at(url: str) -> None:
    """Send every discord.py client in this process to the Discord at `url` (http://host:port).

    discord.py reads both class attributes when it builds a route or opens the gateway.
    """
    discord.http.Route.BASE = f"{url.rstrip('/')}/api/v10"
    gateway = url.rstrip("/").replace("http://", "ws://", 1) + "/gateway"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
