"""`/quiz question add|edit|remove` and `/quiz pack new`: a server's own packs written question by
question in Discord's forms, by moderators; every reply private."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.app.authoring import desk, suggestion_desk
from bot.app.authoring.buttons import show
from bot.app.authoring.desk import Purpose
from bot.app.authoring.messages import removal_reply
from bot.app.authoring.modals import StepModal
from bot.app.authoring.suggestion_buttons import queue_view
from bot.app.kit.command_text import command_text as _
from bot.app.kit.context import ctx_of
from bot.app.kit.limits import echo
from bot.app.kit.pack_choices import MAX_CHOICES, MAX_NAME, pack_choices, refused_inside_id
from bot.app.kit.permissions import moderated_guild
from bot.app.kit.replies import reply, say
from bot.quiz.authoring.question_form import KIND, FormKind, question_values
from bot.quiz.authoring.suggestions import PER_MEMBER
from bot.quiz.model import Difficulty, Pack, Question
from bot.quiz.packs.server_packs import MAX_SERVER_PACKS, guild_of, shown_pack_id, typed_pack
from bot.quiz.reader.loader import slug_problem
from bot.storage.authoring.question_forms import QuestionFormRecord

LANGUAGES = [
    app_commands.Choice(name=_("choice.english"), value="en"),
    app_commands.Choice(name=_("choice.greek"), value="el"),
    app_commands.Choice(name=_("choice.english_greek"), value="en el"),
    app_commands.Choice(name=_("choice.greek_english"), value="el en"),
]
SUGGEST_REFUSALS = ("suggest.builtin", "suggest.not_own")  # a built-in pack; no pack of the id
# The kind of question a form makes; a choice (one right option) unless the command says.
KINDS = [
    app_commands.Choice(name=_("choice.kind_choice"), value=FormKind.CHOICE.value),
    app_commands.Choice(name=_("choice.kind_all"), value=FormKind.ALL.value),
    app_commands.Choice(name=_("choice.kind_typed"), value=FormKind.TYPED.value),
    app_commands.Choice(name=_("choice.kind_number"), value=FormKind.NUMBER.value),
]
DIFFICULTIES = [
    app_commands.Choice(name=_("choice.easy"), value=Difficulty.EASY.value),
    app_commands.Choice(name=_("choice.medium"), value=Difficulty.MEDIUM.value),
    app_commands.Choice(name=_("choice.hard"), value=Difficulty.HARD.value),
]


class QuestionGroup(
    app_commands.Group,
    name=_("cmd.quiz.question.name"),
    description=_("cmd.quiz.question.description"),
):
    @app_commands.command(name="add", description=_("cmd.quiz.question.add.description"))
    @app_commands.describe(
        pack=_("cmd.quiz.question.add.pack.description"),
        kind=_("cmd.quiz.question.add.kind.description"),
    )
    @app_commands.choices(kind=KINDS)
    async def add(
        self,
        interaction: discord.Interaction[Any],
        pack: str,
        kind: app_commands.Choice[str] | None = None,
    ) -> None:
        found = await _own_pack(interaction, pack)
        if found is not None:
            await _open(interaction, _record(interaction, Purpose.ADD, found, _kind(kind)))

    @app_commands.command(name="edit", description=_("cmd.quiz.question.edit.description"))
    @app_commands.describe(
        pack=_("cmd.quiz.question.edit.pack.description"),
        question=_("cmd.quiz.question.edit.question.description"),
    )
    async def edit(self, interaction: discord.Interaction[Any], pack: str, question: str) -> None:
        picked = await _own_question(interaction, pack, question)
        if picked is None:
            return
        found, chosen = picked
        values = question_values(chosen, found.locales)
        form = _record(interaction, Purpose.EDIT, found, values, question_id=chosen.id)
        await _open(interaction, form)

    @app_commands.command(name="remove", description=_("cmd.quiz.question.remove.description"))
    @app_commands.describe(
        pack=_("cmd.quiz.question.remove.pack.description"),
        question=_("cmd.quiz.question.remove.question.description"),
    )
    async def remove(self, interaction: discord.Interaction[Any], pack: str, question: str) -> None:
        picked = await _own_question(interaction, pack, question)
        if picked is None:
            return
        found, chosen = picked
        record = _record(interaction, Purpose.REMOVE, found, {}, question_id=chosen.id)
        form = await desk.open_form(ctx_of(interaction), record)
        reader = interaction.locale.value
        await show(interaction, removal_reply(form, chosen.prompt.get(reader), reader), form.token)

    @app_commands.command(name="suggest", description=_("cmd.quiz.question.suggest.description"))
    @app_commands.describe(
        pack=_("cmd.quiz.question.suggest.pack.description"),
        kind=_("cmd.quiz.question.suggest.kind.description"),
    )
    @app_commands.choices(kind=KINDS)
    async def suggest(
        self,
        interaction: discord.Interaction[Any],
        pack: str,
        kind: app_commands.Choice[str] | None = None,
    ) -> None:
        """Everyone: a question for the moderators to approve, in the same form."""
        found = await _own_pack(interaction, pack, moderators_only=False)
        if found is None or interaction.guild_id is None:
            return
        ctx = ctx_of(interaction)
        refusal = await suggestion_desk.refusal(ctx, interaction.guild_id, interaction.user.id)
        if refusal is not None:
            await say(interaction, refusal, limit=PER_MEMBER)
            return
        await _open(interaction, _record(interaction, Purpose.SUGGEST, found, _kind(kind)))

    @app_commands.command(name="queue", description=_("cmd.quiz.question.queue.description"))
    async def queue(self, interaction: discord.Interaction[Any]) -> None:
        """Moderators: the suggestions waiting, oldest first, one at a time."""
        if await moderated_guild(interaction) is None:
            return
        content, embed, view = await queue_view(interaction)
        await reply(interaction, content, embed=embed, view=view)

    @add.autocomplete("pack")
    @edit.autocomplete("pack")
    @remove.autocomplete("pack")
    @suggest.autocomplete("pack")
    async def own_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        view = await ctx_of(interaction).shelf.view(interaction.guild_id)
        return pack_choices(view.packs.own, interaction.locale.value, current)

    @edit.autocomplete("question")
    @remove.autocomplete("question")
    async def question_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        view = await ctx_of(interaction).shelf.view(interaction.guild_id)
        typed = getattr(interaction.namespace, "pack", None)
        pack = typed_pack(view.packs.offered, typed) if isinstance(typed, str) else None
        if pack is None or guild_of(pack.id) is None:
            return []
        locale, wanted = interaction.locale.value, current.casefold()
        return [
            app_commands.Choice(name=q.prompt.get(locale)[:MAX_NAME], value=q.id)
            for q in pack.questions
            if wanted in q.id or wanted in q.prompt.get(locale).casefold()
        ][:MAX_CHOICES]


@app_commands.command(name="new", description=_("cmd.quiz.pack.new.description"))
@app_commands.rename(pack_id=_("cmd.quiz.pack.new.id.name"))
@app_commands.describe(
    pack_id=_("cmd.quiz.pack.new.id.description"),
    title=_("cmd.quiz.pack.new.title.description"),
    languages=_("cmd.quiz.pack.new.languages.description"),
    difficulty=_("cmd.quiz.pack.new.difficulty.description"),
    kind=_("cmd.quiz.pack.new.kind.description"),
)
@app_commands.choices(languages=LANGUAGES, difficulty=DIFFICULTIES, kind=KINDS)
async def new_pack(  # noqa: PLR0917  # one parameter per option, as Discord sends them
    interaction: discord.Interaction[Any],
    pack_id: app_commands.Range[str, 1, 40],
    title: app_commands.Range[str, 1, 100],
    languages: app_commands.Choice[str] | None = None,
    difficulty: app_commands.Choice[str] | None = None,
    kind: app_commands.Choice[str] | None = None,
) -> None:
    """Begins a pack with its details and first question; it is stored once that is saved."""
    if await moderated_guild(interaction) is None or await refused_inside_id(interaction, pack_id):
        return
    ctx = ctx_of(interaction)
    view = await ctx.shelf.view(interaction.guild_id)
    refusal = _new_id_refusal(pack_id, view.packs.own, ctx.shelf.builtins.get(pack_id))
    if refusal is not None:
        await say(interaction, refusal, id=echo(pack_id), limit=MAX_SERVER_PACKS)
        return
    locales = tuple((languages.value if languages else _server_language(interaction)).split())
    record = QuestionFormRecord(
        guild_id=interaction.guild_id or 0,
        member_id=interaction.user.id,
        purpose=Purpose.NEW.value,
        pack_id=pack_id,
        locales=locales,
        fields={f"title.{locales[0]}": title.strip(), **_kind(kind)},
        difficulty=(difficulty.value if difficulty else Difficulty.MEDIUM.value),
    )
    await _open(interaction, record)


def _kind(chosen: app_commands.Choice[str] | None) -> dict[str, str]:
    """The form's kind of question, as its first value."""
    return {KIND: chosen.value if chosen is not None else FormKind.CHOICE.value}


