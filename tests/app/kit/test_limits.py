"""Fitting outgoing text to Discord's limits: boundaries, Greek and emoji, markdown, embeds."""

from __future__ import annotations

from datetime import UTC, datetime

import discord
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.app.kit import limits
from bot.app.kit.limits import (
    ELLIPSIS,
    echo,
    embed_length,
    fit_content,
    fit_embed,
    fit_text,
    length,
)
from bot.app.review.buttons import ReviewNextButton
from bot.app.review.custom_ids import SessionCode
from bot.app.rounds.embeds import reveal_embed, start_card
from bot.quiz.model import Difficulty, Option, Pack, Question, Text
from bot.storage.results import FastAnswer, Tally

GREEK = "Η προσοχή δακτυλίου μοιράζει την ακολουθία σε συσκευές "  # 55 characters, all BMP


def kept_part(fitted: str) -> str:
    """What a cut text kept of the original: everything before the ellipsis we added."""
    return fitted[: fitted.rindex(ELLIPSIS)]


@pytest.mark.parametrize("limit", [limits.CONTENT, limits.BUTTON_LABEL, limits.ECHO])
def test_exactly_at_the_limit_is_untouched_and_one_over_is_cut(limit: int) -> None:
    assert fit_text("x" * limit, limit) == "x" * limit
    cut = fit_text("x" * (limit + 1), limit)
    assert cut == "x" * (limit - 1) + ELLIPSIS
    assert length(cut) == limit


def test_content_over_2000_is_cut_and_none_stays_none() -> None:
    assert fit_content(None) is None
    fitted = fit_content("y" * 6000)
    assert fitted is not None
    assert length(fitted) == limits.CONTENT
    assert fitted.endswith(ELLIPSIS)


def test_greek_counts_one_per_letter_and_is_cut_at_a_word() -> None:
    text = GREEK * 100  # 5,500 letters and spaces
    assert length(GREEK) == len(GREEK) == 55
    fitted = fit_text(text, limits.CONTENT)
    assert length(fitted) <= limits.CONTENT
    assert length(fitted) > limits.CONTENT * 4 // 5  # it moved back to a word, not further
    kept = kept_part(fitted)
    assert text.startswith(kept)
    assert text[len(kept)] == " "  # the cut fell between words
    assert fitted.encode("utf-8").decode("utf-8") == fitted


def test_emoji_count_two_units_and_are_never_split() -> None:
    emoji = "🧠"  # outside the Basic Multilingual Plane: a surrogate pair in UTF-16
    assert length(emoji * 1000) == limits.CONTENT
    assert fit_text(emoji * 1000, limits.CONTENT) == emoji * 1000
    fitted = fit_text(emoji * 1001, limits.CONTENT)
    assert fitted == emoji * 999 + ELLIPSIS
    assert len(fitted.encode("utf-16-le")) // 2 == limits.CONTENT - 1


def test_a_mention_or_timestamp_is_never_cut_in_half() -> None:
    for token in ("<@123456789012345678>", "<t:1790000000:R>"):
        text = "a" * 1990 + token + " and more"
        fitted = fit_text(text, limits.CONTENT)
        assert "<" not in fitted
        assert kept_part(fitted) == "a" * 1990


@pytest.mark.parametrize(
    ("text", "closing"),
    [
        ("**" + "b" * 3000, "**"),
        ("||" + "spoiler " * 400, "||"),
        ("__**" + "w" * 3000, "**__"),
        ("`" + "c" * 3000, "`"),
        ("```py\n" + "print(1)\n" * 400, "\n```"),
        ("**done** " + "x" * 3000, ""),
    ],
)
def test_markdown_left_open_by_the_cut_is_closed(text: str, closing: str) -> None:
    fitted = fit_text(text, limits.CONTENT)
    assert length(fitted) <= limits.CONTENT
    assert fitted.endswith(ELLIPSIS + closing)


def test_an_echo_is_short_and_literal() -> None:
    assert length(echo("p" * 6000)) == limits.ECHO
    assert echo("**bold** `code`") == r"\*\*bold\*\* \`code\`"
    assert echo("ring-attention") == "ring-attention"


