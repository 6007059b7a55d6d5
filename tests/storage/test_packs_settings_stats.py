"""Pack sync, settings, and a member's stats."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from sqlalchemy import select, update

from bot.quiz.review.session import Answer, Session
from bot.storage.database import Database
from bot.storage.models import CardRow, QuestionRow
from bot.storage.packs.library import active_question_ids, sync_packs
from bot.storage.results import GuildSettings, MemberSettings, PackMastery
from bot.storage.review.review_step import take
from bot.storage.rounds.lifecycle import open_question
from bot.storage.rounds.recorder import record_answer
from bot.storage.settings.settings import (
    guild_settings,
    member_settings,
    save_guild_settings,
    save_member_settings,
)
from bot.storage.stats.member_stats import member_stats
from tests.storage.factories import (
    NOW,
    close_and_settle,
    make_pack,
    make_question,
    seeded,
    start_test_round,
)

MEMBER = 5


async def test_edited_text_keeps_the_question_and_removed_ones_turn_inactive(db: Database) -> None:
    pack = make_pack()
    edited = replace(pack, questions=(make_question("q1", correct=1, prompt="Reworded?"),))
    await sync_packs(db, [edited], NOW)
    async with db.read() as connection:
        rows = {
            row.question_id: (row.prompt, row.active)
            for row in await connection.execute(select(QuestionRow))
        }
    assert rows["q1"] == ("Reworded?", True)
    assert rows["q0"][1] is False
    assert len(rows) == 5  # nothing is deleted
    assert await active_question_ids(db, "basics") == ("q1",)
    await sync_packs(db, [pack], NOW)
    assert await active_question_ids(db, "basics") == ("q0", "q1", "q2", "q3", "q4")


async def test_settings_default_until_saved(db: Database) -> None:
    assert await guild_settings(db, 1) == GuildSettings(1)
    assert await member_settings(db, MEMBER) == MemberSettings(MEMBER, daily_new_limit=10)
    await save_guild_settings(
        db, GuildSettings(1, moderator_role_id=2**60, question_seconds=30, locale="el")
    )
    await save_guild_settings(
        db, GuildSettings(1, moderator_role_id=2**60, question_seconds=45, locale="el")
    )
    await save_member_settings(db, MemberSettings(MEMBER, 3, "Europe/Athens", reminders=True))
    assert await guild_settings(db, 1) == GuildSettings(1, 2**60, 45, "el")
    saved = await member_settings(db, MEMBER)
    assert saved == MemberSettings(MEMBER, 3, "Europe/Athens", reminders=True)


async def test_a_servers_ping_role_is_saved_kept_and_cleared(db: Database) -> None:
    role = 2**62 + 5  # a snowflake past 32 bits
    await save_guild_settings(db, GuildSettings(1, question_seconds=40, ping_role_id=role))
    assert await guild_settings(db, 1) == GuildSettings(1, None, 40, None, role)
    await save_guild_settings(db, GuildSettings(1, question_seconds=50, ping_role_id=role))
    assert (await guild_settings(db, 1)).ping_role_id == role
    await save_guild_settings(db, GuildSettings(1, question_seconds=50))
    assert (await guild_settings(db, 1)).ping_role_id is None


async def answer_round(
    db: Database, *, guild_id: int, right: int, count: int, seed: int = 1
) -> set[str]:
    """A round in ``guild_id`` where MEMBER gets the first ``right`` of ``count`` questions;
    the questions it asked."""
    view = await start_test_round(
        db, guild_id=guild_id, channel_id=guild_id * 10, question_count=count, seed=seed
    )
    for index, question_id in enumerate(view.question_order):
        await open_question(db, view.id, index, NOW)
        correct = int(question_id.removeprefix("q")) % 4
        await record_answer(
            db,
            round_id=view.id,
            question_id=question_id,
            member_id=MEMBER,
            option_index=correct if index < right else (correct + 1) % 4,
            now=NOW + timedelta(seconds=1),
        )
        await close_and_settle(db, view.id, index, NOW)
    return set(view.question_order)


async def test_member_stats(db: Database) -> None:
    here = await answer_round(db, guild_id=1, right=1, count=2)
    elsewhere = await answer_round(db, guild_id=2, right=3, count=3, seed=5)  # another server
    assert elsewhere - here - {"q4"}  # questions only the other server asked
    yesterday = NOW - timedelta(days=1)
    review = Answer(Session(MEMBER), "basics", "q4", 0, 1000)
    await take(db, review, now=yesterday, rng=seeded(1))  # due the day after tomorrow
    async with db.write() as connection:  # as if reviewed long ago: overdue since yesterday
        await connection.execute(
            update(CardRow).where(CardRow.question_id == "q4").values(due=yesterday)
        )
    stats = await member_stats(db, MEMBER, NOW + timedelta(minutes=1), guild_id=1)
    assert (stats.answers, stats.correct, stats.rounds) == (2, 1, 1)
    assert stats.accuracy == 0.5
    assert stats.streak_days == 2  # yesterday's review and today's rounds
    # Reviews are the member's own, whichever server the answers that scheduled them came from.
    seen = len(here | elsewhere | {"q4"})
    assert stats.packs == (PackMastery("basics", questions=5, seen=seen, mastered=0),)
    # Each question answered at NOW + 1 s is due in two days; q4 is overdue, so the next
    # review is now (issue 24: never the next card to fall due later).
    assert stats.next_review_due == NOW + timedelta(minutes=1)
    everywhere = await member_stats(db, MEMBER, NOW + timedelta(minutes=1))
    assert (everywhere.answers, everywhere.correct, everywhere.rounds) == (5, 4, 2)
    assert everywhere.packs == stats.packs
    nowhere = await member_stats(db, MEMBER, NOW + timedelta(minutes=1), guild_id=3)
    assert (nowhere.answers, nowhere.correct, nowhere.rounds) == (0, 0, 0)
    assert nowhere.accuracy is None  # shown as "–", never 0 %
