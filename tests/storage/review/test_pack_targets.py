"""Retention targets per pack in storage, on SQLite and PostgreSQL: the same answers fall due
later under a lower target for that pack only, a server's pack default applies to a member who
chose none (from the server the answer is given in, for a shipped pack), and clearing a target
lets the next one apply."""

from __future__ import annotations

import random
from datetime import datetime

import pytest
from sqlalchemy import Connection

from bot.quiz.packs.server_packs import stored_pack_id
from bot.quiz.reminders.reminder_settings import SettingsChange
from bot.quiz.review.targets import CLEAR_TARGET
from bot.storage.database import Database
from bot.storage.packs.library import sync_packs
from bot.storage.review.cards import REVIEW_SOURCE, CardReview, review_cards
from bot.storage.settings import pack_retention
from bot.storage.settings.settings import change_member_settings
from tests.storage.factories import NOW, make_pack

SERVER, OTHER_SERVER, MODERATOR = 700, 800, 9
OWN_PACK = stored_pack_id("local", SERVER)


async def due_after_right_answers(
    db: Database, member_id: int, pack_id: str, guild_id: int | None = None, answers: int = 4
) -> datetime:
    """The card's due date after ``answers`` right answers, each given when it fell due."""
    at = NOW
    for _ in range(answers):
        review = CardReview(
            member_id,
            pack_id,
            "q1",
            correct=True,
            guess_space=4,
            response_ms=1500,
            reviewed_at=at,
            source=REVIEW_SOURCE,
            guild_id=guild_id,
        )

        def write(connection: Connection, review: CardReview = review) -> datetime:
            fuzz = random.Random(0)  # noqa: S311  # the same fuzz for every member
            return review_cards(connection, db.dialect, [review], fuzz)[review.key].due

        at = await db.run_in_transaction(write)
    return at


@pytest.fixture
async def packs_db(db: Database) -> Database:
    packs = [make_pack("basics"), make_pack("other"), make_pack(OWN_PACK)]
    await sync_packs(db, packs, NOW)
    return db


async def test_a_pack_target_moves_that_packs_due_dates_only(packs_db: Database) -> None:
    db = packs_db
    await pack_retention.set_member_pack_target(db, 1, "basics", 80)
    await pack_retention.set_member_pack_target(db, 2, "basics", 95)
    relaxed = await due_after_right_answers(db, 1, "basics")
    strict = await due_after_right_answers(db, 2, "basics")
    assert relaxed > strict
    unset = await due_after_right_answers(db, 3, "other")
    assert await due_after_right_answers(db, 1, "other") == unset
    assert await due_after_right_answers(db, 2, "other") == unset


async def test_a_servers_pack_default_applies_where_the_answer_is_given(
    packs_db: Database,
) -> None:
    db = packs_db
    await pack_retention.set_server_pack_default(db, SERVER, "basics", 80, by=MODERATOR)
    bots = await due_after_right_answers(db, 1, "basics", guild_id=OTHER_SERVER)
    in_dm = await due_after_right_answers(db, 2, "basics", guild_id=None)
    in_server = await due_after_right_answers(db, 3, "basics", guild_id=SERVER)
    assert in_dm == bots
    assert in_server > bots
    assert await pack_retention.server_pack_defaults(db, SERVER) == {"basics": 80}


async def test_a_servers_own_pack_takes_its_default_anywhere(packs_db: Database) -> None:
    db = packs_db
    bots = await due_after_right_answers(db, 1, OWN_PACK)
    await pack_retention.set_server_pack_default(db, SERVER, OWN_PACK, 80, by=MODERATOR)
    assert await due_after_right_answers(db, 2, OWN_PACK, guild_id=None) > bots


async def test_the_members_own_target_beats_the_servers_default(packs_db: Database) -> None:
    db = packs_db
    await pack_retention.set_server_pack_default(db, SERVER, "basics", 80, by=MODERATOR)
    strict = await due_after_right_answers(db, 1, "basics", guild_id=OTHER_SERVER, answers=4)
    await change_member_settings(
        db,
        2,
        SettingsChange(retention=95),
        known_zones=frozenset({"UTC"}),
        client_locale=None,
        now=NOW,
    )
    strict_anyway = await due_after_right_answers(db, 2, "basics", guild_id=SERVER)
    assert strict_anyway < strict


async def test_clearing_a_pack_target_lets_the_next_one_apply(packs_db: Database) -> None:
    db = packs_db
    await pack_retention.set_member_pack_target(db, 1, "basics", 95)
    assert await pack_retention.member_pack_targets(db, 1) == {"basics": 95}
    await pack_retention.set_member_pack_target(db, 1, "basics", 80)
    assert await pack_retention.member_pack_targets(db, 1) == {"basics": 80}
    await pack_retention.set_member_pack_target(db, 1, "basics", CLEAR_TARGET)
    assert await pack_retention.member_pack_targets(db, 1) == {}
    assert await due_after_right_answers(db, 1, "basics") == await due_after_right_answers(
        db, 2, "basics"
    )
    assert await pack_retention.packs_with_cards(db, 1) == ["basics"]
