"""The dates /settings offers for time away as a member types: the coming days, named in the
member's language ("Mon 4 January 2027"), whose value is the YYYY-MM-DD the option takes; a
date typed in full is offered first, so nobody has to scroll to it."""

from __future__ import annotations

from datetime import date, timedelta

from babel import Locale
from babel.dates import format_date
from discord import app_commands

from bot.app.kit.pack_choices import MAX_CHOICES
from bot.quiz.model import language_of
from bot.quiz.reminders.study_plan import read_date

_DAYS_OFFERED = 60  # the coming days a search looks among


def date_choices(typed: str, locale: str, today: date) -> list[app_commands.Choice[str]]:
    """Up to 25 of the coming days whose name or YYYY-MM-DD contains what was typed."""
    language = Locale.parse(language_of(locale))
    wanted = typed.strip().casefold()
    exact = read_date(typed)
    days = [exact] if exact is not None else []
    days += [today + timedelta(days=offset) for offset in range(_DAYS_OFFERED)]
    choices: list[app_commands.Choice[str]] = []
    for day in dict.fromkeys(days):
        name = f"{format_date(day, 'EEE d MMMM y', locale=language)} · {day.isoformat()}"
        if day is exact or wanted in name.casefold():
            choices.append(app_commands.Choice(name=name, value=day.isoformat()))
    return choices[:MAX_CHOICES]
