"""The reviews a member can expect over the next ``FORECAST_DAYS`` days, new questions included:
each card is followed through the bot's own scheduler (bot.quiz.review.scheduling), and the
member's daily new limit brings in their begun packs' unseen questions until they run out.

The FSRS project's simulator (``fsrs_rs_python.simulate``, kept with the fitting) simulates a
fresh deck under plain FSRS intervals; it takes neither the member's cards as they stand nor
quizbot's schedule (a target that rises with stability, guesses weighed), so this follows the
scheduler itself. Each review is taken as right, with fuzz off (the expected day); a miss,
expected at ``1 - target`` of them, brings one more review the next day, counted as that share.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from random import Random

from bot.quiz.review import scheduling

FORECAST_DAYS = 30
NEW_GUESS_SPACE = 4  # a new question is taken as one of four options
_NO_FUZZ = Random(0)  # noqa: S311  # never drawn from: fuzz is off


@dataclass(frozen=True, slots=True)
class ForecastCard:
    """A card as it stands: its pack, and what FSRS holds of it (when it is due, too)."""

    pack_id: str
    card: scheduling.Card


@dataclass(frozen=True, slots=True)
class Forecast:
    """Reviews expected on each of the coming days (today first), and how many of them are new
    questions' first meetings."""

    per_day: tuple[float, ...]
    new: int

    @property
    def total(self) -> float:
        return sum(self.per_day)

    @property
    def busiest(self) -> float:
        return max(self.per_day, default=0.0)


def forecast(
    cards: Iterable[ForecastCard],
    unseen: Mapping[str, int],
    *,
    daily_new: int,
    now: datetime,
    zone: tzinfo,
    policies: Mapping[str, scheduling.Policy],
    days: int = FORECAST_DAYS,
) -> Forecast:
    """``unseen``: each begun pack's unseen questions, brought in ``daily_new`` a day (packs in
    order); ``policies``: each pack's (with its target), the bot's for the others."""
    today = now.astimezone(zone).date()
    per_day = [0.0] * days
    for item in cards:
        _follow(item.card, policies.get(item.pack_id), per_day, today=today, zone=zone)
    new = 0
    left = dict(sorted(unseen.items()))
    for offset in range(days):
        for pack_id, count in _new_on_day(left, daily_new):
            day_start = _day_start(today + timedelta(days=offset), zone)
            for _ in range(count):
                card = scheduling.new_card(day_start)
                _follow(card, policies.get(pack_id), per_day, today=today, zone=zone)
            new += count
    return Forecast(tuple(per_day), new)


def _new_on_day(left: dict[str, int], daily_new: int) -> list[tuple[str, int]]:
    """The new questions one day brings, by pack, taken from ``left``."""
    taken, room = [], daily_new
    for pack_id, count in left.items():
        take = min(count, room)
        if take:
            taken.append((pack_id, take))
            left[pack_id] -= take
            room -= take
    return taken


def _follow(
    card: scheduling.Card,
    policy: scheduling.Policy | None,
    per_day: list[float],
    *,
    today: date,
    zone: tzinfo,
) -> None:
    """The card's reviews in the coming days counted into ``per_day``: answered right when due
    (overdue: today), each miss's share brought back the next day."""
    chosen = replace(policy or scheduling.make_policy(), fuzz=False)
    while True:
        due = scheduling.as_utc(card.due)
        offset = max((due.astimezone(zone).date() - today).days, 0)
        if offset >= len(per_day):
            return
        per_day[offset] += 1
        miss = 1 - (
            chosen.known_before
            if card.stability is None
            else scheduling.target_retention(chosen, card.stability)
        )
        if offset + 1 < len(per_day):
            per_day[offset + 1] += miss
        at = max(_day_start(today + timedelta(days=offset), zone), due)
        card, _log = scheduling.review(
            chosen,
            card,
            correct=True,
            guess_space=NEW_GUESS_SPACE,
            reviewed_at=at,
            zone=zone,
            response_ms=0,
            rng=_NO_FUZZ,
        )


def _day_start(day: date, zone: tzinfo) -> datetime:
    """Noon of ``day`` in ``zone``, in UTC: a moment surely within that day."""
    return datetime.combine(day, time(12), tzinfo=zone).astimezone(UTC)
