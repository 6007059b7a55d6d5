"""Private reviews: a session from the first card to the summary, its result cards, "review what
I missed", a bot restart in the middle, and a review run from a DM with the bot."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import discord
from sqlalchemy import func, select, update

from bot.app.kit.catalogue import tr
from bot.app.kit.context import utc_now
from bot.app.review.buttons import ReviewNowButton
from bot.app.review.custom_ids import scope_code
from bot.quiz.review.session import Scope
from bot.storage.models import CardRow
from tests.e2e.conftest import (
    Json,
    QuizWorld,
    buttons_of,
    custom_ids,
    option_id,
    play_round,
    seed_finished_round,
    shown_letter,
)

CORRECT = {"One plus one?": 0, "Two plus two?": 1, "Three plus three?": 1}
OPTIONS = {
    "One plus one?": ["Two", "Three", "Eleven"],
    "Two plus two?": ["Three", "Four"],
    "Three plus three?": ["Five", "Six", "Nine"],
}
WHY = {("One plus one?", 1): "One too many.", ("Two plus two?", 0): "One too few."}
LETTERS = "ABCD"


def last_message(report: Json) -> Json:
    """The message an interaction's last response showed (sent or edited)."""
    body = report["responses"][-1]["body"]
    return {"id": report["responses"][-1]["message_id"], **(body.get("data") or body)}


def description(message: Json) -> str:
    text: str = message["embeds"][0]["description"]
    return text


def prompt_of(message: Json) -> str:
    return next(part for part in description(message).split("\n\n") if part in CORRECT)


def footer(message: Json) -> str:
    text: str = message["embeds"][0]["footer"]["text"]
    return text


def shown_time(text: str) -> datetime:
    found = re.search(r"<t:(\d+):R>", text)
    assert found is not None, text
    return datetime.fromtimestamp(int(found.group(1)), UTC)


async def earliest_due(world: QuizWorld, member: int) -> datetime:
    async with world.db.read() as connection:
        due = await connection.scalar(
            select(func.min(CardRow.due)).where(CardRow.member_id == member)
        )
    assert due is not None
    return due.replace(microsecond=0)


def assert_result_card(result: Json, prompt: str, picked: int, card: Json) -> None:
    """The prompt kept, the right option and the pick marked, and a wrong pick's reason, all
    in the order and under the letters ``card`` (the question as answered) showed."""
    text = description(result)
    right = CORRECT[prompt]
    right_letter, picked_letter = shown_letter(card, right), shown_letter(card, picked)
    lines = text.splitlines()
    assert prompt in text.split("\n\n")
    option_lines = [line for line in lines if "** · " in line]
    assert len(option_lines) == len(OPTIONS[prompt])
    assert option_lines[LETTERS.index(right_letter)].startswith(
        f"✅ **{right_letter}** · {OPTIONS[prompt][right]}"
    )
    picked_line = option_lines[LETTERS.index(picked_letter)]
    assert f"**{picked_letter}** · {OPTIONS[prompt][picked]}" in picked_line
    assert picked_line.endswith("· *your answer*")
    if picked == right:
        assert text.startswith("Right!")
        assert "❌" not in text
        return
    assert picked_line.startswith("❌ ")
    assert text.startswith(f"Not quite: the answer is **{right_letter}**.")
    why = WHY.get((prompt, picked))
    if why is not None:
        assert f"> **Why not {picked_letter}?** {why}" in lines
        assert f"**{picked_letter}** · {why}" not in text  # not dressed as an option


async def test_a_review_session_from_first_card_to_summary(bot_world: QuizWorld) -> None:
    world = bot_world
    member = world.members[0]  # en-US
    report = await world.command(member, "review", pack="mini")
    message = last_message(report)
    assert message["flags"] & discord.MessageFlags.ephemeral.flag  # private in a server
    assert footer(message) == "New question"
    right = 0
    for reviewed in range(3):
        assert message["embeds"][0]["title"] == "Review · Mini quiz"
        prompt = prompt_of(message)
        option = CORRECT[prompt] if reviewed != 1 else (CORRECT[prompt] + 1) % 2  # one wrong
        right += option == CORRECT[prompt]
        result = last_message(await world.click(member, message["id"], option_id(message, option)))
        assert_result_card(result, prompt, option, message)
        assert "This question comes back <t:" in description(result)
        assert "footer" not in result["embeds"][0]
        buttons = [button["label"] for button in buttons_of(result)]
        assert buttons == (["Next", "Stop"] if reviewed < 2 else ["Finish"])  # nothing else now
        message = last_message(await world.click(member, message["id"], custom_ids(result)[0]))
    summary = message["embeds"][0]
    assert summary["title"] == "Review done"
    assert f"Reviewed 3 questions · {right} right" in summary["description"]
    assert message.get("components") in (None, [])
    # The next review is the first card to fall due (the wrong answer's minute), ahead of now.
    next_review = shown_time(summary["description"])
    assert next_review == await earliest_due(world, member)
    assert next_review > utc_now() - timedelta(seconds=1)

    again = await world.said(await world.command(member, "review", pack="mini"))
    assert again.startswith("Nothing is due.")
    assert shown_time(again) == next_review


