"""Discord's size limits, and the one place that fits outgoing text to them.

A text over a limit gets Discord's 400 (50035) and the member gets nothing useful, so every
outgoing message passes through here: ``replies.reply`` fits content and embeds, the render
functions fit the embeds they build (the conductor sends those as they are), and persistent
buttons fit their labels. A cut text ends in an ellipsis.

The limits are Discord's (developer docs, "Embed Limits"; ``maxLength`` in its OpenAPI spec).
Discord says "characters"; we count UTF-16 code units, which are never fewer than code points,
so a text that fits by our count fits whichever of the two Discord counts, and a cut can never
fall inside a surrogate pair.
"""

from __future__ import annotations

import copy
import re
from typing import Any

import discord

CONTENT = 2000
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER_TEXT = 2048
AUTHOR_NAME = 256
EMBED_FIELDS = 25
EMBED_TOTAL = 6000  # all embeds of a message together; the bot sends one embed per message
BUTTON_LABEL = 80
# A modal: its title, a Label's text and description, a text input's placeholder and most
# characters, a checkbox or select option's label.
MODAL_TITLE, LABEL, DESCRIPTION, PLACEHOLDER, OPTION_LABEL = 45, 45, 100, 100, 100
TEXT_INPUT_MAX = 4000
# Components V2 (flag IS_COMPONENTS_V2): every component counts, nested ones too, and the text
# of all text displays together is capped; a V2 message has no content and no embeds.
LAYOUT_COMPONENTS = 40
LAYOUT_TEXT_TOTAL = 4000
ECHO = 100  # what a member typed, shown back inside a sentence, should never dominate it

ELLIPSIS = "…"
LAST_BMP = 0xFFFF
# How far back from the limit a cut may move to end at a line or word rather than mid-word.
BOUNDARY_SHARE = 5
# `<@id>`, `<#id>`, `<@&id>`, `<t:stamp:R>`, `<a:name:id>`: a cut must not leave half of one.
LONGEST_TOKEN = 64
_FENCED = re.compile(r"```.*?```", re.DOTALL)
_CODE_SPAN = re.compile(r"`[^`]*`")
_PAIRED = ("**", "__", "~~", "||")  # single * and _ are left alone: lists and snake_case use them


def length(text: str) -> int:
    """The text's length in UTF-16 code units (see the module docstring for why)."""
    return sum(_units(char) for char in text)


def fit_text(text: str, limit: int) -> str:
    """``text`` if it fits in ``limit``, else its start, an ellipsis and any markdown it left
    open (``**``, ``__``, ``~~``, ``||``, code spans and fences) closed again."""
    if limit < length(ELLIPSIS):
        raise ValueError(f"no text fits in {limit} characters with an ellipsis")
    if length(text) <= limit:
        return text
    budget = limit - length(ELLIPSIS)
    while True:  # ends: each pass shrinks the budget, and an empty start needs no closing
        kept = _cut(text, budget)
        closing = _closing_markers(kept)
        if length(kept) + length(ELLIPSIS) + length(closing) <= limit:
            return kept + ELLIPSIS + closing
        budget -= length(closing)


def fit_content(content: str | None) -> str | None:
    return None if content is None else fit_text(content, CONTENT)


def echo(typed: str) -> str:
    """What a member typed, to show inside one of our sentences: short, and shown literally."""
    return discord.utils.escape_markdown(fit_text(typed, ECHO))


def fit_embed(embed: discord.Embed, total: int = EMBED_TOTAL) -> discord.Embed:
    """A copy of ``embed`` whose every part, field count and total fit Discord's limits.

    Over the total, the description gives up room first, then field values (the last field
    first), the footer, field names, the author and the title.
    """
    data: dict[str, Any] = copy.deepcopy(dict(embed.to_dict()))  # to_dict shares its parts
    if "fields" in data:
        data["fields"] = data["fields"][:EMBED_FIELDS]
    slots = _slots(data)
    for holder, key, limit in slots:
        holder[key] = fit_text(holder[key], limit)
    excess = sum(length(holder[key]) for holder, key, _ in slots) - total
    for holder, key, _ in slots:
        if excess <= 0:
            break
        before = length(holder[key])
        holder[key] = fit_text(holder[key], max(length(ELLIPSIS), before - excess))
        excess -= before - length(holder[key])
    return discord.Embed.from_dict(data)


