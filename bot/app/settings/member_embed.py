"""A member's own settings (/settings), and why a change was refused."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import astuple, dataclass

import discord
from babel import Locale
from babel.dates import format_date

from bot.app.kit.catalogue import tr
from bot.app.kit.command_text import command_as_shown
from bot.app.kit.limits import echo
from bot.app.kit.message_parts import BRAND
from bot.quiz.model import language_of
from bot.quiz.reminders.reminder_settings import Problem
from bot.quiz.reminders.study_plan import PlanProblem, StudyPlan
from bot.quiz.review.retention import retention_of
from bot.quiz.schedules.events import NOTICE_LEAD
from bot.storage.results import MemberSettings
from bot.storage.review.retention import SettingsReply

NOTICE_MINUTES = round(NOTICE_LEAD.total_seconds() / 60)
LANGUAGE_NAMES = {"en": "choice.english", "el": "choice.greek"}


def hour(value: int) -> str:
    return f"{value:02d}:00"


def settings_embed(outcome: SettingsReply, locale: str, *, saved: bool) -> discord.Embed:
    settings = outcome.settings
    heading = "settings.member.saved" if saved else "settings.member.current"
    embed = discord.Embed(
        title=tr(locale, "settings.member.title"),
        description=tr(locale, heading, command=command_as_shown(locale, "settings")),
        colour=BRAND,
    )
    embed.add_field(name=tr(locale, "settings.member.time_zone"), value=settings.time_zone)
    embed.add_field(
        name=tr(locale, "settings.member.new_per_day"), value=str(settings.daily_new_limit)
    )
    reminders = (
        tr(locale, "settings.member.reminders_on", hour=hour(settings.reminder_hour))
        if settings.reminders
        else tr(locale, "settings.member.reminders_off")
    )
    embed.add_field(name=tr(locale, "settings.member.reminders"), value=reminders, inline=False)
    quiet = tr(locale, "settings.member.no_quiet")
    if settings.quiet_start is not None and settings.quiet_end is not None:
        quiet = tr(
            locale,
            "settings.member.quiet_hours",
            start=hour(settings.quiet_start),
            end=hour(settings.quiet_end),
        )
    embed.add_field(name=tr(locale, "settings.member.quiet"), value=quiet)
    language = LANGUAGE_NAMES.get(settings.locale or "")
    embed.add_field(
        name=tr(locale, "settings.member.language"),
        value=tr(locale, language or "settings.member.client_language"),
    )
    embed.add_field(
        name=tr(locale, "settings.member.event_reminders"),
        value=tr(locale, "settings.member.event_reminders_on", minutes=NOTICE_MINUTES)
        if settings.event_reminders
        else tr(locale, "settings.member.reminders_off"),
        inline=False,
    )
    _add_plan(embed, settings.study_plan, locale)
    chosen = retention_of(settings.retention)
    embed.add_field(
        name=tr(locale, "settings.member.retention", percent=chosen),
        value=retention_text(outcome, chosen, locale),
        inline=False,
    )
    return embed


def _add_plan(embed: discord.Embed, plan: StudyPlan, locale: str) -> None:
    """Time away, easy days and the daily limit, each as the member set it (or none)."""
    language = Locale.parse(language_of(locale))
    away = tr(locale, "settings.member.away_none")
    if plan.away is not None:
        first, last = (format_date(d, "d MMMM y", locale=language) for d in astuple(plan.away))
        away = tr(locale, "settings.member.away_window", first=first, last=last)
    embed.add_field(name=tr(locale, "settings.member.away"), value=away, inline=False)
    names = language.days["format"]["abbreviated"]
    easy = ", ".join(names[day] for day in sorted(plan.easy_weekdays))
    embed.add_field(
        name=tr(locale, "settings.member.easy_days"),
        value=easy or tr(locale, "settings.member.easy_none"),
    )
    daily = tr(locale, "settings.member.daily_reviews_none")
    if plan.daily_reviews is not None:
        daily = tr(locale, "settings.member.daily_reviews_limit", count=plan.daily_reviews)
    embed.add_field(name=tr(locale, "settings.member.daily_reviews"), value=daily)


def retention_text(outcome: SettingsReply, chosen: int, locale: str) -> str:
    """The reviews a day at each retention choice, the member's own in bold."""
    if not any(outcome.reviews_a_day.values()):
        return tr(locale, "settings.member.retention_no_cards")
    lines = [tr(locale, "settings.member.retention_outlook")]
    for percent, reviews in outcome.reviews_a_day.items():
        key = (
            "settings.member.retention_current"
            if percent == chosen
            else "settings.member.retention_choice"
        )
        lines.append(tr(locale, key, percent=percent, reviews=reviews))
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Typed:
    """What the member typed that a problem may quote back."""

    time_zone: str | None = None
    easy_days: str | None = None


def problems_text(
    problems: Sequence[Problem | PlanProblem],
    attempted: MemberSettings,
    typed: Typed,
    locale: str,
) -> str:
    """One line per problem, then that nothing was changed."""
    params = {
        "zone": echo(typed.time_zone or attempted.time_zone),
        "days": echo(typed.easy_days or ""),
        "hour": hour(attempted.reminder_hour),
        "start": hour(attempted.quiet_start or 0),
        "end": hour(attempted.quiet_end or 0),
    }
    lines = [tr(locale, f"settings.problem.{problem.value}", **params) for problem in problems]
    return "\n".join([*lines, tr(locale, "settings.member.not_saved")])
