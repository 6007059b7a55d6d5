"""A round's start card, one way for every round: `/quiz start` posts it as its reply, and the
outbox posts a scheduled round's (bot/app/rounds/outbox.py)."""

from __future__ import annotations

import discord

from bot.app.kit.mentions import ping_role_of, start_card_mentions
from bot.app.kit.public_locale import public_locale
from bot.app.rounds.layout_parts import Layout
from bot.app.rounds.layouts import start_layout
from bot.quiz.model import Pack
from bot.storage.database import Database
from bot.storage.results import RoundView


async def start_card_of(
    client: discord.Client, db: Database, view: RoundView, pack: Pack
) -> tuple[Layout, discord.AllowedMentions]:
    """The card in the server's language, and the mentions it may notify: the round's ping role
    if the server still has it (bot/app/kit/mentions.py), nobody else."""
    ping = ping_role_of(client.get_guild(view.guild_id), view.ping_role_id)
    locale = await public_locale(client, db, view.guild_id, pack)
    card = start_layout(
        pack,
        locale,
        questions=len(view.question_order),
        seconds=view.question_seconds,
        started_by=view.started_by,
        mode=view.mode,
        ping_role=ping,
        teams=view.teams,
    )
    return card, start_card_mentions(ping)
