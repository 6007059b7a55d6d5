"""Round messages as Components V2 layouts, through the stand-in: within Discord's limits for
the longest texts a pack may hold, refused as Discord refuses a broken layout, and questions
posted as embeds before layouts still answered and revealed (as embeds)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import discord
import pytest
from discord.http import Route
from sqlalchemy import text

from bot.app.kit.catalogue import tr
from bot.app.kit.context import utc_now
from bot.app.kit.limits import LAYOUT_COMPONENTS, LAYOUT_TEXT_TOTAL
from bot.app.kit.message_parts import letter
from bot.app.rounds.buttons import AnswerButton
from bot.app.rounds.embeds import question_embed
from bot.app.rounds.layouts import question_layout, reveal_layout, standings_layout
from bot.quiz.boards.standings import Score, round_standings
from bot.quiz.model import Difficulty, Option, Question, Text
from bot.quiz.reader.loader import LIMITS, MAX_OPTIONS
from bot.quiz.rounds.shuffle import shown_order
from bot.storage.results import FastAnswer, Tally
from bot.storage.rounds import lifecycle
from bot.storage.rounds.tallies import STANDINGS_SHOWN
from standin.layouts import IS_COMPONENTS_V2
from tests.e2e.conftest import (
    QuizWorld,
    answer,
    buttons_of,
    question_message,
    shown_letter,
    titled,
)
from tests.messages import BUTTON, components_in, heading_of, text_units

SUCCESS = 3
# A word of each language, repeated to a pack's longest text; "·" and a mention-like token keep
# the markdown-aware cut honest.
WORDS = {"en": "answer · ", "el": "απάντηση · "}


def longest(locale: str, limit: int) -> Text:
    word = WORDS[locale]
    return Text.of({locale: (word * limit)[:limit]}, locale)


def longest_question(locale: str) -> Question:
    options = tuple(
        Option(longest(locale, LIMITS["option"]), correct=index == 0)
        for index in range(MAX_OPTIONS)
    )
    return Question(
        "longest",
        longest(locale, LIMITS["prompt"]),
        options,
        longest(locale, LIMITS["explanation"]),
    )


def within_limits(message: dict[str, Any]) -> None:
    assert message["flags"] & IS_COMPONENTS_V2
    assert message["content"] == ""
    assert message["embeds"] == []
    assert len(components_in(message)) <= LAYOUT_COMPONENTS
    assert text_units(message) <= LAYOUT_TEXT_TOTAL


@pytest.mark.parametrize("locale", ["en", "el"])
async def test_the_longest_question_fits_as_question_reveal_and_standings(
    bot_world: QuizWorld, locale: str
) -> None:
    world = bot_world
    assert world.bot is not None
    question = longest_question(locale)
    channel = world.bot.get_partial_messageable(world.channel_id, guild_id=world.guild_id)
    closes = utc_now() + timedelta(seconds=60)
    posted = await channel.send(
        view=question_layout(
            question,
            locale,
            round_id=1,
            index=199,
            total=200,
            difficulty=Difficulty.HARD,
            closes_at=closes,
            answered=10_000,
            order=tuple(range(MAX_OPTIONS)),
        )
    )
    fastest = tuple(FastAnswer(10**18 + n, 59_999) for n in range(3))
    tally = Tally(1, 199, "longest", (10_000,) * MAX_OPTIONS, 0, fastest)
    await posted.edit(
        view=reveal_layout(
            question,
            locale,
            round_id=1,
            index=199,
            total=200,
            tally=tally,
            order=tuple(range(MAX_OPTIONS)),
        )
    )
    scores = [Score(10**18 + n, 200, 200, 10**9 + n) for n in range(1, 101)]
    standings = round_standings(scores, shown=STANDINGS_SHOWN)
    title = longest(locale, LIMITS["title"]).get(locale)
    await channel.send(view=standings_layout(1, title, standings, locale, stopped=True))

    messages = await world.messages()
    revealed = next(m for m in messages if m["id"] == str(posted.id))
    assert heading_of(revealed).endswith(tr(locale, "round.closed"))
    assert [b["style"] for b in buttons_of(revealed)][:MAX_OPTIONS] == [SUCCESS] + [2] * 4
    within_limits(revealed)
    within_limits(
        next(m for m in messages if titled(tr(locale, "round.stopped_title", title=""))(m))
    )


async def discord_error(call: Callable[[], Any]) -> discord.HTTPException:
    with pytest.raises(discord.HTTPException) as raised:
        await call()
    assert raised.value.status == 400
    assert raised.value.code == 50035  # Invalid Form Body, as Discord answers
    return raised.value


def text_display(content: str) -> dict[str, Any]:
    return {"type": 10, "content": content}


def button_section(number: int) -> dict[str, Any]:
    button = {"type": BUTTON, "style": 1, "label": "A", "custom_id": f"b{number}"}
    return {"type": 9, "components": [text_display(f"option {number}")], "accessory": button}


async def test_the_stand_in_refuses_layouts_discord_refuses(bot_world: QuizWorld) -> None:
    world = bot_world
    assert world.bot is not None
    http = world.bot.http
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=world.channel_id)

    def post(body: dict[str, Any]) -> Callable[[], Any]:
        return lambda: http.request(route, json=body)

    def container(*children: dict[str, Any]) -> dict[str, Any]:
        return {"type": 17, "components": list(children)}

    fine = {"flags": IS_COMPONENTS_V2, "components": [container(text_display("hi"))]}
    message = await http.request(route, json=fine)
    with_content = {**fine, "content": "hi"}
    assert "content" in str((await discord_error(post(with_content))).text)
    with_embed = {**fine, "embeds": [{"title": "hi"}]}
    assert "embeds" in str((await discord_error(post(with_embed))).text)
    # 1 container + 13 sections of 3 = 40 components: accepted; one more section is 43.
    at_limit = {
        "flags": IS_COMPONENTS_V2,
        "components": [container(*map(button_section, range(13)))],
    }
    await http.request(route, json=at_limit)
    over = {"flags": IS_COMPONENTS_V2, "components": [container(*map(button_section, range(14)))]}
    await discord_error(post(over))
    long_text = [text_display("x" * 2000), text_display("y" * 2001)]
    await discord_error(post({"flags": IS_COMPONENTS_V2, "components": long_text}))
    await discord_error(post({"components": [text_display("no flag")]}))
    edit = Route(
        "PATCH",
        "/channels/{channel_id}/messages/{message_id}",
        channel_id=world.channel_id,
        message_id=message["id"],
    )
    error = await discord_error(lambda: http.request(edit, json={"flags": 0, "content": "back"}))
    assert "flags" in str(error.text)


async def test_a_question_posted_as_an_embed_is_answered_and_revealed_as_one(
    bot_world: QuizWorld,
) -> None:
    """A question posted before layouts (seeded the old way, then the bot restarted as an
    upgrade would) still takes answers, and its reveal stays an embed: Discord never lets a
    message drop the V2 flag, and the old message never had it."""
    world = bot_world
    assert world.bot is not None
    await world.command(world.owner, "quiz start", pack="mini", seconds=60)
    first = await question_message(world, 1, 3)
    assert first["flags"] & IS_COMPONENTS_V2
    (view,) = await lifecycle.running_rounds(world.db)
    pack = world.library.get("mini")
    assert pack is not None
    question = pack.question(view.question_order[0])
    assert question is not None
    channel = world.bot.get_partial_messageable(world.channel_id, guild_id=world.guild_id)
    order = shown_order(view.id, question)
    closes = utc_now() + timedelta(seconds=60)
    embed = question_embed(
        question, "en", number=1, total=3, closes_at=closes, answered=0, order=order
    )
    # The buttons of a question as posted before layouts (round_v2).
    buttons = discord.ui.View(timeout=None)
    for position, option in enumerate(order):
        buttons.add_item(AnswerButton(view.id, 0, option, letter(position)))
    old = await channel.send(embed=embed, view=buttons)
    async with world.db.write() as connection:
        await connection.execute(
            text("UPDATE round_messages SET message_id = :old WHERE purpose = 'question:0'"),
            {"old": old.id},
        )
    await world.stop_bot()
    await world.start_bot()

    old_message = next(m for m in await world.messages() if m["id"] == str(old.id))
    said = await answer(world, world.members[0], old_message, question.correct_index)
    right = shown_letter(old_message, question.correct_index)
    assert said == tr(world.locales[world.members[0]], "round.locked_in", letter=right)
    await world.command(world.owner, "quiz skip")
    revealed = await world.wait_for_message(
        lambda m: m["id"] == str(old.id) and heading_of(m) == "Question 1 of 3 · Closed"
    )
    assert not revealed["flags"] & IS_COMPONENTS_V2
    assert "How the server answered" in str(revealed["embeds"])
    correct = [b for b in buttons_of(revealed) if b.get("style") == SUCCESS]
    assert [b["label"] for b in correct] == [right]
    second = await question_message(world, 2, 3)  # the round goes on in layouts
    assert second["flags"] & IS_COMPONENTS_V2
    within_limits(second)
