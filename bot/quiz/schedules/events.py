"""A schedule's Discord event, in the domain's terms: how long an occurrence's event lasts, when
Discord's recurrence rule puts an occurrence, and when members who said "Interested" are told.

Discord's recurrence rules have no time zone: an event repeats at the same UTC time. A series
kept at its local time (bot/quiz/schedules/series.py) therefore drifts from its event by a clock
change; the event is re-based on the series' next occurrence whenever the two disagree, and an
occurrence in between is named by the time the rule gives it (``rule_time``).
"""

from __future__ import annotations

import math
from datetime import date, datetime, timedelta

from bot.quiz.reminders.reminder_settings import Quiet

NOTICE_LEAD = timedelta(minutes=5)  # how long before a round the interested are told
MIN_EVENT = timedelta(minutes=10)
EVENT_STEP_S = 5 * 60  # an event's length is rounded up to whole five minutes
# A question's own seconds, plus the pause before the next and the time its reveal is read.
BETWEEN_QUESTIONS_S = 10


def event_length(questions: int, seconds: int) -> timedelta:
    """How long an occurrence's event lasts: about as long as its round takes."""
    needed = questions * (seconds + BETWEEN_QUESTIONS_S)
    rounded = math.ceil(needed / EVENT_STEP_S) * EVENT_STEP_S
    return max(MIN_EVENT, timedelta(seconds=rounded))


def rule_time(rule_start: datetime, rule_day: date, day: date) -> datetime:
    """When a daily or weekly rule that started at ``rule_start`` (on local day ``rule_day``)
    puts the occurrence of local ``day``: the same UTC time of day, whatever the clocks did."""
    return rule_start + timedelta(days=(day - rule_day).days)


def notice_due(due_at: datetime, now: datetime) -> bool:
    """Whether the interested are to be told of a round due at ``due_at`` now: in the last
    NOTICE_LEAD before it, not after it has started."""
    return due_at - NOTICE_LEAD <= now < due_at


def quiet_now(quiet: Quiet | None, local_hour: int) -> bool:
    """Whether a member's quiet hours cover the hour it is where they are."""
    return quiet is not None and quiet.covers(local_hour)
