"""What `/quiz schedule` says, privately in the moderator's language, and the DM that tells a
schedule's moderator what became of rounds that did not start."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import discord

from bot.app.kit.catalogue import tr
from bot.app.kit.limits import CONTENT, fit_text
from bot.app.kit.message_parts import BRAND, pack_title
from bot.app.kit.team_plans import teams_text
from bot.app.schedules.planning import Planned, Refused, Skipped
from bot.quiz.packs.library import Library
from bot.quiz.schedules.series import (
    BUSY_WAIT,
    MAX_SCHEDULES,
    Outcome,
    Schedule,
    day_name,
    time_text,
)
from bot.storage.schedules.series import Note

CHOICE_NAME = 100  # Discord's limit on an autocomplete suggestion's name


def full_time(moment: datetime) -> str:
    """A timestamp each member's client shows in their own zone and language, date and time."""
    return discord.utils.format_dt(moment, "F")


def when(schedule: Schedule, locale: str) -> str:
    """``every Monday at 19:00``."""
    recurrence = schedule.recurrence
    return tr(locale, "schedule.when", day=day_name(recurrence), time=time_text(recurrence.minute))


def added_text(
    planned: Planned, library: Library, locale: str, *, ping_unreachable: bool, events: bool
) -> str:
    """The new schedule; whether its Discord event comes (the bot may make events, ``events``)
    or not, and a ping Discord would not let through."""
    schedule = planned.schedule
    lines = [
        tr(
            locale,
            "schedule.added",
            pack=pack_title(library.get(schedule.pack_id), schedule.pack_id, locale),
            channel=f"<#{schedule.channel_id}>",
            when=when(schedule, locale),
            zone=planned.zone,
            id=schedule.id,
        ),
        *_details(planned, locale),
        tr(locale, "schedule.zone_hint", zone=planned.zone),
        tr(locale, "schedule.with_event" if events else "schedule.no_event"),
    ]
    if ping_unreachable and schedule.ping_role_id is not None:
        lines.append(tr(locale, "settings.ping_unreachable", role=f"<@&{schedule.ping_role_id}>"))
    return fit_text("\n".join(lines), CONTENT)


def refused_text(refused: Refused, locale: str, *, time: str, ends: str | None) -> str:
    if refused.problem is None:
        return tr(locale, "schedule.too_many", limit=MAX_SCHEDULES)
    return tr(
        locale,
        f"schedule.problem.{refused.problem.value}",
        time=time,
        ends=ends or "",
        zone=refused.zone,
    )


def list_embed(found: Sequence[Planned], library: Library, locale: str) -> discord.Embed:
    """The server's schedules, one field each (there are at most MAX_SCHEDULES: 25 fields)."""
    embed = discord.Embed(title=tr(locale, "schedule.list_title"), colour=BRAND)
    if not found:
        embed.description = tr(locale, "schedule.list_empty")
        return embed
    for planned in found:
        schedule = planned.schedule
        title = pack_title(library.get(schedule.pack_id), schedule.pack_id, locale)
        value = [
            tr(
                locale,
                "schedule.list_value",
                when=when(schedule, locale),
                channel=f"<#{schedule.channel_id}>",
            ),
            *_details(planned, locale),
        ]
        embed.add_field(
            name=tr(locale, "schedule.list_name", id=schedule.id, pack=title),
            value="\n".join(value),
            inline=False,
        )
    embed.set_footer(text=tr(locale, "schedule.list_footer", zone=found[0].zone))
    return embed


def _details(planned: Planned, locale: str) -> list[str]:
    """The end, the ping, the teams and the next rounds of a schedule."""
    schedule = planned.schedule
    lines = []
    if schedule.recurrence.ends_on is not None:
        lines.append(tr(locale, "schedule.ends", day=schedule.recurrence.ends_on.isoformat()))
    if schedule.ping_role_id is not None:
        lines.append(tr(locale, "schedule.pings", role=f"<@&{schedule.ping_role_id}>"))
    if schedule.teams is not None:
        lines.append(teams_text(schedule.teams, locale))
    if planned.next:
        times = ", ".join(full_time(o.due_at) for o in planned.next)
        lines.append(tr(locale, "schedule.next_rounds", times=times))
    else:
        lines.append(tr(locale, "schedule.list_ended"))
    return lines


def skipped_text(skipped: Skipped, locale: str) -> str:
    schedule_id = skipped.schedule.id
    if skipped.skipped is None:
        return tr(locale, "schedule.nothing_to_skip", id=schedule_id)
    lines = [tr(locale, "schedule.skipped", time=full_time(skipped.skipped.due_at), id=schedule_id)]
    if skipped.then is not None:
        lines.append(tr(locale, "schedule.skipped_then", time=full_time(skipped.then.due_at)))
    return "\n".join(lines)


def choice_name(schedule: Schedule, library: Library, locale: str) -> str:
    """A schedule as the remove and skip options suggest it: ``#3 · Mini quiz · every …``."""
    title = pack_title(library.get(schedule.pack_id), schedule.pack_id, locale)
    name = f"#{schedule.id} · {title} · {when(schedule, locale)}"
    return name if len(name) <= CHOICE_NAME else name[: CHOICE_NAME - 1] + "…"


def note_text(notes: Sequence[Note], library: Library, locale: str, *, grace_minutes: int) -> str:
    """One DM for a schedule's rounds that did not start, each with its reason."""
    schedule = notes[0].schedule
    lines = [
        tr(
            locale,
            "schedule.note",
            pack=pack_title(library.get(schedule.pack_id), schedule.pack_id, locale),
            channel=f"<#{schedule.channel_id}>",
        )
    ]
    lines += [
        tr(
            locale,
            "schedule.note_line",
            time=full_time(note.occurrence.due_at),
            reason=_reason(note, locale, grace_minutes),
        )
        for note in notes
    ]
    return fit_text("\n".join(lines), CONTENT)


def _reason(note: Note, locale: str, grace_minutes: int) -> str:
    wait = round(BUSY_WAIT.total_seconds() / 60)
    minutes = wait if note.outcome is Outcome.BUSY else grace_minutes
    return tr(locale, f"schedule.outcome.{note.outcome.value}", minutes=minutes)