def fit_texts(texts: list[str], give_up: list[int], total: int = LAYOUT_TEXT_TOTAL) -> list[str]:
    """``texts`` cut to fit ``total`` together; the texts at the indices in ``give_up`` give up
    room, the first first (a V2 message's text displays share one total)."""
    fitted = [fit_text(text, total) for text in texts]
    excess = sum(length(text) for text in fitted) - total
    for index in give_up:
        if excess <= 0:
            break
        before = length(fitted[index])
        fitted[index] = fit_text(fitted[index], max(length(ELLIPSIS), before - excess))
        excess -= before - length(fitted[index])
    return fitted


def embed_length(embed: discord.Embed) -> int:
    """The characters of an embed that count towards Discord's total."""
    data: dict[str, Any] = dict(embed.to_dict())
    return sum(length(holder[key]) for holder, key, _ in _slots(data))


def _slots(data: dict[str, Any]) -> list[tuple[dict[str, Any], str, int]]:
    """Every text of an embed with its limit, in the order they give up room."""
    fields: list[dict[str, Any]] = list(reversed(data.get("fields") or []))
    footer: dict[str, Any] = data.get("footer") or {}
    author: dict[str, Any] = data.get("author") or {}
    candidates = [
        (data, "description", EMBED_DESCRIPTION),
        *((field, "value", FIELD_VALUE) for field in fields),
        (footer, "text", FOOTER_TEXT),
        *((field, "name", FIELD_NAME) for field in fields),
        (author, "name", AUTHOR_NAME),
        (data, "title", EMBED_TITLE),
    ]
    return [(h, k, lim) for h, k, lim in candidates if isinstance(h.get(k), str)]


def _cut(text: str, budget: int) -> str:
    """The start of ``text`` within ``budget``, ending at a line or word if one is near."""
    kept = _prefix(text, budget)
    if kept == text:
        return kept
    opening = kept.rfind("<")
    if opening > kept.rfind(">") and len(kept) - opening <= LONGEST_TOKEN:
        kept = kept[:opening]
    at_boundary = kept[-1:].isspace() or text[len(kept) : len(kept) + 1].isspace()
    if not at_boundary:
        earliest = len(kept) - len(kept) // BOUNDARY_SHARE
        line, space = kept.rfind("\n", earliest), kept.rfind(" ", earliest)
        end = line if line > 0 else space  # a whole line, else a whole word
        if end > 0:
            kept = kept[:end]
    return kept.rstrip().rstrip("*_~|`\\").rstrip()  # no half marker, no trailing space


def _prefix(text: str, budget: int) -> str:
    units = 0
    for index, char in enumerate(text):
        units += _units(char)
        if units > budget:
            return text[:index]
    return text


def _units(char: str) -> int:
    """1, or 2 for a character outside the Basic Multilingual Plane (a surrogate pair)."""
    return 1 if ord(char) <= LAST_BMP else 2


def _closing_markers(kept: str) -> str:
    """What closes the markdown ``kept`` leaves open, innermost first."""
    text = _FENCED.sub("", kept)
    if "```" in text:
        return "\n```"
    text = _CODE_SPAN.sub("", text)
    closing = ""
    if "`" in text:
        closing = "`"
        text = text.split("`", 1)[0]  # markers inside the open code span are literal
    unclosed = sorted(
        ((text.rfind(marker), marker) for marker in _PAIRED if text.count(marker) % 2),
        reverse=True,
    )
    return closing + "".join(marker for _, marker in unclosed)
