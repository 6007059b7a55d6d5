"""Per-server and per-member settings; defaults stand in for members who never set any."""

from __future__ import annotations

from dataclasses import asdict, replace
from datetime import datetime
from typing import Any

from sqlalchemy import Row, select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.quiz.reminders.reminder_settings import Problem, SettingsChange, changed
from bot.quiz.reminders.study_plan import PlanProblem, changed_plan, weekday_mask
from bot.quiz.review.scheduling import as_utc
from bot.quiz.zones import zone_or_utc
from bot.storage.database import Database
from bot.storage.dialects import insert_for
from bot.storage.models import GuildSettingsRow, MemberSettingsRow
from bot.storage.models import guild_settings_table as guilds
from bot.storage.models import member_settings_table as members
from bot.storage.results import GuildSettings, MemberSettings


async def guild_settings(db: Database, guild_id: int) -> GuildSettings:
    async with db.read() as connection:
        row = (
            await connection.execute(select(guilds).where(GuildSettingsRow.guild_id == guild_id))
        ).one_or_none()
    if row is None:
        return GuildSettings(guild_id)
    return GuildSettings(
        row.guild_id,
        row.moderator_role_id,
        row.question_seconds,
        row.locale,
        row.ping_role_id,
        row.pause_limit_minutes,
        row.time_zone,
        row.grace_minutes,
        row.suggestions_open,
        row.suggestions_channel_id,
        row.ping_role_set_by,
    )


async def save_guild_settings(db: Database, settings: GuildSettings) -> None:
    values = asdict(settings)
    insert = insert_for(db.dialect, guilds)
    async with db.write() as connection:
        await connection.execute(
            insert.on_conflict_do_update(
                index_elements=[guilds.c.guild_id],
                set_={k: insert.excluded[k] for k in values if k != "guild_id"},
            ),
            [values],
        )


async def member_settings(db: Database, member_id: int) -> MemberSettings:
    async with db.read() as connection:
        return await read_member_settings(connection, member_id)


async def read_member_settings(connection: AsyncConnection, member_id: int) -> MemberSettings:
    """The member's settings, read on a connection the caller already holds."""
    row = (
        await connection.execute(select(members).where(MemberSettingsRow.member_id == member_id))
    ).one_or_none()
    return MemberSettings(member_id) if row is None else member_settings_of(row)


def member_settings_of(row: Row[Any]) -> MemberSettings:
    """The settings in a row of ``member_settings`` (all its columns)."""
    return MemberSettings(
        row.member_id,
        row.daily_new_limit,
        row.time_zone,
        row.reminders,
        row.reminder_hour,
        row.quiet_start,
        row.quiet_end,
        row.locale,
        row.client_locale,
        row.dm_refused,
        row.event_reminders,
        row.retention,
        row.away_from,
        row.away_until,
        row.easy_days,
        row.daily_reviews,
    )


async def save_member_settings(db: Database, settings: MemberSettings) -> None:
    """Saves what the member chose; ``dm_refused`` is left to the reminders, which set it, and
    to the one notice that clears it (a save must not bring back a notice already shown)."""
    values = asdict(settings) | {"dm_refused": False}
    chosen = [k for k in values if k not in {"member_id", "dm_refused"}]
    insert = insert_for(db.dialect, members)
    async with db.write() as connection:
        await connection.execute(
            insert.on_conflict_do_update(
                index_elements=[members.c.member_id],
                set_={k: insert.excluded[k] for k in chosen},
            ),
            [values],
        )


async def take_refused_notice(db: Database, member_id: int) -> bool:
    """True exactly once after a refused reminder (``bot.storage.reminders.due_reminders.refused``):
    whoever gets True tells the member."""
    async with db.write() as connection:
        taken = await connection.execute(
            update(MemberSettingsRow)
            .where(MemberSettingsRow.member_id == member_id, MemberSettingsRow.dm_refused)
            .values(dm_refused=False)
        )
    return bool(taken.rowcount)


async def return_refused_notice(db: Database, member_id: int) -> None:
    """The notice could not be shown: the member is told next time instead."""
    async with db.write() as connection:
        await connection.execute(
            update(MemberSettingsRow)
            .where(MemberSettingsRow.member_id == member_id)
            .values(dm_refused=True)
        )


async def change_member_settings(
    db: Database,
    member_id: int,
    change: SettingsChange,
    *,
    known_zones: frozenset[str],
    client_locale: str | None,
    now: datetime,
) -> tuple[MemberSettings, list[Problem | PlanProblem]]:
    """Applies what the member asked for and saves it, unless something is wrong with it; the
    settings as they are then (saved, or as they would have been), and what is wrong. Dates of
    the study plan are the member's: ``now`` is read in their time zone (the new one, if set)."""
    current = await member_settings(db, member_id)
    rules, problems = changed(current.reminder_rules, change, known_zones)
    today = as_utc(now).astimezone(zone_or_utc(rules.time_zone)).date()
    plan, plan_problems = changed_plan(current.study_plan, change.plan, today)
    quiet, away = rules.quiet, plan.away
    updated = replace(
        current,
        time_zone=rules.time_zone,
        daily_new_limit=rules.daily_new_limit,
        reminders=rules.reminders,
        reminder_hour=rules.reminder_hour,
        quiet_start=quiet.start if quiet is not None else None,
        quiet_end=quiet.end if quiet is not None else None,
        locale=rules.language,
        client_locale=client_locale or current.client_locale,
        event_reminders=rules.event_reminders,
        # CLEAR_TARGET (0) goes back to no choice: the targets below it apply again.
        retention=current.retention if change.retention is None else change.retention or None,
        away_from=away.first if away is not None else None,
        away_until=away.last if away is not None else None,
        easy_days=weekday_mask(plan.easy_weekdays),
        daily_reviews=plan.daily_reviews,
    )
    found: list[Problem | PlanProblem] = [*problems, *plan_problems]
    if not found and updated != current:
        await save_member_settings(db, updated)
    return updated, found
