"""Reminder claims: one process wins each (member, local day), an expired claim is taken over with
its sends counted, a sent one never again; refused DMs; due counts; member settings changes."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import date, timedelta

from bot.quiz.reminders.reminder_settings import Problem, SettingsChange
from bot.storage.database import Database
from bot.storage.packs.library import sync_packs
from bot.storage.reminders import due_reminders
from bot.storage.settings.settings import (
    change_member_settings,
    member_settings,
    return_refused_notice,
    save_member_settings,
    take_refused_notice,
)
from tests.storage.factories import NOW, make_pack, review_once

MEMBER = 7
DAY = date(2026, 11, 25)
LEASE = timedelta(minutes=2)
ZONES = frozenset({"UTC", "Europe/Athens"})


async def _claim(db: Database, worker: str, minutes: int = 0) -> due_reminders.Claim | None:
    now = NOW + timedelta(minutes=minutes)
    return await due_reminders.claim(db, MEMBER, DAY, worker=worker, now=now, lease=LEASE)


async def test_the_first_claim_wins_and_an_expired_one_is_taken_over(db: Database) -> None:
    assert await _claim(db, "a") == due_reminders.Claim(MEMBER, DAY, 0)
    assert await _claim(db, "b") is None  # a holds it
    claim = due_reminders.Claim(MEMBER, DAY, 0)
    await due_reminders.note_attempt(db, claim)  # a may have sent it, then died
    assert await _claim(db, "b", minutes=1) is None  # the lease still runs
    taken = await _claim(db, "b", minutes=3)
    assert taken == due_reminders.Claim(MEMBER, DAY, 1)  # b looks for the DM before sending
    assert taken is not None
    await due_reminders.sent(db, taken, message_id=99, now=NOW)
    assert await _claim(db, "c", minutes=60) is None  # sent: never again
    assert await due_reminders.unfinished(db, NOW + timedelta(hours=1)) == []


async def test_of_many_racing_claims_from_two_processes_one_wins(
    db: Database, database_url: str
) -> None:
    other = Database.open(database_url)  # another process's own engine and pool
    try:
        claims = await asyncio.gather(*(_claim(db if n % 2 else other, f"w{n}") for n in range(12)))
    finally:
        await other.close()
    assert sum(claim is not None for claim in claims) == 1


async def test_candidates_and_unfinished_claims(db: Database) -> None:
    await save_member_settings(db, replace(await member_settings(db, MEMBER), reminders=True))
    await save_member_settings(db, replace(await member_settings(db, 8), reminders=False))
    (candidate,) = await due_reminders.candidates(db)
    assert (candidate.settings.member_id, candidate.last_reminded) == (MEMBER, None)
    await _claim(db, "a")
    (candidate,) = await due_reminders.candidates(db)
    assert candidate.last_reminded == DAY
    assert await due_reminders.unfinished(db, NOW) == []
    (left,) = await due_reminders.unfinished(db, NOW + LEASE + timedelta(seconds=1))
    assert (left.settings.member_id, left.last_reminded) == (MEMBER, DAY)


async def test_a_refused_dm_turns_reminders_off_and_owes_one_notice(db: Database) -> None:
    await save_member_settings(db, replace(await member_settings(db, MEMBER), reminders=True))
    claim = await _claim(db, "a")
    assert claim is not None
    await due_reminders.refused(db, claim)
    settings = await member_settings(db, MEMBER)
    assert (settings.reminders, settings.dm_refused) == (False, True)
    assert await due_reminders.refused_members(db) == {MEMBER}
    # Saving settings (e.g. /settings with nothing changed) neither shows nor drops the notice.
    await save_member_settings(db, replace(settings, daily_new_limit=3))
    assert await take_refused_notice(db, MEMBER)
    assert not await take_refused_notice(db, MEMBER)  # told once
    await return_refused_notice(db, MEMBER)  # it could not be shown: next time
    assert await due_reminders.refused_members(db) == {MEMBER}
    await save_member_settings(db, replace(settings, daily_new_limit=4))
    assert (await member_settings(db, MEMBER)).dm_refused


async def test_due_counts_by_pack_of_active_questions_only(db: Database) -> None:
    await sync_packs(db, [make_pack(), make_pack("other", questions=2)], NOW)
    for pack_id, question_id in (("basics", "q0"), ("basics", "q1"), ("other", "q0")):
        await review_once(db, MEMBER, pack_id, question_id, now=NOW)
    later = NOW + timedelta(days=400)  # past every interval
    assert await due_reminders.due_counts(db, MEMBER, NOW) == {}
    assert await due_reminders.due_counts(db, MEMBER, later) == {"basics": 2, "other": 1}
    await sync_packs(db, [make_pack(), make_pack("other", questions=0)], NOW)
    assert await due_reminders.due_counts(db, MEMBER, later) == {"basics": 2}


async def test_a_settings_change_is_saved_only_without_problems(db: Database) -> None:
    wanted = SettingsChange(time_zone="Europe/Athens", reminders=True, quiet_start=23, quiet_end=6)
    saved, found = await change_member_settings(
        db, MEMBER, wanted, known_zones=ZONES, client_locale="el", now=NOW
    )
    assert found == []
    assert await member_settings(db, MEMBER) == saved
    assert (saved.quiet_start, saved.quiet_end, saved.client_locale) == (23, 6, "el")
    refused = SettingsChange(time_zone="Nowhere", reminder_hour=2)
    _, found = await change_member_settings(
        db, MEMBER, refused, known_zones=ZONES, client_locale="el", now=NOW
    )
    assert found == [Problem.UNKNOWN_ZONE, Problem.HOUR_IS_QUIET]
    assert await member_settings(db, MEMBER) == saved
