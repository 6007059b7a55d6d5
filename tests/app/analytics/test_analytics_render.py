"""The `/quiz analytics` embed: a pack of the largest size the loader allows fits Discord, worst
question first, with "and N more"; an undefined index shows "–" and the footnote its minimum."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from bot.app.analytics.embed import NO_INDEX, analytics_embed
from bot.app.kit import limits
from bot.app.kit.catalogue import tr
from bot.quiz.analytics.items import MAX_ANALYSED_ANSWERS, AnswerRecord, analyse
from bot.quiz.model import Difficulty, Option, Pack, Question, Text
from bot.quiz.reader.loader import LIMITS, MAX_OPTIONS, MAX_QUESTIONS

LONGEST_ID = "q" * 40


def both(value: str) -> Text:
    return Text.of({"en": value, "el": value}, "en")


def largest_pack() -> Pack:
    """MAX_QUESTIONS questions with the longest ids, titles and prompts (with markdown)."""
    prompt = "**Bold** `code` Η προσοχή " * (LIMITS["prompt"] // 26)
    questions = tuple(
        Question(
            id=f"{index:03d}-{LONGEST_ID}"[:40],
            prompt=both(prompt[: LIMITS["prompt"]]),
            options=tuple(
                Option(both("o" * LIMITS["option"]), correct=o == 0) for o in range(MAX_OPTIONS)
            ),
            explanation=both("Because."),
        )
        for index in range(MAX_QUESTIONS)
    )
    return Pack(
        id="p" * 40,
        locales=("en", "el"),
        title=both("T" * LIMITS["title"]),
        summary=both("S"),
        difficulty=Difficulty.HARD,
        questions=questions,
    )


def answers_to_every_question(pack: Pack, members: int) -> list[AnswerRecord]:
    """Member m is right on question q when (m + q) % 3 != 0: every share right is near 2/3."""
    return [
        AnswerRecord(member, question.id, 0 if (member + q) % 3 else 4, bool((member + q) % 3), 999)
        for member in range(members)
        for q, question in enumerate(pack.questions)
    ]


@pytest.mark.parametrize("locale", ["en-US", "el"])
def test_the_largest_pack_fits_one_embed_with_and_n_more(locale: str) -> None:
    pack = largest_pack()
    report = analyse([q.id for q in pack.questions], answers_to_every_question(pack, 12))
    embed = analytics_embed(pack, report, locale)
    description = embed.description or ""
    assert limits.embed_length(embed) <= limits.EMBED_TOTAL
    assert limits.length(description) <= limits.EMBED_DESCRIPTION
    shown = re.findall(r"^\*\*(\d+)\.\*\* `([^`]+)`", description, flags=re.MULTILINE)
    assert shown, description
    assert [int(rank) for rank, _ in shown] == list(range(1, len(shown) + 1))
    assert [question_id for _, question_id in shown] == [
        item.question_id for item in report.items[: len(shown)]
    ]  # worst first
    more = tr(locale, "analytics.more", count=MAX_QUESTIONS - len(shown))
    assert description.endswith(more)
    last_shown = description.removesuffix(more).rstrip().splitlines()[-1]
    # A whole question's figures, ending in the unit of the mean time: nothing was cut mid-line.
    assert last_shown.endswith(" s" if locale == "en-US" else " δευτ.")


def test_an_undefined_index_shows_a_dash_and_the_footnote_the_minimum() -> None:
    pack = largest_pack()
    first = pack.questions[0].id
    everyone_right = [AnswerRecord(m, first, 0, correct=True, response_ms=1500) for m in range(3)]
    report = analyse([q.id for q in pack.questions], everyone_right, min_members=7)
    embed = analytics_embed(pack, report, "en-US")
    description = embed.description or ""
    assert f"`{first}` · discrimination **{NO_INDEX}**" in description
    assert "answers 3 · right 100% · no wrong answers · time: median 1.5 s, mean 1.5 s" in (
        description
    )
    assert description.endswith(tr("en-US", "analytics.unanswered", count=MAX_QUESTIONS - 1))
    assert embed.footer.text is not None
    assert "fewer than 7 members" in embed.footer.text
    assert "fewer than 7 members" not in tr("el", "analytics.footer", min=7)
    assert "λιγότερα από 7 μέλη" in tr("el", "analytics.footer", min=7)


def test_no_answers_says_so() -> None:
    pack = largest_pack()
    report = analyse([q.id for q in pack.questions], [])
    embed = analytics_embed(pack, report, "el")
    assert embed.description == tr("el", "analytics.no_answers")


@pytest.mark.parametrize("locale", ["en-US", "el"])
def test_analytics_of_the_newest_answers_only_say_so_in_the_footer(locale: str) -> None:
    pack = largest_pack()
    report = analyse([q.id for q in pack.questions], answers_to_every_question(pack, 12))
    newest = tr(locale, "analytics.newest_only", count=MAX_ANALYSED_ANSWERS)
    assert newest not in (analytics_embed(pack, report, locale).footer.text or "")
    limited = analytics_embed(pack, replace(report, newest_only=True), locale)
    assert (limited.footer.text or "").endswith(f" {newest}")
    assert limits.embed_length(limited) <= limits.EMBED_TOTAL