async def test_stop_ends_a_session_with_its_summary(bot_world: QuizWorld) -> None:
    world = bot_world
    member = world.members[0]
    message = last_message(await world.command(member, "review", pack="mini"))
    answered = last_message(await world.click(member, message["id"], custom_ids(message)[0]))
    stopped = last_message(await world.click(member, message["id"], custom_ids(answered)[1]))
    assert stopped["embeds"][0]["title"] == "Review done"
    assert "Reviewed 1 question ·" in description(stopped)


async def test_a_summary_with_nothing_scheduled_says_so(bot_world: QuizWorld) -> None:
    world = bot_world
    member = world.members[0]
    message = last_message(await world.command(member, "review", pack="mini"))
    stop = custom_ids(message)[-1]  # before answering anything: no card is scheduled
    stopped = last_message(await world.click(member, message["id"], stop))
    assert description(stopped) == "Reviewed 0 questions · 0 right\nNext review: nothing scheduled"


async def test_review_what_i_missed_goes_through_the_missed_questions(bot_world: QuizWorld) -> None:
    world = bot_world
    member, perfect, absent = world.members[0], world.members[3], world.members[4]
    standings = await play_round(world, {member: 1, perfect: 3})
    missed_button = custom_ids(standings)[0]

    nothing = await world.said(await world.click(perfect, standings["id"], missed_button))
    assert nothing == tr(world.locales[perfect], "round.nothing_missed")

    message = last_message(await world.click(member, standings["id"], missed_button))
    seen = []
    while message["embeds"][0]["title"] != "Review done":
        assert footer(message) == "You got this one wrong in the round"
        prompt = prompt_of(message)
        seen.append(prompt)
        answered = last_message(
            await world.click(member, message["id"], option_id(message, CORRECT[prompt]))
        )
        message = last_message(await world.click(member, message["id"], custom_ids(answered)[0]))
    assert len(seen) == 2
    assert "Reviewed 2 questions · 2 right" in description(message)

    unanswered = last_message(await world.click(absent, standings["id"], missed_button))
    assert footer(unanswered) == tr(world.locales[absent], "review.unanswered_question")


async def test_a_review_goes_on_after_a_restart(bot_world: QuizWorld) -> None:
    world = bot_world
    member = world.members[0]
    message = last_message(await world.command(member, "review", pack="mini"))
    prompt = prompt_of(message)
    await world.stop_bot()
    await world.start_bot()
    result = last_message(
        await world.click(member, message["id"], option_id(message, CORRECT[prompt]))
    )
    assert_result_card(result, prompt, CORRECT[prompt], message)


async def test_a_review_runs_in_a_dm_with_the_bot(bot_world: QuizWorld) -> None:
    """As a due-reminder DM will offer it: a "Review now" button, clicked in the DM."""
    world = bot_world
    member = world.members[0]
    await seed_finished_round(world, {member: 1})
    async with world.db.write() as connection:  # the round's three questions fall due
        await connection.execute(
            update(CardRow)
            .where(CardRow.member_id == member)
            .values(due=utc_now() - timedelta(minutes=1))
        )
    assert world.bot is not None
    dm = await world.bot.create_dm(discord.Object(member))
    view = discord.ui.View(timeout=None)
    view.add_item(ReviewNowButton(scope_code(Scope()), "Review now"))
    reminder = await dm.send("Questions are due.", view=view)
    dm_id = await world.standin.dm_channel(member)
    assert reminder.channel.id == dm_id

    (posted,) = await world.standin.messages(dm_id, as_user=member)
    assert [button["label"] for button in buttons_of(posted)] == ["Review now"]
    (now_button,) = custom_ids(posted)
    message = last_message(await world.click(member, reminder.id, now_button))
    assert footer(message) == "Due for review"
    seen = []
    while message["embeds"][0]["title"] != "Review done":
        prompt = prompt_of(message)
        seen.append(prompt)
        result = last_message(
            await world.click(member, message["id"], option_id(message, CORRECT[prompt]))
        )
        assert_result_card(result, prompt, CORRECT[prompt], message)
        message = last_message(await world.click(member, message["id"], custom_ids(result)[0]))
    assert sorted(seen) == sorted(CORRECT)
    assert "Reviewed 3 questions · 3 right" in description(message)
    shown = await world.standin.messages(dm_id, as_user=member)
    assert [m["id"] for m in shown] == [str(reminder.id), message["id"]]  # in the DM, kept
    assert not (shown[1].get("flags") or 0) & discord.MessageFlags.ephemeral.flag