def _new_id_refusal(pack_id: str, own: tuple[Pack, ...], builtin: Pack | None) -> str | None:
    if slug_problem(pack_id) is not None:
        return "forms.bad_id"
    if builtin is not None:
        return "serverpacks.shadows_builtin"
    if any(shown_pack_id(pack.id) == pack_id for pack in own):
        return "forms.pack_exists"
    if len(own) >= MAX_SERVER_PACKS:
        return "serverpacks.too_many"
    return None


def _server_language(interaction: discord.Interaction[Any]) -> str:
    locale = interaction.guild_locale.value if interaction.guild_locale else "en"
    return "el" if locale.startswith("el") else "en"


async def _own_pack(
    interaction: discord.Interaction[Any], typed: str, *, moderators_only: bool = True
) -> Pack | None:
    """The server's own pack the member typed; None, once they are told why not."""
    if moderators_only and await moderated_guild(interaction) is None:
        return None
    if interaction.guild_id is None or await refused_inside_id(interaction, typed):
        return None
    view = await ctx_of(interaction).shelf.view(interaction.guild_id)
    pack = typed_pack(view.packs.offered, typed)
    if pack is None or guild_of(pack.id) is None:
        keys = ("forms.builtin", "forms.not_own") if moderators_only else SUGGEST_REFUSALS
        await say(interaction, keys[0] if pack is not None else keys[1], id=echo(typed))
        return None
    return pack


