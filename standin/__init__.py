"""A local stand-in for Discord: the v10 gateway and REST API on loopback, plus a control API.

The unmodified discord.py client connects to it once pointed at its URL (the bot's
`bot.app.runtime.discord_url.point_discord_at`). It imports nothing from the bot.
"""
