"""The leaderboard: a static public message, and private pageable copies of it.

The public message never changes: its "Browse" and "Me" buttons open a private (ephemeral) copy
for the member who clicked, and only that copy's buttons turn pages, each in place on the
member's own copy. Board and page live in the buttons' custom_ids, so they work after a restart,
and the board is read afresh on every click. A board of a week or a month is the period of the
message it came from, whenever it is browsed: the custom_ids carry its key (``2026-W48``).
What a custom_id names is the client's to send, so a board opens only in a server, of a period
there is, of a pack that server sees, at a page the board has."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import discord

from bot.app.boards.embeds import private_board_embed, public_board_embed
from bot.app.kit.button_origin import refuse
from bot.app.kit.buttons import PersistentButton
from bot.app.kit.catalogue import tr
from bot.app.kit.context import AppContext, ctx_of
from bot.app.kit.custom_ids import BOARD_ME, BOARD_PAGE
from bot.app.kit.replies import reply, say
from bot.app.shelf.question_keys import stable_key
from bot.quiz.boards.scoring import Period, carried_period_key, parse_period_key
from bot.quiz.boards.standings import page_holding, pages_of
from bot.quiz.model import Pack
from bot.storage.boards import leaderboard
from bot.storage.database import Database
from bot.storage.results import LeaderboardPage
from bot.storage.seasons import season as stored_season

PAGE_SIZE = 10
# A period key; "week" and "month" are on buttons from before they carried keys (see
# carried_period_key).
BOARD = (
    r"(?P<period>all|week|month|[0-9]{4}-W[0-9]{2}|[0-9]{4}-[0-9]{2}|S[1-9][0-9]{0,6})"
    r":(?P<pack>[0-9a-f]*)"
)
BROWSE = "b"  # opens a private copy at its page; "p" and "n" turn one, as older messages did
# Browse on a season's final standings: the same, and the mark by which a retried post finds
# the one already made (bot/app/seasons/final_standings.py).
FINAL = "f"
MAX_PAGE = 10_000_000  # past any server's board: a page the client made up reads nothing


async def public_board(
    db: Database,
    *,
    guild_id: int,
    key: str,
    pack: Pack | None,
    locale: str,
    season: str | None = None,
    final: bool = False,
) -> tuple[discord.Embed, discord.ui.View]:
    """The public message: the top of the board of period ``key`` (the season named ``season``;
    ``final``, its final standings) as it is now, and the buttons that open private copies of
    that board."""
    board = await _read(db, guild_id, key, pack, 0)
    pack_key = stable_key(pack.id) if pack else ""
    view = discord.ui.View(timeout=None)
    browse = tr(locale, "standings.browse_button")
    view.add_item(PageButton(key, pack_key, FINAL if final else BROWSE, 0, browse))
    view.add_item(MeButton(key, pack_key, tr(locale, "leaderboard.me_button")))
    return public_board_embed(board, pack, locale, season), view


@dataclass(frozen=True, slots=True)
class _Board:
    """The board a button names, as it is shown where it was clicked."""

    guild_id: int
    period: str  # the period key shown
    pack: Pack | None
    pack_key: str
    follows_clock: bool  # a button from before keys: the period current at the click
    season: str | None = None  # the season's name, for a season's board


async def _board_here(
    interaction: discord.Interaction[Any], period: str, pack_key: str
) -> _Board | None:
    """The board a button names, if it can be shown where it was clicked: in a server, of a
    period there is, of every pack or of one that server sees; None if not."""
    ctx = ctx_of(interaction)
    if interaction.guild_id is None:
        return None
    try:
        key = carried_period_key(period, ctx.clock.now())
    except ValueError:  # 2026-W60, 2026-13
        return None
    pack = (await ctx.shelf.view(interaction.guild_id)).keys.packs.get(pack_key)
    if pack_key and pack is None:  # another server's pack, or one removed since
        return None
    season = None
    parsed = parse_period_key(key)
    if parsed.period is Period.SEASON:
        found = await stored_season.season_by_id(ctx.db, interaction.guild_id, parsed.number)
        if found is None:  # another server's season
            return None
        season = found.name
    follows = key != period
    return _Board(interaction.guild_id, key, pack, pack_key, follows_clock=follows, season=season)


async def _private_board(
    interaction: discord.Interaction[Any], board: _Board, page: int
) -> tuple[discord.Embed, discord.ui.View] | None:
    """Page ``page`` of the board, for the member who clicked; None for a page the board has
    not got. A board that follows the clock may have been longer in another period: it shows
    its last page instead."""
    ctx = ctx_of(interaction)
    if page > MAX_PAGE:
        return None
    read = await _read_page(ctx, board, page)
    pages = pages_of(read.listed, PAGE_SIZE)
    if page >= pages:
        if not board.follows_clock:  # a period's board only grows: no button named this
            return None
        page = pages - 1
        read = await _read_page(ctx, board, page)
    locale = interaction.locale.value
    embed = private_board_embed(
        read,
        board.pack,
        locale,
        page=page,
        pages=pages,
        viewer=interaction.user.id,
        season=board.season,
    )
    view = discord.ui.View(timeout=None)
    for direction, target, key in (
        ("p", page - 1, "leaderboard.previous_button"),
        ("n", page + 1, "leaderboard.next_button"),
    ):
        button = PageButton(
            board.period, board.pack_key, direction, max(0, target), tr(locale, key)
        )
        button.item.disabled = not 0 <= target < pages
        view.add_item(button)
    view.add_item(MeButton(board.period, board.pack_key, tr(locale, "leaderboard.me_button")))
    return embed, view


async def _read_page(ctx: AppContext, board: _Board, page: int) -> LeaderboardPage:
    return await _read(ctx.db, board.guild_id, board.period, board.pack, page)


async def _read(
    db: Database, guild_id: int, period: str, pack: Pack | None, page: int
) -> LeaderboardPage:
    return await leaderboard.leaderboard(
        db,
        guild_id=guild_id,
        period_key=period,
        pack_id=pack.id if pack else None,
        offset=page * PAGE_SIZE,
        limit=PAGE_SIZE,
    )


async def _show_privately(
    interaction: discord.Interaction[Any],
    embed: discord.Embed,
    view: discord.ui.View,
    content: str | None = None,
) -> None:
    """In place on the member's own private copy; from the public message, a new private copy
    (so one member's paging never changes what anyone else sees)."""
    message = interaction.message
    if message is not None and message.flags.ephemeral:
        await interaction.response.edit_message(content=content, embed=embed, view=view)
    else:
        await reply(interaction, content, embed=embed, view=view)


class PageButton(
    PersistentButton,
    pattern=re.compile(
        rf"{BOARD_PAGE}:(?P<direction>[pn{BROWSE}{FINAL}]):{BOARD}:(?P<page>[0-9]+)"
    ),
):
    def __init__(
        self, period: str, pack_key: str, direction: str, page: int, label: str = "·"
    ) -> None:
        self.period, self.pack_key, self.page = period, pack_key, page
        browse = direction in {BROWSE, FINAL}
        style = discord.ButtonStyle.primary if browse else discord.ButtonStyle.secondary
        super().__init__(f"{BOARD_PAGE}:{direction}:{period}:{pack_key}:{page}", label, style)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> PageButton:
        return cls(match["period"], match["pack"], match["direction"], int(match["page"]))

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        board = await _board_here(interaction, self.period, self.pack_key)
        shown = None if board is None else await _private_board(interaction, board, self.page)
        if shown is None:
            await refuse(interaction)
        else:
            await _show_privately(interaction, *shown)


class MeButton(PersistentButton, pattern=re.compile(rf"{BOARD_ME}:{BOARD}")):
    """Shows the clicking member, privately, the page holding their own row."""

    def __init__(self, period: str, pack_key: str, label: str = "·") -> None:
        self.period, self.pack_key = period, pack_key
        super().__init__(f"{BOARD_ME}:{period}:{pack_key}", label)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> MeButton:
        return cls(match["period"], match["pack"])

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        board = await _board_here(interaction, self.period, self.pack_key)
        if board is None:
            await refuse(interaction)
            return
        found = await leaderboard.member_rank(
            ctx_of(interaction).db,
            guild_id=board.guild_id,
            member_id=interaction.user.id,
            period_key=board.period,
            pack_id=board.pack.id if board.pack else None,
        )
        if found is None:
            await say(interaction, "leaderboard.not_ranked")
            return
        mine, place = found
        shown = await _private_board(interaction, board, page_holding(place, PAGE_SIZE))
        if shown is None:  # not reached: a member's place is on the board
            await refuse(interaction)
            return
        locale = interaction.locale.value
        text = tr(locale, "leaderboard.your_rank", rank=mine.rank, points=mine.points)
        await _show_privately(interaction, *shown, text)
