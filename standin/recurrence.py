"""A scheduled event's recurrence rule: the shapes Discord allows, and the occurrences it gives.

Discord's rule is a subset of iCalendar's, as python-dateutil's ``rrule`` implements it, with the
"system limitations" its docs list: ``count``, ``end`` and ``by_year_day`` cannot be set;
``by_weekday``, ``by_n_weekday`` and ``by_month`` + ``by_month_day`` exclude each other;
``by_weekday`` only for daily events (one of six known sets of days) and weekly ones (one day);
``by_n_weekday`` only for monthly events (one entry); ``by_month`` with ``by_month_day`` only for
yearly events (one each, both given); an ``interval`` other than 1 only for weekly events, and
then 2 ("every other week"). The rule carries no time zone, so occurrences are counted in UTC
from its ``start``.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Literal, NoReturn

from dateutil import rrule

from standin import timestamps
from standin.errors import field_error
from standin.model import Json

YEARLY, MONTHLY, WEEKLY, DAILY = 0, 1, 2, 3
DAILY_WEEKDAY_SETS = (
    frozenset({0, 1, 2, 3, 4}),  # Monday to Friday
    frozenset({1, 2, 3, 4, 5}),  # Tuesday to Saturday
    frozenset({6, 0, 1, 2, 3}),  # Sunday to Thursday
    frozenset({4, 5}),  # Friday and Saturday
    frozenset({5, 6}),  # Saturday and Sunday
    frozenset({6, 0}),  # Sunday and Monday
)
UNSETTABLE = ("count", "end", "by_year_day")
START_REACH = dt.timedelta(days=5 * 366)
LAST_WEEK = 5  # by_n_weekday's n: 5 is the month's last such weekday
_AT = "recurrence_rule"
# Discord's frequencies are dateutil's own numbers; named here for the type checker.
_FREQUENCY: dict[int, Literal[0, 1, 2, 3]] = {
    YEARLY: rrule.YEARLY,
    MONTHLY: rrule.MONTHLY,
    WEEKLY: rrule.WEEKLY,
    DAILY: rrule.DAILY,
}


@dataclass(frozen=True, slots=True)
class Rule:
    start: dt.datetime
    frequency: int
    interval: int = 1
    by_weekday: tuple[int, ...] | None = None
    by_n_weekday: tuple[tuple[int, int], ...] | None = None  # (n, day)
    by_month: tuple[int, ...] | None = None
    by_month_day: tuple[int, ...] | None = None

    def payload(self) -> Json:
        """As Discord returns it (RecurrenceRuleResponse)."""
        return {
            "start": timestamps.written(self.start),
            "end": None,
            "frequency": self.frequency,
            "interval": self.interval,
            "by_weekday": _listed(self.by_weekday),
            "by_n_weekday": None
            if self.by_n_weekday is None
            else [{"n": n, "day": day} for n, day in self.by_n_weekday],
            "by_month": _listed(self.by_month),
            "by_month_day": _listed(self.by_month_day),
            "by_year_day": None,
            "count": None,
        }

    def after(self, moment: dt.datetime, *, inclusive: bool = False) -> dt.datetime | None:
        """The first occurrence after `moment` (or at it, when `inclusive`); None if none."""
        # rrule counts in whole seconds: the start's fraction is added back to each occurrence.
        fraction = dt.timedelta(microseconds=self.start.microsecond)
        found = self._rrule().after((moment - fraction).astimezone(dt.UTC), inc=inclusive)
        return None if found is None else found + fraction

    def includes(self, moment: dt.datetime) -> bool:
        return self.after(moment, inclusive=True) == moment

    def _rrule(self) -> rrule.rrule:
        days: list[rrule.weekday] | None = None
        if self.by_weekday is not None:
            days = [rrule.weekday(day) for day in self.by_weekday]
        elif self.by_n_weekday is not None:
            days = [rrule.weekday(day, -1 if n == LAST_WEEK else n) for n, day in self.by_n_weekday]
        return rrule.rrule(
            _FREQUENCY[self.frequency],
            dtstart=self.start.astimezone(dt.UTC).replace(microsecond=0),
            interval=self.interval,
            byweekday=days,
            bymonth=self.by_month,
            bymonthday=self.by_month_day,
        )


def from_payload(body: Json) -> Rule:
    """A rule as `Rule.payload` wrote it (a saved world's), taken as it is: not checked again."""
    by_n_weekday = body.get("by_n_weekday")
    return Rule(
        start=dt.datetime.fromisoformat(body["start"]),
        frequency=int(body["frequency"]),
        interval=int(body.get("interval") or 1),
        by_weekday=_tuple(body.get("by_weekday")),
        by_n_weekday=None
        if by_n_weekday is None
        else tuple((int(d["n"]), int(d["day"])) for d in by_n_weekday),
        by_month=_tuple(body.get("by_month")),
        by_month_day=_tuple(body.get("by_month_day")),
    )


def _listed(values: tuple[int, ...] | None) -> list[int] | None:
    return None if values is None else list(values)


def parse(body: Json, now: dt.datetime) -> Rule:
    """A rule from a request body (already valid by the OpenAPI spec), or Discord's 50035."""
    for name in UNSETTABLE:
        if body.get(name) is not None:
            _refuse(name, "This field is not supported for recurring events.")
    frequency = int(body["frequency"])
    by_n_weekday = body.get("by_n_weekday")
    rule = Rule(
        start=timestamps.parse(body["start"], [_AT, "start"]),
        frequency=frequency,
        interval=int(body.get("interval") or 1),
        by_weekday=_tuple(body.get("by_weekday")),
        by_n_weekday=None
        if by_n_weekday is None
        else tuple((int(d["n"]), int(d["day"])) for d in by_n_weekday),
        by_month=_tuple(body.get("by_month")),
        by_month_day=_tuple(body.get("by_month_day")),
    )
    if abs(rule.start - now) > START_REACH:  # the stand-in's own bound on counting occurrences
        _refuse("start", f"The rule's start must be within {START_REACH.days} days of now.")
    _check_exclusive(rule)
    _check_weekdays(rule)
    _check_n_weekday(rule)
    _check_yearly(rule)
    _check_interval(rule)
    if rule.after(rule.start, inclusive=True) is None:
        _refuse("frequency", "This recurrence rule has no occurrence.")
    return rule


def _tuple(values: list[int] | None) -> tuple[int, ...] | None:
    return None if values is None else tuple(int(v) for v in values)


def _check_exclusive(rule: Rule) -> None:
    given = [
        rule.by_weekday is not None,
        rule.by_n_weekday is not None,
        rule.by_month is not None or rule.by_month_day is not None,
    ]
    if sum(given) > 1:
        _refuse(
            "by_weekday",
            "by_weekday, by_n_weekday and by_month with by_month_day exclude each other.",
        )


def _check_weekdays(rule: Rule) -> None:
    days = rule.by_weekday
    if days is None:
        return
    if rule.frequency == DAILY and frozenset(days) not in DAILY_WEEKDAY_SETS:
        _refuse(
            "by_weekday",
            "A daily event's days must be one of: Monday-Friday, Tuesday-Saturday, "
            "Sunday-Thursday, Friday-Saturday, Saturday-Sunday, Sunday-Monday.",
        )
    elif rule.frequency == WEEKLY and len(days) != 1:
        _refuse("by_weekday", "A weekly event recurs on exactly one day of the week.")
    elif rule.frequency not in (DAILY, WEEKLY):
        _refuse("by_weekday", "by_weekday is only valid for daily and weekly events.")


def _check_n_weekday(rule: Rule) -> None:
    if rule.by_n_weekday is None:
        return
    if rule.frequency != MONTHLY:
        _refuse("by_n_weekday", "by_n_weekday is only valid for monthly events.")
    if len(rule.by_n_weekday) != 1:
        _refuse("by_n_weekday", "A monthly event recurs on exactly one day of the month.")


def _check_yearly(rule: Rule) -> None:
    if rule.by_month is None and rule.by_month_day is None:
        return
    if rule.frequency != YEARLY:
        _refuse("by_month", "by_month and by_month_day are only valid for yearly events.")
    if rule.by_month is None or rule.by_month_day is None:
        _refuse("by_month", "A yearly event needs both by_month and by_month_day.")
    if len(rule.by_month) != 1 or len(rule.by_month_day) != 1:
        _refuse("by_month", "A yearly event recurs on exactly one date.")


def _check_interval(rule: Rule) -> None:
    if rule.interval == 1:
        return
    if rule.frequency != WEEKLY or rule.interval != 2:  # noqa: PLR2004  (every other week)
        _refuse("interval", "interval may be other than 1 only for weekly events, and then 2.")


def _refuse(name: str, message: str) -> NoReturn:
    raise field_error([_AT, name], "BASE_TYPE_INVALID", message)
