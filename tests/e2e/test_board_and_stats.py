"""`/leaderboard` per period and pack, in the server's language; `/stats`. (Ranks, ties, cuts and
the private copies: test_standings_and_boards.py.)"""

from __future__ import annotations

import re
from datetime import timedelta

from sqlalchemy import func, select, update

from bot.app.kit.catalogue import tr
from bot.app.kit.context import utc_now
from bot.storage.models import CardRow
from tests.e2e.conftest import QuizWorld, seed_finished_round, titled


async def test_a_weekly_board_for_one_pack(bot_world: QuizWorld) -> None:
    world = bot_world
    await seed_finished_round(world, {world.members[0]: 2})
    greek = next(m for m in world.members if world.locales[m] == "el")
    year, week, _ = utc_now().isocalendar()
    this_week = f"Week {week}, {year}"  # by name: the message stays true in later weeks
    await world.command(greek, "leaderboard", period="week", pack="mini")
    board = await world.wait_for_message(titled("Leaderboard"))
    # Public: in the server's language (English here), whoever asked.
    assert board["embeds"][0]["title"] == f"Leaderboard · {this_week} · Mini quiz"
    assert board["embeds"][0]["description"].startswith(f"**1.** <@{world.members[0]}>: 2 correct")
    await world.command(greek, "leaderboard", period="week", pack="ring-attention")
    empty = await world.wait_for_message(titled(f"Leaderboard · {this_week} · Sequence"))
    assert empty["embeds"][0]["description"] == "No answers yet in this period."


async def test_stats_show_answers_accuracy_streak_and_mastery(bot_world: QuizWorld) -> None:
    world = bot_world
    member = world.members[0]  # an en-US member
    await seed_finished_round(world, {member: 2})
    said = await world.said(await world.command(member, "stats"))
    assert "Answers: 3" in said
    assert "Accuracy: 67%" in said
    assert "Rounds: 1" in said
    assert "Daily streak: 1 day" in said
    assert "1 days" not in said
    assert "Mini quiz: 0/3 mastered, 3 seen" in said
    assert "Next review: <t:" in said


async def test_stats_of_another_member(bot_world: QuizWorld) -> None:
    world = bot_world
    other = world.members[3]
    await seed_finished_round(world, {other: 3})
    said = await world.said(await world.command(world.members[0], "stats", member=str(other)))
    assert f"<@{other}>" in said
    assert "Accuracy: 100%" in said


async def test_stats_show_the_next_review_ahead_now_or_nothing_scheduled(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    member, newcomer = world.members[0], world.members[1]
    await seed_finished_round(world, {member: 2})
    async with world.db.read() as connection:
        ahead = await connection.scalar(
            select(func.min(CardRow.due)).where(CardRow.member_id == member)
        )
    said = await world.said(await world.command(member, "stats"))
    assert ahead is not None
    assert ahead > utc_now()
    shown = re.search(r"Next review: <t:(\d+):R>", said)
    assert shown is not None, said
    assert int(shown.group(1)) == int(ahead.timestamp())  # <t:…:R> has whole seconds

    # One card overdue by two minutes: it is due now, not at the next card to fall due.
    async with world.db.write() as connection:
        await connection.execute(
            update(CardRow)
            .where(CardRow.member_id == member, CardRow.question_id == "two")
            .values(due=utc_now() - timedelta(minutes=2))
        )
    said = await world.said(await world.command(member, "stats"))
    assert "Next review: now" in said, said
    assert "<t:" not in said

    said = await world.said(await world.command(newcomer, "stats"))
    locale = world.locales[newcomer]
    assert f"{tr(locale, 'stats.next_review')}: {tr(locale, 'stats.no_review')}" in said