@given(st.text(), st.integers(min_value=1, max_value=300))
def test_any_text_fits_and_keeps_its_start(text: str, limit: int) -> None:
    fitted = fit_text(text, limit)
    assert length(fitted) <= limit
    if length(text) <= limit:
        assert fitted == text
    else:
        assert text.startswith(kept_part(fitted))
    assert fit_text(fitted, limit) == fitted


def test_every_part_of_an_embed_is_cut_to_its_limit() -> None:
    embed = discord.Embed(title="t" * 300, description="d" * 5000, colour=discord.Colour.red())
    embed.set_footer(text="f" * 3000)
    embed.set_author(name="a" * 300)
    for number in range(30):
        embed.add_field(name="n" * 300 if number == 0 else f"{number}", value="v" * 2000)
    fitted = fit_embed(embed, total=10**6)  # the per-part limits alone
    assert len(fitted.title or "") == limits.EMBED_TITLE
    assert len(fitted.description or "") == limits.EMBED_DESCRIPTION
    assert len(fitted.footer.text or "") == limits.FOOTER_TEXT
    assert len(fitted.author.name or "") == limits.AUTHOR_NAME
    assert len(fitted.fields) == limits.EMBED_FIELDS
    assert len(fitted.fields[0].name or "") == limits.FIELD_NAME
    assert {len(field.value or "") for field in fitted.fields} == {limits.FIELD_VALUE}
    assert fitted.colour == discord.Colour.red()
    assert len(embed.fields) == 30  # the original is left alone
    assert len(embed.description or "") == 5000


def test_the_total_of_6000_is_kept_description_first() -> None:
    embed = discord.Embed(title="t" * 256, description="d" * 4096)
    for number in range(3):
        embed.add_field(name=f"field {number}", value="v" * 1024)
    assert embed_length(embed) > limits.EMBED_TOTAL
    fitted = fit_embed(embed)
    assert embed_length(fitted) == limits.EMBED_TOTAL
    assert fitted.title == "t" * 256
    assert [field.value for field in fitted.fields] == ["v" * 1024] * 3
    assert (fitted.description or "").endswith(ELLIPSIS)


def test_an_embed_of_exactly_6000_is_untouched() -> None:
    embed = discord.Embed(title="t" * 256, description="d" * 4096)
    embed.add_field(name="n" * 100, value="v" * 1024)
    embed.add_field(name="m" * 200, value="w" * 324)
    assert embed_length(embed) == limits.EMBED_TOTAL
    assert fit_embed(embed).to_dict() == embed.to_dict()


def test_round_messages_from_oversized_pack_texts_fit() -> None:
    """The conductor sends these as they are, so they must come out fitted."""
    big = Text.of({"en": "Long sentence here. " * 300}, "en")  # 6,000 characters each
    question = Question(
        "q",
        prompt=big,
        options=(Option(big, correct=True), Option(big, correct=False)),
        explanation=big,
    )
    pack = Pack("big", ("en",), big, big, Difficulty.HARD, (question,))
    fastest = tuple(FastAnswer(member_id=10**17 + n, response_ms=900) for n in range(200))
    tally = Tally(1, 0, "q", counts=(200, 0), correct_index=0, fastest=fastest, right=200)
    for embed in (
        reveal_embed(question, "en", number=1, total=1, tally=tally, order=(1, 0)),
        start_card(pack, "en", questions=1, seconds=30, started_by=1),
    ):
        assert embed_length(embed) <= limits.EMBED_TOTAL
        assert len(embed.title or "") <= limits.EMBED_TITLE
        assert len(embed.description or "") <= limits.EMBED_DESCRIPTION
        assert all(len(field.value or "") <= limits.FIELD_VALUE for field in embed.fields)


def test_button_labels_are_cut_to_80() -> None:
    button = ReviewNextButton(SessionCode(1, 0, 0), label="Επόμενη " * 20)
    assert button.item.label is not None
    assert length(button.item.label) <= limits.BUTTON_LABEL
    assert button.item.label.endswith(ELLIPSIS)


def test_timestamps_survive_as_whole_tokens() -> None:
    stamp = discord.utils.format_dt(datetime(2026, 11, 25, tzinfo=UTC), "R")
    fitted = fit_text(("word " * 395) + stamp + " tail", limits.CONTENT)
    assert fitted.count("<") == fitted.count(">")
