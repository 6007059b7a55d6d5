"""What a round's layouts are made of: one accented container, the question's picture, a text
beside its button, the question's title."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from discord import ui

from bot.app.kit.catalogue import tr
from bot.app.shelf.pictures import attachment_url
from bot.quiz.model import Difficulty, Question

Layout = ui.LayoutView
Item = ui.Item[Any]  # the persistent buttons are typed for View; they work in layouts alike
ACCENTS = {
    Difficulty.EASY: discord.Colour.green(),
    Difficulty.MEDIUM: discord.Colour.gold(),
    Difficulty.HARD: discord.Colour.red(),
}


def layout_of(accent: discord.Colour, items: Sequence[Item]) -> Layout:
    layout = Layout(timeout=None)  # every button is persistent (bot/app/kit/buttons.py)
    layout.add_item(ui.Container(*items, accent_colour=accent))
    return layout


def picture(question: Question, locale: str) -> list[Item]:
    """The question's picture below its prompt, from the file the message carries: the
    question's message and its reveal (an edit that keeps the file) both show it."""
    if question.image is None:
        return []
    image = question.image
    item = discord.MediaGalleryItem(attachment_url(image), description=image.alt.get(locale))
    return [ui.MediaGallery(item)]


def section(text: str, button: Item) -> Item:
    return ui.Section(ui.TextDisplay(text), accessory=button)


def question_title(locale: str, index: int, total: int) -> str:
    return tr(locale, "round.question_title", number=index + 1, total=total)


def longest_first(texts: Sequence[str], candidates: Sequence[int]) -> list[int]:
    """The indices of ``candidates`` within ``texts``, longest text first: the long texts a
    pack may hold give up room before the short ones."""
    return sorted(candidates, key=lambda i: -len(texts[i]))