async def _own_question(
    interaction: discord.Interaction[Any], typed_pack_id: str, typed: str
) -> tuple[Pack, Question] | None:
    """The server's own pack and its question, once both are found; else the member is told."""
    pack = await _own_pack(interaction, typed_pack_id)
    if pack is None:
        return None
    question = pack.question(typed)
    if question is None:
        await say(interaction, "forms.no_question", id=echo(typed), pack=shown_pack_id(pack.id))
        return None
    return pack, question


def _record(
    interaction: discord.Interaction[Any],
    purpose: Purpose,
    pack: Pack,
    fields: dict[str, str],
    question_id: str | None = None,
) -> QuestionFormRecord:
    return QuestionFormRecord(
        guild_id=interaction.guild_id or 0,
        member_id=interaction.user.id,
        purpose=purpose.value,
        pack_id=shown_pack_id(pack.id),
        locales=pack.locales,
        fields=fields,
        question_id=question_id,
    )


async def _open(interaction: discord.Interaction[Any], record: QuestionFormRecord) -> None:
    """Stores the form and opens its first step's modal, filled in with what it holds."""
    form = await desk.open_form(ctx_of(interaction), record)
    step = desk.first_step(form)
    modal = StepModal(form.token, step, form.locales, form.fields, interaction.locale.value)
    await interaction.response.send_modal(modal)
