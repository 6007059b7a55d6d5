"""The layouts of a question answered from memory: its options (for all that apply) as text
with their letters, and one button that opens the modal; then its reveal, with the accepted
answers or the right options, the share right and the common wrong answers."""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord import ui

from bot.app.kit.answer_forms import button_key, invite_key
from bot.app.kit.catalogue import number, tr
from bot.app.kit.limits import fit_texts
from bot.app.kit.message_parts import NEUTRAL, RIGHT, bar, letter
from bot.app.kit.recall_texts import reveal_lines
from bot.app.rounds.buttons import WhyButton
from bot.app.rounds.layout_parts import Item, Layout, layout_of, longest_first, picture
from bot.app.rounds.recall_buttons import AnswerFormButton
from bot.quiz.model import Kind, Question
from bot.storage.results import Tally


def recall_question(
    question: Question,
    locale: str,
    *,
    texts: tuple[str, str],
    round_id: int,
    index: int,
    order: Sequence[int],
    accent: discord.Colour,
) -> Layout:
    """The question open: ``texts`` are its header and count, as every question shows them."""
    header, counter = texts
    options = [_option_line(question, option, place, locale) for place, option in enumerate(order)]
    invite = tr(locale, invite_key(question))
    shown = [header, question.prompt.get(locale), *options, invite, counter]
    fitted = fit_texts(shown, longest_first(shown, range(1, len(shown) - 2)))
    button = AnswerFormButton(round_id, index, tr(locale, button_key(question)))
    items: list[Item] = [ui.TextDisplay(fitted[0]), ui.TextDisplay(fitted[1])]
    items += [*picture(question, locale), ui.Separator()]
    items += [ui.TextDisplay(text) for text in fitted[2:-1]]
    items += [ui.ActionRow(button), ui.TextDisplay(fitted[-1])]
    return layout_of(accent, items)


def recall_reveal(
    question: Question,
    locale: str,
    *,
    texts: tuple[str, str],
    tally: Tally,
    round_id: int,
    index: int,
    order: Sequence[int],
) -> Layout:
    """The question closed: ``texts`` are its header and its closing text (the explanation,
    the fastest, the teams), as every reveal shows them."""
    header, closing = texts
    if question.kind is Kind.CHOICE:
        body = [
            _revealed_line(question, option, place, tally, locale)
            for place, option in enumerate(order)
        ]
        if tally.answered:
            body.append(
                tr(locale, "answer.right_share", right=tally.right, answered=tally.answered)
            )
    else:
        body = reveal_lines(question, tally, locale)
    shown = [header, question.prompt.get(locale), "\n".join(body), closing]
    fitted = fit_texts(shown, longest_first(shown, [3, 1, 2]))
    why = WhyButton(round_id, index, tr(locale, "round.why_button"))
    items: list[Item] = [ui.TextDisplay(fitted[0]), ui.TextDisplay(fitted[1])]
    items += [*picture(question, locale), ui.Separator(), ui.TextDisplay(fitted[2])]
    items += [ui.Separator(), ui.TextDisplay(fitted[3]), ui.ActionRow(why)]
    return layout_of(RIGHT if tally.answered else NEUTRAL, items)


def _option_line(question: Question, option: int, place: int, locale: str) -> str:
    return f"**{letter(place)}** · {question.options[option].text.get(locale)}"


def _revealed_line(question: Question, option: int, place: int, tally: Tally, locale: str) -> str:
    text = _option_line(question, option, place, locale)
    mark = " ✅" if question.options[option].correct else ""
    if not tally.answered:
        return text + mark
    count = tally.counts[option] if option < len(tally.counts) else 0
    return f"{text}\n`{bar(count, tally.answered)}` {number(locale, count)}{mark}"
