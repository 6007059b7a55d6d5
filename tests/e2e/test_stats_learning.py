"""/stats through the stand-in, on SQLite and PostgreSQL, in English and Greek: per pack the
retention reached in the last 30 days with the count it rests on and the target beside it, and
the next 30 days' reviews with the new questions among them."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import Connection

from bot.app.kit.catalogue import percent, tr
from bot.app.stats.learning import forecast_text
from bot.storage.review.cards import REVIEW_SOURCE, CardReview, review_cards
from bot.storage.settings import pack_retention
from bot.storage.stats.reached import learning_outlook
from tests.databases import BACKENDS
from tests.e2e.conftest import QuizWorld
from tests.storage.factories import seeded

REVIEWED_DAYS = 12  # one card of mini, met 20 days ago and reviewed on 12 days since


async def seed_reviews(world: QuizWorld, member: int) -> None:
    """Met once, then 12 days of reviews, the 3rd and the 7th missed; a second answer on one
    of those days does not count."""
    now = world.clock.now()
    met = now - timedelta(days=20)
    days = [met + timedelta(days=day) for day in range(1, REVIEWED_DAYS + 1)]
    answers = [(met, True)] + [(at, index not in {2, 6}) for index, at in enumerate(days)]
    answers.append((days[2] + timedelta(minutes=5), True))
    reviews = [
        CardReview(
            member,
            "mini",
            "two",
            correct=right,
            guess_space=2,
            response_ms=1500,
            reviewed_at=at,
            source=REVIEW_SOURCE,
        )
        for at, right in sorted(answers)
    ]

    def write(connection: Connection) -> None:
        review_cards(connection, world.db.dialect, reviews, seeded(0))

    await world.db.run_in_transaction(write)


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_stats_show_the_retention_reached_and_the_forecast(clocked: QuizWorld) -> None:
    world = clocked
    english = next(m for m in world.members if world.locales[m] == "en-US")
    greek = next(m for m in world.members if world.locales[m] == "el")
    await pack_retention.set_member_pack_target(world.db, greek, "mini", 92)
    pack = world.library.get("mini")
    assert pack is not None
    for member, target in ((english, 0.88), (greek, 0.92)):
        await seed_reviews(world, member)
        locale = world.locales[member]
        shown = await world.said(await world.command(member, "stats"))
        line = tr(
            locale,
            "stats.reached_line",
            pack=pack.title.get(locale),
            reached=percent(locale, 10 / REVIEWED_DAYS),
            reviews=REVIEWED_DAYS,
            target=percent(locale, target),
        )
        assert f"{tr(locale, 'stats.reached')}: {line}" in shown
        outlook = await learning_outlook(world.db, member, world.clock.now(), guild_id=None)
        assert outlook.forecast.new == 2  # mini's two other questions, within the daily limit
        expected = forecast_text(outlook, locale)
        assert f"{tr(locale, 'stats.forecast')}: {expected}" in shown


async def test_too_few_reviews_say_so(bot_world: QuizWorld) -> None:
    world, member = bot_world, bot_world.members[0]
    locale = world.locales[member]
    shown = await world.said(await world.command(member, "stats"))
    assert tr(locale, "stats.reached_none") in shown
