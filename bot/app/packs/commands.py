"""`/quiz pack upload|export|list|remove|disable|enable`: a server's own packs, and the built-in
ones it turns off, for moderators; every reply private. `/quiz packs`: the packs offered here,
to all.

An upload attaches the pack file and up to five of the pictures its questions name (matched by
file name); a picture it names and does not attach is kept from the pack's current version."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.app.kit.catalogue import tr
from bot.app.kit.command_text import command_text as _
from bot.app.kit.context import ctx_of
from bot.app.kit.heavy_turns import refused_turn
from bot.app.kit.limits import echo
from bot.app.kit.message_parts import BRAND, difficulty_name, guide_line
from bot.app.kit.pack_choices import pack_choices, refused_inside_id
from bot.app.kit.permissions import moderated_guild
from bot.app.kit.quiz_group import QuizCommands
from bot.app.kit.replies import reply, say
from bot.app.packs.buttons import MINUTES, preview_buttons
from bot.app.packs.exports import exported
from bot.app.packs.messages import checked_text, pack_list_embed, preview_embed
from bot.app.packs.uploads import Upload, import_language, preview_upload
from bot.app.shelf.shelf import ServerView
from bot.quiz.model import Pack
from bot.quiz.packs.server_packs import (
    UPLOAD_PICTURES,
    guild_of,
    shown_pack_id,
    too_big,
    typed_pack,
)
from bot.quiz.reader.pictures import MAX_PICTURE_BYTES, size_problem

Picture = discord.Attachment | None
PICTURE_OPTIONS = {
    name: _(f"cmd.quiz.pack.upload.{name}.description")
    for name in (f"picture{n}" for n in range(1, UPLOAD_PICTURES + 1))
}


class PackGroup(
    app_commands.Group, name=_("cmd.quiz.pack.name"), description=_("cmd.quiz.pack.description")
):
    @app_commands.command(name="upload", description=_("cmd.quiz.pack.upload.description"))
    @app_commands.describe(file=_("cmd.quiz.pack.upload.file.description"), **PICTURE_OPTIONS)
    async def upload(  # noqa: PLR0917  # a slash command's options are its parameters
        self,
        interaction: discord.Interaction[Any],
        file: discord.Attachment,
        picture1: Picture = None,
        picture2: Picture = None,
        picture3: Picture = None,
        picture4: Picture = None,
        picture5: Picture = None,
    ) -> None:
        guild_id = await moderated_guild(interaction)
        if guild_id is None:
            return
        oversize = too_big(file.size)  # refused before fetching it
        if oversize is not None:
            await say(interaction, oversize.key, limit=oversize.limit)
            return
        pictures = [p for p in (picture1, picture2, picture3, picture4, picture5) if p is not None]
        if await _refused_picture(interaction, pictures):
            return
        ctx = ctx_of(interaction)
        wait_s = ctx.shelf.admit_upload(guild_id)  # also before fetching and checking it
        if wait_s:
            rate = ctx.shelf.rate
            await say(
                interaction,
                "serverpacks.too_often",
                limit=rate.limit,
                window=round(rate.window_s),
                seconds=wait_s,
            )
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        attached = {picture.filename: await picture.read() for picture in pictures}
        upload = Upload(guild_id, interaction.user.id, file.filename, await file.read(), attached)
        server_locale = None if interaction.guild_locale is None else interaction.guild_locale.value
        language = await import_language(ctx, guild_id, server_locale)
        preview = await preview_upload(ctx, upload, language)
        locale = interaction.locale.value
        refused = checked_text(preview.checked, locale)
        if refused is not None or preview.token is None:
            await reply(interaction, refused)
            return
        embed = preview_embed(preview.checked, file.filename, locale, MINUTES)
        await reply(interaction, embed=embed, view=preview_buttons(preview.token, locale))

    @app_commands.command(name="export", description=_("cmd.quiz.pack.export.description"))
    @app_commands.describe(pack=_("cmd.quiz.pack.export.pack.description"))
    async def export(self, interaction: discord.Interaction[Any], pack: str) -> None:
        guild_id = await moderated_guild(interaction)
        if guild_id is None or await refused_inside_id(interaction, pack):
            return
        found = typed_pack((await _view(interaction)).known, pack)
        if found is None:
            await say(interaction, "round.unknown_pack", pack=echo(pack))
            return
        shelf = ctx_of(interaction).shelf
        if await refused_turn(interaction, shelf.heavy, guild_id):
            return
        # Its pictures are read from the database, its YAML written in a worker process that
        # may be busy or starting: together they may outlast Discord's 3 s.
        await interaction.response.defer(ephemeral=True, thinking=True)
        export = await exported(shelf.pictures, shelf.heavy, found)
        await reply(interaction, export.text(interaction.locale.value), files=export.files())

    @app_commands.command(name="list", description=_("cmd.quiz.pack.list.description"))
    async def list_packs(self, interaction: discord.Interaction[Any]) -> None:
        guild_id = await moderated_guild(interaction)
        if guild_id is None:
            return
        view = await ctx_of(interaction).shelf.view(guild_id)
        await reply(interaction, embed=pack_list_embed(view.packs, interaction.locale.value))

    @app_commands.command(name="remove", description=_("cmd.quiz.pack.remove.description"))
    @app_commands.describe(pack=_("cmd.quiz.pack.remove.pack.description"))
    async def remove(self, interaction: discord.Interaction[Any], pack: str) -> None:
        guild_id = await moderated_guild(interaction)
        if guild_id is None or await refused_inside_id(interaction, pack):
            return
        removal = await ctx_of(interaction).shelf.remove(guild_id, pack)
        await say(interaction, f"serverpacks.{removal.value}", id=echo(pack))

    @app_commands.command(name="disable", description=_("cmd.quiz.pack.disable.description"))
    @app_commands.describe(pack=_("cmd.quiz.pack.disable.pack.description"))
    async def disable(self, interaction: discord.Interaction[Any], pack: str) -> None:
        await _switch(interaction, pack, disabled=True)

    @app_commands.command(name="enable", description=_("cmd.quiz.pack.enable.description"))
    @app_commands.describe(pack=_("cmd.quiz.pack.enable.pack.description"))
    async def enable(self, interaction: discord.Interaction[Any], pack: str) -> None:
        await _switch(interaction, pack, disabled=False)

    @export.autocomplete("pack")
    async def known_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        view = await _view(interaction)
        return pack_choices(view.known.packs.values(), interaction.locale.value, current)

    @remove.autocomplete("pack")
    async def own_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        view = await _view(interaction)
        return pack_choices(view.packs.own, interaction.locale.value, current)

    @disable.autocomplete("pack")
    async def enabled_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        view = await _view(interaction)
        return pack_choices(view.packs.builtins_on, interaction.locale.value, current)

    @enable.autocomplete("pack")
    async def disabled_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        view = await _view(interaction)
        return pack_choices(view.packs.builtins_off, interaction.locale.value, current)


async def _switch(interaction: discord.Interaction[Any], pack: str, *, disabled: bool) -> None:
    guild_id = await moderated_guild(interaction)
    if guild_id is None or await refused_inside_id(interaction, pack):
        return
    ctx = ctx_of(interaction)
    if typed_pack(ctx.shelf.builtins, pack) is None:
        await say(interaction, "serverpacks.not_builtin", id=echo(pack))
        return
    changed = await ctx.shelf.set_disabled(
        guild_id, pack, disabled=disabled, by=interaction.user.id, now=ctx.clock.now()
    )
    state = "disabled" if disabled else "enabled"
    await say(interaction, f"serverpacks.{state if changed else 'already_' + state}", id=pack)


async def _refused_picture(
    interaction: discord.Interaction[Any], pictures: list[discord.Attachment]
) -> bool:
    """Refuses an upload with a picture over the limit, as a pack over it: before fetching."""
    big = next((picture for picture in pictures if size_problem(picture.size)), None)
    if big is not None:
        limit = MAX_PICTURE_BYTES // 2**20
        await say(interaction, "serverpacks.picture_too_big", file=echo(big.filename), limit=limit)
    return big is not None


async def _view(interaction: discord.Interaction[Any]) -> ServerView:
    return await ctx_of(interaction).shelf.view(interaction.guild_id)


class PackListCommands(QuizCommands):
    """`/quiz packs`, beside the `/quiz pack` group in `/quiz`."""

    @app_commands.command(name="packs", description=_("cmd.quiz.packs.description"))
    async def packs(self, interaction: discord.Interaction[Any]) -> None:
        locale = interaction.locale.value
        offered = (await self.ctx.shelf.view(interaction.guild_id)).offered
        lines = [_pack_line(pack, locale) for pack in offered.packs.values()]
        embed = discord.Embed(
            title=tr(locale, "packs.title"),
            description="\n\n".join(lines) or tr(locale, "packs.empty"),
            colour=BRAND,
        )
        await reply(interaction, embed=embed)


def _pack_line(pack: Pack, locale: str) -> str:
    line = tr(
        locale,
        "packs.line",
        title=pack.title.get(locale),
        id=shown_pack_id(pack.id),
        difficulty=difficulty_name(pack.difficulty, locale),
        questions=len(pack.questions),
    )
    if guild_of(pack.id) is not None:
        line += f" · {tr(locale, 'serverpacks.own_mark')}"
    lines = [line, pack.summary.get(locale)]
    if pack.guide is not None:
        lines.append(guide_line(pack.guide, locale))
    return "\n".join(lines)
