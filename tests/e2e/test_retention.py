"""/settings retention through the stand-in: the reviews a day of each choice from the member's
own cards, shown before they choose, and the choice saved (tests/storage/review/test_retention.py
checks that their cards are then scheduled with it)."""

from __future__ import annotations

from sqlalchemy import select

from bot.app.kit.catalogue import tr
from bot.quiz.review.retention import RETENTION_CHOICES, outlook
from bot.storage.models import CardRow
from bot.storage.settings import settings
from tests.e2e.conftest import QuizWorld, option_id
from tests.e2e.test_review import CORRECT, last_message, prompt_of


async def stabilities(world: QuizWorld, member: int) -> list[float]:
    async with world.db.read() as connection:
        found = await connection.scalars(
            select(CardRow.stability).where(CardRow.member_id == member)
        )
        return [s for s in found if s is not None]


async def test_settings_show_each_retentions_cost_then_save_the_choice(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    member = world.members[0]  # en-US
    locale = world.locales[member]
    before = await world.said(await world.command(member, "settings"))
    assert tr(locale, "settings.member.retention", percent=88) in before
    assert tr(locale, "settings.member.retention_no_cards") in before
    card = last_message(await world.command(member, "review", pack="mini"))
    for _ in range(2):  # two questions answered: two cards to cost
        right = CORRECT[prompt_of(card)]
        result = last_message(await world.click(member, card["id"], option_id(card, right)))
        next_id = next(
            c["custom_id"]
            for row in result["components"]
            for c in row["components"]
            if c.get("label") == "Next"
        )
        card = last_message(await world.click(member, card["id"], next_id))
    costs = outlook(await stabilities(world, member))
    shown = await world.said(await world.command(member, "settings"))
    assert tr(locale, "settings.member.retention_outlook") in shown
    for percent in RETENTION_CHOICES:
        key = "current" if percent == 88 else "choice"  # the default
        line = tr(
            locale, f"settings.member.retention_{key}", percent=percent, reviews=costs[percent]
        )
        assert line in shown.splitlines()
    saved = await world.said(await world.command(member, "settings", retention=95))
    assert tr(locale, "settings.member.saved") in saved
    assert tr(locale, "settings.member.retention", percent=95) in saved
    bold = tr(locale, "settings.member.retention_current", percent=95, reviews=costs[95])
    assert bold in saved.splitlines()
    assert (await settings.member_settings(world.db, member)).retention == 95
