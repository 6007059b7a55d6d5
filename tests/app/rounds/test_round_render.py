"""Round render rules: the start card's guide line only when it adds something, the neutral
reveal of a question nobody answered, and standings without rows to list."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta

import pytest

from bot.app.kit.message_parts import BRAND, NEUTRAL, RIGHT, guide_line
from bot.app.rounds.embeds import question_embed, reveal_embed, standings_embed, start_card
from bot.app.rounds.layouts import standings_layout, why_it_ended
from bot.quiz.boards.standings import Score, round_standings
from bot.quiz.model import Guide, Pack, Text
from bot.quiz.rounds.pauses import PAUSE_LIMIT_REASON
from bot.quiz.rounds.rules import RoundState
from bot.storage.results import RoundView, Tally
from tests.messages import layout_text
from tests.storage.factories import make_pack


def both(value: str) -> Text:
    return Text.of({"en": value, "el": value}, "en")


def with_guide(pack: Pack, title: str, url: str | None) -> Pack:
    return dataclasses.replace(pack, title=both("Ring Attention"), guide=Guide(both(title), url))


def card_text(pack: Pack) -> str:
    return start_card(pack, "en", questions=3, seconds=30, started_by=1).description or ""


@pytest.mark.parametrize(
    ("title", "url", "shown"),
    [
        ("Ring Attention", None, None),  # says nothing the title does not
        (" ring attention ", None, None),
        (
            "Ring Attention",
            "https://example.org/g",
            "Guide: [Ring Attention](https://example.org/g)",
        ),
        ("The ring notes", None, "Guide: The ring notes"),
    ],
)
def test_the_start_card_shows_a_guide_only_when_it_adds_something(
    title: str, url: str | None, shown: str | None
) -> None:
    pack = with_guide(make_pack(), title, url)
    text = card_text(pack)
    if shown is None:
        assert "Guide" not in text
    else:
        assert shown in text.splitlines()
    # The packs list shows every guide: a link when it has an address, else its title.
    assert pack.guide is not None
    expected = f"Guide: [{title}]({url})" if url else f"Guide: {title}"
    assert guide_line(pack.guide, "en") == expected


def tally(counts: tuple[int, ...]) -> Tally:
    return Tally(
        1, 0, "q1", counts, correct_index=0, fastest=(), right=counts[0], wrong=sum(counts[1:])
    )


def test_a_reveal_nobody_answered_is_neutral_not_green() -> None:
    pack = make_pack()
    question = pack.questions[0]
    order = range(len(question.options))
    empty = reveal_embed(
        question, "en", number=1, total=3, tally=tally((0,) * len(order)), order=order
    )
    answered = reveal_embed(
        question, "en", number=1, total=3, tally=tally((1,) + (0,) * (len(order) - 1)), order=order
    )
    assert (empty.colour, answered.colour) == (NEUTRAL, RIGHT)


def test_standings_say_whether_nobody_answered_or_nobody_was_right() -> None:
    nobody = standings_embed("Mini", round_standings([], shown=20), "en", stopped=False)
    assert (nobody.description, nobody.colour) == ("Nobody answered in this round.", NEUTRAL)
    wrong = round_standings([Score(1, 0, 3, 0), Score(2, 0, 2, 0)], shown=20)
    none_right = standings_embed("Mini", wrong, "en", stopped=True)
    assert none_right.description == "Nobody got a question right in this round."
    assert none_right.colour == BRAND
    assert (none_right.footer.text or "").startswith("2 played\n")


def test_a_paused_question_posted_as_an_embed_says_paused_instead_of_its_countdown() -> None:
    question = make_pack().questions[0]
    closes = datetime(2026, 1, 1, tzinfo=UTC)
    order = tuple(range(len(question.options)))
    running = question_embed(
        question, "en", number=1, total=3, closes_at=closes, answered=2, order=order
    )
    paused = question_embed(
        question,
        "en",
        number=1,
        total=3,
        closes_at=closes,
        answered=2,
        order=order,
        paused_left_s=9.0,
    )
    assert running.fields[0].value == f"Closes <t:{int(closes.timestamp())}:R> · 2 answered"
    assert paused.fields[0].value == "Paused · 9 s left when it resumes · 2 answered"


def test_standings_of_a_round_paused_too_long_say_why_it_ended() -> None:
    standings = round_standings([Score(5, 1, 1, 900)], shown=20)
    paused_at = datetime(2026, 1, 1, tzinfo=UTC)
    ended = RoundView(
        id=1,
        guild_id=1,
        channel_id=1,
        pack_id="basics",
        started_by=1,
        question_seconds=30,
        question_order=("q0",),
        state=RoundState.STOPPED,
        question_index=0,
        question_open=False,
        question_opened_at=None,
        closes_at=None,
        started_at=paused_at,
        ended_at=paused_at,
        message_ids={},
        end_reason=PAUSE_LIMIT_REASON,
        paused_at=paused_at,
        paused_until=paused_at + timedelta(minutes=1),
    )
    why = why_it_ended(ended, "en")
    assert (
        why
        == "The round ended by itself: it stayed paused longer than 1 minute, this server's limit."
    )
    layout = standings_layout(1, "Basics", standings, "en", stopped=True, why=why)
    text = layout_text({"components": layout.to_components()})
    assert text.startswith(f"### Round stopped: Basics\n{why}\n")
    assert why_it_ended(dataclasses.replace(ended, end_reason=None), "en") is None  # a stop
