"""Private reviews: a session from the first card to the summary, and "review what I missed"."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from sqlalchemy import select

from bot.app.i18n import tr
from bot.storage.models import CardRow
from tests.e2e.conftest import (
    Json,
    QuizWorld,
    custom_ids,
    play_round,
)

CORRECT = {"One plus one?": 0, "Two plus two?": 1, "Three plus three?": 1}


def last_message(report: Json) -> Json:
    """The message an interaction's last response showed (sent or edited)."""
    body = report["responses"][-1]["body"]
    return {"id": report["responses"][-1]["message_id"], **(body.get("data") or body)}


def prompt_of(message: Json) -> str:
    description: str = message["embeds"][0]["description"]
    return next(part for part in description.split("\n\n") if part.endswith("?"))


async def test_a_review_session_from_first_card_to_summary(bot_world: QuizWorld) -> None:
    world = bot_world
    member = world.members[0]  # en-US
    report = await world.command(member, "review", pack="mini")
    message = last_message(report)
    right = 0
    for reviewed in range(3):
        assert message["embeds"][0]["title"] == "Review · Mini quiz"
        prompt = prompt_of(message)
        option = CORRECT[prompt] if reviewed != 1 else (CORRECT[prompt] + 1) % 2  # one wrong
        right += option == CORRECT[prompt]
        answered = await world.click(member, message["id"], custom_ids(message)[option])
        result = last_message(answered)
        text = result["embeds"][0]["description"]
        assert ("Right!" in text) is (option == CORRECT[prompt])
        assert "This question comes back <t:" in text
        next_id, _stop_id = custom_ids(result)
        message = last_message(await world.click(member, message["id"], next_id))
    summary = message["embeds"][0]
    assert summary["title"] == "Review done"
    assert f"Reviewed 3 questions · {right} right" in summary["description"]
    assert message.get("components") in (None, [])

    async with world.db.read() as connection:
        due = min(await connection.scalars(select(CardRow.due).where(CardRow.member_id == member)))
    again = await world.said(await world.command(member, "review", pack="mini"))
    shown = int(re.search(r"<t:(\d+):R>", again).group(1))  # type: ignore[union-attr]
    assert again.startswith("Nothing is due.")
    assert shown == int(due.replace(tzinfo=UTC).timestamp())
    assert datetime.fromtimestamp(shown, UTC) > datetime.now(UTC)


async def test_stop_ends_a_session_with_its_summary(bot_world: QuizWorld) -> None:
    world = bot_world
    member = world.members[0]
    message = last_message(await world.command(member, "review", pack="mini"))
    answered = last_message(await world.click(member, message["id"], custom_ids(message)[0]))
    stopped = last_message(await world.click(member, message["id"], custom_ids(answered)[1]))
    assert stopped["embeds"][0]["title"] == "Review done"
    assert "Reviewed 1 question ·" in stopped["embeds"][0]["description"]


async def test_review_what_i_missed_goes_through_the_missed_questions(bot_world: QuizWorld) -> None:
    world = bot_world
    member, perfect = world.members[0], world.members[3]
    standings = await play_round(world, {member: 1, perfect: 3})
    missed_button = custom_ids(standings)[0]

    nothing = await world.said(await world.click(perfect, standings["id"], missed_button))
    assert nothing == tr(world.locales[perfect], "round.nothing_missed")

    message = last_message(await world.click(member, standings["id"], missed_button))
    seen = []
    while message["embeds"][0]["title"] != "Review done":
        prompt = prompt_of(message)
        seen.append(prompt)
        answered = last_message(
            await world.click(member, message["id"], custom_ids(message)[CORRECT[prompt]])
        )
        message = last_message(await world.click(member, message["id"], custom_ids(answered)[0]))
    assert len(seen) == 2
    assert "Reviewed 2 questions · 2 right" in message["embeds"][0]["description"]
