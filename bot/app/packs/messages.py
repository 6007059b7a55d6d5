"""Replies about a server's own packs: what became of an upload, and the server's list."""

from __future__ import annotations

import discord

from bot.app.kit.catalogue import tr
from bot.app.kit.limits import echo
from bot.app.kit.message_parts import BRAND
from bot.app.kit.server_views import Uploaded
from bot.quiz.server_packs import MAX_SERVER_PACKS, GuildPacks, shown_pack_id

SHOWN_PROBLEMS = 15


def upload_text(outcome: Uploaded, locale: str) -> str:
    if outcome.problems:
        shown = [str(problem) for problem in outcome.problems[:SHOWN_PROBLEMS]]
        hidden = len(outcome.problems) - len(shown)
        if hidden:
            shown.append(tr(locale, "serverpacks.more_problems", count=hidden))
        heading = tr(locale, "serverpacks.invalid", count=len(outcome.problems))
        return heading + "\n```\n" + "\n".join(shown) + "\n```"
    pack = outcome.pack
    if outcome.refusal is not None:
        named = echo(shown_pack_id(pack.id)) if pack is not None else ""
        return tr(locale, outcome.refusal.key, limit=outcome.refusal.limit, id=named)
    assert pack is not None  # noqa: S101  # neither problems nor a refusal: it was stored
    pack_id = echo(shown_pack_id(pack.id))
    key = "serverpacks.replaced" if outcome.replaced else "serverpacks.stored"
    return tr(locale, key, title=pack.title.get(locale), id=pack_id, questions=len(pack.questions))


def pack_list_embed(packs: GuildPacks, locale: str) -> discord.Embed:
    embed = discord.Embed(title=tr(locale, "serverpacks.list_title"), colour=BRAND)
    own = [
        tr(
            locale,
            "serverpacks.list_line",
            title=pack.title.get(locale),
            id=shown_pack_id(pack.id),
            questions=len(pack.questions),
            file=pack.source,
        )
        for pack in packs.own
    ]
    embed.add_field(
        name=tr(locale, "serverpacks.list_own", count=len(own), limit=MAX_SERVER_PACKS),
        value="\n".join(own) or tr(locale, "serverpacks.list_none"),
        inline=False,
    )
    embed.add_field(
        name=tr(locale, "serverpacks.list_disabled"),
        value=", ".join(f"`{pack_id}`" for pack_id in sorted(packs.disabled))
        or tr(locale, "serverpacks.list_no_disabled"),
        inline=False,
    )
    return embed
