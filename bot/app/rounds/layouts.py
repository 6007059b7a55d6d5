"""The public messages of a round as Components V2 layouts: one container per message, each
option's text in a section beside its own letter button.

The texts come from the same inputs as the embed renderers in ``round.py``, which stay for
messages posted before layouts (an embed message is edited as an embed); the start card and the
standings take their texts from those renderers, so both styles always say the same. Every
layout's text displays together fit Discord's 4,000 characters: the longest texts a pack may
hold give up room first.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import discord
from discord import ui

from bot.app.kit.catalogue import number, tr
from bot.app.kit.limits import fit_texts
from bot.app.kit.message_parts import BRAND, NEUTRAL, RIGHT, bar, letter, mention
from bot.app.kit.team_plans import teams_text
from bot.app.rounds.buttons import AnswerButton, WhyButton
from bot.app.rounds.embeds import counter_text, standings_embed, start_card, timer_text
from bot.app.rounds.layout_parts import (
    ACCENTS,
    Item,
    Layout,
    layout_of,
    longest_first,
    picture,
    question_title,
    section,
)
from bot.app.rounds.recall_layouts import recall_question, recall_reveal
from bot.app.rounds.teams import shares_text, standings_text
from bot.quiz.boards.standings import Standings
from bot.quiz.model import Difficulty, Pack, Question
from bot.quiz.rounds.pauses import PAUSE_LIMIT_REASON, pause_minutes
from bot.quiz.rounds.review_round import RoundMode
from bot.quiz.rounds.teams import TeamPlan, TeamStanding
from bot.storage.results import RoundView, Tally


def start_layout(
    pack: Pack,
    locale: str,
    *,
    questions: int,
    seconds: int,
    started_by: int,
    mode: RoundMode = RoundMode.NORMAL,
    ping_role: int | None = None,
    teams: TeamPlan | None = None,
) -> Layout:
    """The start card: the embed's title as a heading, its text below (with a team round's
    teams), and last the server's ping role if it has one (the one mention this message may
    notify: bot/app/kit/mentions.py)."""
    card = start_card(
        pack, locale, questions=questions, seconds=seconds, started_by=started_by, mode=mode
    )
    teams_line = [] if teams is None else ["", teams_text(teams, locale)]
    texts = [f"### {card.title}", "\n".join([card.description or "", *teams_line])]
    if ping_role is not None:
        texts.append(tr(locale, "round.ping", role=f"<@&{ping_role}>"))
    fitted = fit_texts(texts, [1, 0])  # the pack's texts give up room, never the ping
    return layout_of(ACCENTS[pack.difficulty], [ui.TextDisplay(text) for text in fitted])


def question_layout(
    question: Question,
    locale: str,
    *,
    round_id: int,
    index: int,
    total: int,
    difficulty: Difficulty,
    closes_at: datetime,
    answered: int,
    order: Sequence[int],
    paused_left_s: float | None = None,
) -> Layout:
    """Header with the closing time, the prompt, one section per option in the shown ``order``
    (the pack's option indices as this round shows them; letters follow it), the count. While
    the round is paused (``paused_left_s``), "Paused" and the time left instead of a countdown."""
    timer = timer_text(locale, closes_at, paused_left_s)
    header = f"### {question_title(locale, index, total)} · {timer}"
    counter = f"-# {counter_text(locale, answered, paused_left_s)}"
    if not question.single_choice:
        return recall_question(
            question,
            locale,
            texts=(header, counter),
            round_id=round_id,
            index=index,
            order=order,
            accent=ACCENTS[difficulty],
        )
    options = [question.options[option].text.get(locale) for option in order]
    texts = [header, question.prompt.get(locale), *options, counter]
    header, prompt, *options, counter = fit_texts(
        texts, longest_first(texts, range(1, len(texts) - 1))
    )
    sections = [
        section(text, AnswerButton(round_id, index, option, letter(place)))
        for place, (option, text) in enumerate(zip(order, options, strict=True))
    ]
    items: list[Item] = [ui.TextDisplay(header), ui.TextDisplay(prompt)]
    items += [*picture(question, locale), ui.Separator(), *sections, ui.TextDisplay(counter)]
    return layout_of(ACCENTS[difficulty], items)


def reveal_layout(
    question: Question,
    locale: str,
    *,
    round_id: int,
    index: int,
    total: int,
    tally: Tally,
    order: Sequence[int],
    teams: TeamPlan | None = None,
) -> Layout:
    """The question closed, its options in the shown ``order``: the right one marked, how
    members answered (in a team round, each team's share right too), the explanation, the
    fastest correct, and the private "why" button. Neutral when nobody answered."""
    header = f"### {question_title(locale, index, total)} · {tr(locale, 'round.closed')}"
    fastest = " · ".join(
        tr(locale, "round.fastest_entry", member=mention(a.member_id), seconds=a.response_ms / 1000)
        for a in tally.fastest
    )
    shares = shares_text(teams, tally.teams, locale)
    closing = [
        *([] if tally.answered else [tr(locale, "round.no_answers")]),
        question.explanation.get(locale),
        f"**{tr(locale, 'round.fastest')}**: {fastest or tr(locale, 'round.nobody_right')}",
        *([shares] if shares else []),
    ]
    if not question.single_choice:
        return recall_reveal(
            question,
            locale,
            texts=(header, "\n\n".join(closing)),
            tally=tally,
            round_id=round_id,
            index=index,
            order=order,
        )
    options = [
        _revealed_option(question.options[option].text.get(locale), option, tally, locale)
        for option in order
    ]
    texts = [header, question.prompt.get(locale), *options, "\n\n".join(closing)]
    give_up = longest_first(texts, [len(texts) - 1, 1, *range(2, len(texts) - 1)])
    header, prompt, *options, closing_text = fit_texts(texts, give_up)
    items: list[Item] = [ui.TextDisplay(header), ui.TextDisplay(prompt)]
    items += [*picture(question, locale), ui.Separator()]
    items += [
        section(text, _revealed_button(round_id, index, option, letter(place), tally))
        for place, (option, text) in enumerate(zip(order, options, strict=True))
    ]
    why = WhyButton(round_id, index, tr(locale, "round.why_button"))
    items += [ui.Separator(), ui.TextDisplay(closing_text), ui.ActionRow(why)]
    return layout_of(RIGHT if tally.answered else NEUTRAL, items)


def standings_layout(
    round_id: int,
    title: str,
    standings: Standings,
    locale: str,
    *,
    stopped: bool,
    why: str | None = None,
    teams: tuple[TeamPlan, Sequence[TeamStanding]] | None = None,
) -> Layout:
    """The standings: the embed's title as a heading, why the round ended if it ended by
    itself, a team round's teams ranked, the embed's lines below, the review button."""
    from bot.app.review.buttons import MissedButton  # noqa: PLC0415  # import cycle

    board = standings_embed(title, standings, locale, stopped=stopped)
    footer = (board.footer.text or "").splitlines()
    heading = f"### {board.title}" + (f"\n{why}" if why else "")
    if teams is not None:  # the teams first, as the round was played for them
        heading += "\n\n" + standings_text(*teams, locale)
        footer.append(tr(locale, "teams.rule"))
    small = "\n".join(f"-# {line}" for line in footer)  # subtext
    texts = [heading, board.description or "", *([small] if small else [])]
    heading, body, *below = fit_texts(texts, [1, 2, 0][: len(texts)])
    missed = MissedButton(round_id, tr(locale, "round.review_missed_button"))
    items: list[Item] = [ui.TextDisplay(heading), ui.TextDisplay(body)]
    items += [ui.TextDisplay(text) for text in below]
    accent = board.colour or BRAND  # neutral when nobody played, as the embed
    return layout_of(discord.Colour(accent.value), [*items, ui.ActionRow(missed)])


def why_it_ended(view: RoundView, locale: str) -> str | None:
    """What the standings say of a round that ended by itself, paused past its limit."""
    paused_at, paused_until = view.paused_at, view.paused_until
    if view.end_reason != PAUSE_LIMIT_REASON or paused_at is None or paused_until is None:
        return None
    minutes = pause_minutes(paused_at, paused_until)
    return tr(locale, "round.paused_too_long", minutes=minutes)


def _revealed_option(text: str, option: int, tally: Tally, locale: str) -> str:
    mark = " ✅" if option == tally.correct_index else ""
    if not tally.answered:
        return text + mark
    count = tally.counts[option]
    return f"{text}\n`{bar(count, tally.answered)}` {number(locale, count)}{mark}"


def _revealed_button(
    round_id: int, index: int, option: int, label: str, tally: Tally
) -> AnswerButton:
    right = option == tally.correct_index
    style = discord.ButtonStyle.success if right else discord.ButtonStyle.secondary
    return AnswerButton(round_id, index, option, label, style=style, disabled=True)
