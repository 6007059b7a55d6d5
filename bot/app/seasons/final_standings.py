"""A season's final standings, posted once in the channel its moderators chose when it ended:
its board as `/leaderboard season:` shows it (it never changes again), with the same buttons to
browse it privately, under a line saying the season is over.

Posting is claimed in the database by one process at a time (bot/storage/seasons/season.py). A claim
whose process died after posting but before recording the message lapses; the next claim finds
the message already in the channel, by the final standings' own Browse button, and records it
instead of posting again.
"""

from __future__ import annotations

import logging

import discord

from bot.app.boards.buttons import FINAL, public_board
from bot.app.kit.catalogue import tr
from bot.app.kit.custom_ids import BOARD_PAGE
from bot.app.kit.posted_messages import find_posted
from bot.app.kit.public_locale import public_locale
from bot.app.kit.retry import describe
from bot.quiz.boards.scoring import season_key
from bot.quiz.seasons.season import Season
from bot.storage.database import Database
from bot.storage.seasons import season

log = logging.getLogger(__name__)


async def post_final_standings(client: discord.Client, db: Database, ended: Season) -> bool:
    """Posts the ended season's final standings (or finds them posted) and records the message;
    False if Discord refused (the claim lapses, and a later pass tries again)."""
    key = season_key(ended.id)
    channel = client.get_partial_messageable(ended.channel_id, guild_id=ended.guild_id)
    try:
        message = await find_posted(client, channel, f"{BOARD_PAGE}:{FINAL}:{key}:")
        if message is None:
            locale = await public_locale(client, db, ended.guild_id, None)
            embed, view = await public_board(
                db,
                guild_id=ended.guild_id,
                key=key,
                pack=None,
                locale=locale,
                season=ended.name,
                final=True,
            )
            text = tr(locale, "season.final", name=discord.utils.escape_markdown(ended.name))
            message = await channel.send(text, embed=embed, view=view)
    except discord.HTTPException as refused:
        log.warning("season %s: final standings not posted (%s)", ended.id, describe(refused))
        return False
    await season.standings_posted(db, ended, message.id)
    log.info("season %s of server %s: final standings posted", ended.id, ended.guild_id)
    return True
