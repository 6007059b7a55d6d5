"""The leaderboard message: a page of the board, page buttons, and a "me" button.

Pages live in the buttons' custom_ids; the board is read afresh on every click."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.app.components.base import PersistentButton
from bot.app.context import AppContext, ctx_of
from bot.app.i18n import tr
from bot.app.keys import stable_key
from bot.app.render.common import BRAND, mention
from bot.app.render.limits import fit_embed
from bot.app.replies import reply, say
from bot.quiz.model import Pack
from bot.quiz.scoring import Period
from bot.storage import leaderboard
from bot.storage.results import LeaderboardPage

PAGE_SIZE = 10
BOARD = r"(?P<period>all|week|month):(?P<pack>[0-9a-f]*)"


async def board_message(
    ctx: AppContext,
    *,
    guild_id: int,
    period: Period,
    pack: Pack | None,
    page: int,
    locale: str,
) -> tuple[discord.Embed, discord.ui.View, LeaderboardPage]:
    """A page of the board as a message, and the page itself."""
    board = await leaderboard.leaderboard(
        ctx.db,
        guild_id=guild_id,
        period=period,
        now=ctx.clock(),
        pack_id=pack.id if pack else None,
        offset=page * PAGE_SIZE,
        limit=PAGE_SIZE,
    )
    pages = max(1, -(-board.total_members // PAGE_SIZE))
    embed = _board_embed(board, period, pack, locale, page=page, pages=pages)
    return embed, _board_view(period, pack, page, pages, locale), board


def _board_embed(
    board: LeaderboardPage, period: Period, pack: Pack | None, locale: str, *, page: int, pages: int
) -> discord.Embed:
    period_name = tr(locale, f"choice.{period.value}")
    title = (
        tr(locale, "leaderboard.title_pack", period=period_name, pack=pack.title.get(locale))
        if pack
        else tr(locale, "leaderboard.title", period=period_name)
    )
    lines = [
        tr(
            locale,
            "leaderboard.line",
            rank=entry.rank,
            member=mention(entry.member_id),
            points=entry.points,
            answered=entry.answered,
        )
        for entry in board.entries
    ]
    embed = discord.Embed(
        title=title, description="\n".join(lines) or tr(locale, "leaderboard.empty"), colour=BRAND
    )
    embed.set_footer(text=tr(locale, "leaderboard.page", page=page + 1, pages=pages))
    return fit_embed(embed)  # also sent by edit_message, which does not pass through reply


def _board_view(
    period: Period, pack: Pack | None, page: int, pages: int, locale: str
) -> discord.ui.View:
    pack_key = stable_key(pack.id) if pack else ""
    view = discord.ui.View(timeout=None)
    for direction, target, key in (
        ("p", page - 1, "leaderboard.previous_button"),
        ("n", page + 1, "leaderboard.next_button"),
    ):
        button = PageButton(period, pack_key, direction, max(0, target), tr(locale, key))
        button.item.disabled = not 0 <= target < pages
        view.add_item(button)
    view.add_item(MeButton(period, pack_key, tr(locale, "leaderboard.me_button")))
    return view


class PageButton(
    PersistentButton,
    template=re.compile(rf"lb:(?P<direction>[pn]):{BOARD}:(?P<page>[0-9]+)"),
):
    def __init__(
        self, period: Period, pack_key: str, direction: str, page: int, label: str = "·"
    ) -> None:
        self.period, self.pack_key, self.page = period, pack_key, page
        super().__init__(f"lb:{direction}:{period.value}:{pack_key}:{page}", label)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> PageButton:
        return cls(Period(match["period"]), match["pack"], match["direction"], int(match["page"]))

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        ctx = ctx_of(interaction)
        assert interaction.guild_id is not None  # noqa: S101  # boards are in servers
        pack = (await ctx.shelf.view(interaction.guild_id)).keys.packs.get(self.pack_key)
        # The board is public (in the server's language) unless it is someone's private copy.
        private = interaction.message is not None and interaction.message.flags.ephemeral
        locale = (
            interaction.locale.value
            if private
            else await ctx.conductor.public_locale(interaction.guild_id, pack)
        )
        embed, view, _ = await board_message(
            ctx,
            guild_id=interaction.guild_id,
            period=self.period,
            pack=pack,
            page=self.page,
            locale=locale,
        )
        await interaction.response.edit_message(embed=embed, view=view)


class MeButton(PersistentButton, template=re.compile(rf"lm:{BOARD}")):
    """Shows the clicking member, privately, the page they are on."""

    def __init__(self, period: Period, pack_key: str, label: str = "·") -> None:
        self.period, self.pack_key = period, pack_key
        super().__init__(f"lm:{period.value}:{pack_key}", label, discord.ButtonStyle.primary)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> MeButton:
        return cls(Period(match["period"]), match["pack"])

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        ctx = ctx_of(interaction)
        assert interaction.guild_id is not None  # noqa: S101  # boards are in servers
        pack = (await ctx.shelf.view(interaction.guild_id)).keys.packs.get(self.pack_key)
        position = await leaderboard.member_position(
            ctx.db,
            guild_id=interaction.guild_id,
            member_id=interaction.user.id,
            period=self.period,
            now=ctx.clock(),
            pack_id=pack.id if pack else None,
        )
        if not position:
            await say(interaction, "leaderboard.not_ranked")
            return
        locale = interaction.locale.value
        embed, view, board = await board_message(
            ctx,
            guild_id=interaction.guild_id,
            period=self.period,
            pack=pack,
            page=(position - 1) // PAGE_SIZE,
            locale=locale,
        )
        mine = next(entry for entry in board.entries if entry.member_id == interaction.user.id)
        text = tr(locale, "leaderboard.your_rank", rank=mine.rank, points=mine.points)
        await reply(interaction, text, embed=embed, view=view)
