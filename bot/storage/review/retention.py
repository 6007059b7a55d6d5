"""The member's /settings, with what each retention choice would cost them in reviews a day."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from bot.quiz.reminders.reminder_settings import Problem, SettingsChange
from bot.quiz.reminders.study_plan import PlanProblem
from bot.quiz.review.retention import outlook
from bot.quiz.zones import zone_or_utc
from bot.storage.database import Database
from bot.storage.models import CardRow
from bot.storage.results import MemberSettings
from bot.storage.review.away_spread import spread_away
from bot.storage.review.cards import POLICY
from bot.storage.review.due_queue import active_cards
from bot.storage.settings.settings import change_member_settings


@dataclass(frozen=True, slots=True)
class SettingsReply:
    settings: MemberSettings  # as saved, or as they would have been (``problems``)
    problems: list[Problem | PlanProblem]
    reviews_a_day: Mapping[int, float]  # per retention choice (percent), from the member's cards


async def settings_reply(
    db: Database,
    member_id: int,
    change: SettingsChange,
    *,
    known_zones: frozenset[str],
    client_locale: str | None,
    now: datetime,
) -> SettingsReply:
    """The member's change applied (``change_member_settings``), with the cards due in a new
    away window spread over the days after it, and the reviews a day each retention choice
    would cost with their cards as they are (those a review can show)."""
    updated, problems = await change_member_settings(
        db, member_id, change, known_zones=known_zones, client_locale=client_locale, now=now
    )
    window_set = change.plan.away_from is not None or change.plan.away_until is not None
    if window_set and not problems:  # what falls due while away goes to the days after it
        zone = zone_or_utc(updated.time_zone)
        await spread_away(db, member_id, updated.study_plan, zone)
    query = (
        active_cards(member_id, None)
        .with_only_columns(CardRow.stability)
        .where(CardRow.stability.is_not(None))
    )
    async with db.read() as connection:
        stabilities = [float(s) for s in await connection.scalars(query) if s is not None]
    return SettingsReply(updated, problems, outlook(stabilities, POLICY))
