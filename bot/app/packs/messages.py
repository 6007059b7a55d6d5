"""Replies about a server's own packs: an upload's preview and what became of it, and the
server's list."""

from __future__ import annotations

import discord

from bot.app.kit.catalogue import tr
from bot.app.kit.limits import echo, fit_text
from bot.app.kit.message_parts import BRAND
from bot.app.kit.recall_texts import accepted_text
from bot.app.shelf.outcomes import Checked, Uploaded
from bot.quiz.model import OPTION_LETTERS, Kind, Question
from bot.quiz.packs.server_packs import MAX_SERVER_PACKS, GuildPacks, shown_pack_id
from bot.quiz.reader.imports.formats import Format

SHOWN_PROBLEMS = 15
PREVIEW_QUESTIONS = 3
PREVIEW_ALT = 200  # of a picture's alt text in the preview (it may be 1000)
FORMAT_KEYS = {
    Format.YAML: "upload.format_yaml",
    Format.CSV: "upload.format_csv",
    Format.OPENTDB: "upload.format_opentdb",
    Format.GIFT: "upload.format_gift",
    Format.AIKEN: "upload.format_aiken",
    Format.TERMS: "upload.format_terms",
}


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


def checked_text(checked: Checked, locale: str) -> str | None:
    """Why a checked upload cannot be previewed (its problems, a refusal); None if it can."""
    if checked.imported is None or checked.refusal is not None:
        pack = None if checked.imported is None else checked.imported.pack
        return upload_text(Uploaded(pack, checked.problems, checked.refusal), locale)
    return None


def preview_embed(checked: Checked, file_name: str, locale: str, minutes: int) -> discord.Embed:
    """The first questions of what an upload makes, its counts, what was left out, and what
    confirming will do."""
    assert checked.imported is not None  # noqa: S101  # only a pack is previewed
    imported = checked.imported
    pack = imported.pack
    lines = [
        tr(
            locale,
            "upload.preview_read",
            file=echo(file_name),
            format=tr(locale, FORMAT_KEYS[imported.format]),
            questions=len(pack.questions),
            options=sum(len(question.options) for question in pack.questions),
        )
    ]
    pictured = _pictures_line(checked, locale)
    if pictured is not None:
        lines.append(pictured)
    if checked.replaces is not None:
        old = len(checked.replaces.questions)
        lines.append(tr(locale, "upload.preview_replaces", id=pack.id, questions=old))
    lines.append(tr(locale, "upload.preview_waits", minutes=minutes))
    embed = discord.Embed(
        title=tr(locale, "upload.preview_title", title=pack.title.get(locale), id=pack.id),
        description="\n\n".join(lines),
        colour=BRAND,
    )
    for number, question in enumerate(pack.questions[:PREVIEW_QUESTIONS], start=1):
        embed.add_field(
            name=f"{number}. {question.prompt.get(locale)}",
            value=_options_shown(question, locale),
            inline=False,
        )
    if imported.notes:
        shown = [str(note) for note in imported.notes[:SHOWN_PROBLEMS]]
        more = len(imported.notes) - len(shown)
        value = "```\n" + "\n".join(shown) + "\n```"
        if more:
            value += tr(locale, "serverpacks.more_problems", count=more)
        name = tr(locale, "upload.preview_left_out", count=len(imported.notes))
        embed.add_field(name=name, value=value, inline=False)
    return embed


def _pictures_line(checked: Checked, locale: str) -> str | None:
    """How many questions show a picture, and where their files come from; None without."""
    assert checked.imported is not None  # noqa: S101  # only a pack is previewed
    images = [q.image for q in checked.imported.pack.questions if q.image is not None]
    if not images:
        return None
    files = {image.file: image.digest for image in images}
    attached = sum(1 for digest in files.values() if digest in checked.pictures)
    return tr(
        locale,
        "upload.preview_pictures",
        questions=len(images),
        attached=attached,
        kept=len(files) - attached,
    )


def _options_shown(question: Question, locale: str) -> str:
    """Its options, the right ones marked; for a typed or number question, what it accepts."""
    lines = [
        f"{'✅' if option.correct else '▫️'} {OPTION_LETTERS[index]}. {option.text.get(locale)}"
        for index, option in enumerate(question.options)
    ]
    accepted = accepted_text(question, locale)
    if question.kind is Kind.TYPED:
        lines.append(f"✅ {tr(locale, 'answer.accepted', answers=accepted)}")
    elif question.kind is Kind.NUMBER:
        lines.append(f"✅ {tr(locale, 'answer.the_number', answer=accepted)}")
    if question.image is not None:
        alt = fit_text(question.image.alt.get(locale), PREVIEW_ALT)
        lines.append(tr(locale, "upload.preview_picture", file=question.image.file, alt=alt))
    return "\n".join(lines)
