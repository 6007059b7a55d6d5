"""The `/quiz analytics` embed for each kind of question: a typed or number question lists the
wrong answers members typed alike, inert, and a typed one the typos forgiven; all that apply
shows each option's share; none of them names a "most-picked wrong option". Members' texts,
however hostile, stay inert and the embed within Discord's limits."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from bot.app.analytics.embed import analytics_embed
from bot.app.kit import limits
from bot.app.kit.catalogue import tr
from bot.quiz.analytics.items import AnswerRecord, PackAnalytics, analyse
from bot.quiz.answers.common import SHOWN_LENGTH
from bot.quiz.model import (
    Difficulty,
    Match,
    NumberAnswer,
    Option,
    Pack,
    Question,
    Text,
    TypedAnswers,
)
from bot.quiz.reader.loader import MAX_QUESTIONS
from tests.app.analytics.test_analytics_render import LONGEST_ID

MEMBERS = range(12)
HOSTILE = "`<@123>` @everyone **[link](https://evil.example)** ||spoiler|| " * 4


def both(value: str) -> Text:
    return Text.of({"en": value, "el": value}, "en")


def typed_question(question_id: str, match: Match = Match.TYPO) -> Question:
    accepts = TypedAnswers({"en": ("all-to-all",), "el": ("all-to-all",)}, "en", match)
    return Question(question_id, both("Which collective?"), (), both("."), accepts=accepts)


QUESTIONS = (
    typed_question("typed"),
    Question("number", both("How many steps?"), (), both("."), accepts=NumberAnswer(Decimal(14))),
    Question(
        "ticked",
        both("Which apply?"),
        tuple(Option(both(f"option {i}"), correct=i < 2) for i in range(4)),
        both("."),
    ),
    typed_question("plain", Match.NORMAL),
)
PACK = Pack("kinds", ("en", "el"), both("Kinds"), both("."), Difficulty.EASY, QUESTIONS)


def given_by(member: int) -> list[AnswerRecord]:
    """Members 0-5 right everywhere (0 and 1 by a typo on "typed"); 6-8 type "all-reduce",
    9-11 a hostile text; on "ticked" 6-11 pick A and C; on "plain" each a text of their own."""
    right = member < 6
    wrong_text = "all-reduce" if member < 9 else HOSTILE
    text = ("all-to-al" if member < 2 else "all-to-all") if right else wrong_text
    return [
        AnswerRecord(member, "typed", None, right, 4000, given=text, typo=right and member < 2),
        AnswerRecord(member, "number", None, right, 6000, given="14" if right else "7"),
        AnswerRecord(member, "ticked", None, right, 2000, picked=0b0011 if right else 0b0101),
        AnswerRecord(
            member, "plain", None, right, 3000, given="all-to-all" if right else f"x{member}"
        ),
    ]


def report() -> PackAnalytics:
    return analyse([q.id for q in QUESTIONS], [r for m in MEMBERS for r in given_by(m)])


def figures(description: str, question_id: str) -> str:
    lines = description.splitlines()
    (heading,) = [n for n, line in enumerate(lines) if f"`{question_id}` · " in line]
    return lines[heading + 1]


def test_each_kind_says_what_its_answers_gave() -> None:
    description = analytics_embed(PACK, report(), "en-US").description or ""
    typed = figures(description, "typed")
    assert typed.startswith("answers 12 · right 50% · most common wrong answers: ")
    assert "`'<@123>' @everyone **[link](https://evi…` (3 members), `all-reduce` (3 members)" in (
        typed
    )
    assert typed.endswith(" · typo forgiven in 33% of the right answers")
    number = figures(description, "number")
    assert "most common wrong answers: `7` (6 members) · time: median 6.0 s" in number
    assert "typo" not in number  # a number is right within its tolerance, never by a typo
    ticked = figures(description, "ticked")
    assert "picked: **A** ✓ 100%, **B** ✓ 50%, **C** 50%, **D** 0% · time:" in ticked
    plain = figures(description, "plain")
    assert "no wrong answer typed alike by 3 members · time:" in plain
    assert "typo" not in plain  # its match forgives none: nothing to say
    assert "most-picked wrong option" not in description


def test_a_members_text_is_shown_inert_and_bounded() -> None:
    description = analytics_embed(PACK, report(), "el").description or ""
    spans = re.findall(r"`([^`]*)`", figures(description, "typed"))
    assert spans == ["'<@123>' @everyone **[link](https://evi…", "all-reduce"]
    assert len(spans[0]) == SHOWN_LENGTH
    outside = re.sub(r"`[^`]*`", "", description)
    for token in ("<@", "@everyone", "https://", "**[", "||"):
        assert token not in outside, token
    assert "συχνότερες λάθος απαντήσεις:" in description
    assert "συγχωρήθηκε τυπογραφικό λάθος στο 33% των σωστών απαντήσεων" in description
    assert "ποσοστό επιλογής: **A** ✓ 100%, **B** ✓ 50%, **C** 50%, **D** 0%" in description


def test_a_question_nobody_got_wrong_says_so_whatever_its_kind() -> None:
    right = [
        AnswerRecord(m, "ticked", None, correct=True, response_ms=9, picked=3) for m in MEMBERS
    ]
    description = analytics_embed(PACK, analyse(["ticked"], right), "en-US").description or ""
    assert "answers 12 · right 100% · no wrong answers · time:" in description


@pytest.mark.parametrize("locale", ["en-US", "el"])
def test_the_largest_pack_of_typed_questions_with_hostile_answers_fits(locale: str) -> None:
    questions = tuple(
        typed_question(f"{index:03d}-{LONGEST_ID}"[:40]) for index in range(MAX_QUESTIONS)
    )
    pack = Pack("p" * 40, ("en", "el"), both("T" * 200), both("."), Difficulty.HARD, questions)
    hostile = [f"{n}{HOSTILE}" for n in range(3)]  # members 3-11 wrong: 3 type each
    records = [
        AnswerRecord(m, q.id, None, m < 3, 999, given=hostile[m % 3], typo=m == 0)
        for m in MEMBERS
        for q in questions
    ]
    embed = analytics_embed(pack, analyse([q.id for q in questions], records), locale)
    description = embed.description or ""
    assert limits.embed_length(embed) <= limits.EMBED_TOTAL
    assert limits.length(description) <= limits.EMBED_DESCRIPTION
    shown = re.findall(r"^\*\*\d+\.\*\* `", description, flags=re.MULTILINE)
    assert description.endswith(tr(locale, "analytics.more", count=MAX_QUESTIONS - len(shown)))
    assert description.count("`") % 2 == 0  # every code span closed: nothing cut mid-answer
