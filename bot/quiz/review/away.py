"""Away time: the cards that fall due while a member is away, spread over the days after it.

Left where they are, two weeks of due cards wait for the member's first day back, all at once;
a daily limit would then hold most of them back in a backlog that clears only as fast as the
limit leaves room above the days' own load. Spread when the window is set, they land on the
days after it, in the backlog order (``bot.quiz.review.backlog``: the cards that gain most from
coming first come first), no day above the member's limit counting what is already due that
day, and none on an easy day.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, timedelta
from typing import TypeVar

from bot.quiz.review.study_days import Away, StudyDays

Key = TypeVar("Key")
_ONE_DAY = timedelta(days=1)

__all__ = ["falling_due_in", "spread"]


def falling_due_in(away: Away, cards: Sequence[tuple[Key, date]]) -> list[tuple[Key, date]]:
    """The cards (key, due day) whose due day is in the away window, in their given order."""
    return [(key, due) for key, due in cards if away.covers(due)]


def spread(
    cards: Sequence[tuple[Key, date]],
    away: Away,
    *,
    limit: int,
    load: Mapping[date, int],
    study_days: StudyDays | None = None,
) -> dict[Key, date]:
    """New due days for ``cards`` (key, due day), in backlog order: each in turn on the first
    day from ``away.back`` whose load (``load``, what is already due there, plus the cards put
    there) is under ``limit``, skipping the member's easy days. Cards not due in the window are
    left out of the result (they stay where they are).

    A card due in the window moves to a day after it, so never earlier than it was due; a day
    already at or over the limit takes none.
    """
    if limit < 1:
        raise ValueError(f"a daily limit of {limit} leaves no room")
    days_off = study_days or StudyDays()
    placed: dict[Key, date] = {}
    added: dict[date, int] = {}
    day = days_off.next_free(away.back)
    for key, _due in falling_due_in(away, cards):
        while load.get(day, 0) + added.get(day, 0) >= limit or days_off.is_off(day):
            day += _ONE_DAY
        placed[key] = day
        added[day] = added.get(day, 0) + 1
    return placed
