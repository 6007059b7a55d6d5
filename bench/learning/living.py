"""One simulated member's year with a life: easy weekdays, an absence, a daily review limit.

The daily loop of bench/learning/studying.py, with the rules the bot applies (bot.quiz.review):

- on an easy weekday the member answers what is due (the scheduler sets nearly nothing due
  then, ``study_days.place_due``) and meets no new question;
- away, they answer nothing. An absence they announce (``Life.announced``) is set the evening
  before it: the cards due in it are spread over the days after it (``away.spread``) in the
  backlog order; one they do not announce leaves those cards waiting for their return;
- with a daily limit, a session offers ``DailyLimit.offer``'s ``left`` of the due reviews, in
  the backlog order (``backlog.in_backlog_order``); the rest wait for the next day, and new
  questions come only on a day nothing waits (new cards would add to a pile not yet cleared).

With none of these (``Life()``) it is the plain loop, answer for answer (tested). The bot's
policy has no same-day re-asks, so every card is a review card here.
"""

from __future__ import annotations

import heapq
import math
import random
from collections.abc import Sequence
from copy import copy
from dataclasses import dataclass, field
from datetime import date, timedelta
from zoneinfo import ZoneInfo

from bench.learning.schedules import (
    EPOCH,
    SESSION_HOUR,
    Answer,
    Schedule,
    Scheduled,
    local_to_utc,
    utc_to_local,
)
from bench.learning.studying import ANSWER_DAYS, DueQueue, Member, Study, Track
from bot.quiz.review import away, backlog, scheduling
from bot.quiz.review.study_days import Away, StudyDays

_NEAR = 1e-6  # a due time at a local midnight, read back from UTC


@dataclass(frozen=True, slots=True)
class Life:
    """How a member's year fits their life: easy weekdays (Monday = 0), an absence (its first
    and last day, both included), whether they announce it, their daily limit on reviews and
    the order a backlog is offered in."""

    easy_weekdays: frozenset[int] = frozenset()
    absence: tuple[int, int] | None = None
    announced: bool = True
    limit: int | None = None
    order: backlog.BacklogOrder = backlog.DEFAULT_BACKLOG_ORDER

    @property
    def study_days(self) -> StudyDays | None:
        """What the scheduler is told: the easy weekdays (an announced absence is spread when
        set, the evening before, so no review is placed after that and before it)."""
        return StudyDays(self.easy_weekdays) if self.easy_weekdays else None

    def is_away(self, day: int) -> bool:
        return self.absence is not None and self.absence[0] <= day <= self.absence[1]


def local_date(day: int) -> date:
    """The member's local date of simulated day ``day``."""
    return EPOCH.date() + timedelta(days=day)


@dataclass(slots=True)
class Lived:
    """A life's record beyond the answers: reviews (answers to cards met before) and due cards
    at each session's start by day, what still waited after it, and the cards due in the
    absence with the day each was first reviewed after it and whether it was answered right."""

    reviews_by_day: list[int]
    due_by_day: list[int]
    waiting_by_day: list[int]
    absent_cards: set[int] = field(default_factory=set)
    back_reviews: dict[int, tuple[int, bool]] = field(default_factory=dict)


def live(
    member: Member,
    study: Study,
    schedule: Schedule,
    rng: random.Random,
    *,
    life: Life,
    policy: scheduling.Policy,
) -> tuple[Track, Lived]:
    """The member's year under ``schedule`` (the bot's, told ``life.study_days``); ``policy``
    reads the retrievability the backlog order ranks by."""
    track, queue = Track(member, study, rng), DueQueue(schedule, [None] * member.cards)
    zone = ZoneInfo(member.zone)
    lived = Lived([0] * study.days, [0] * study.days, [0] * study.days)
    met = 0
    for day in range(study.days):
        if life.absence is not None and day == life.absence[0]:
            lived.absent_cards = due_in(queue, *life.absence)
            if life.announced:
                ranker = Ranker(policy, zone, life.order)
                queue.rescheduled(spread(queue, life, ranker, day - 1 + SESSION_HOUR))
        if life.is_away(day):
            continue
        now = day + SESSION_HOUR
        ranker = Ranker(policy, zone, life.order)
        offered, waiting = offer(queue, life.limit, ranker, now, budget=study.budget)
        lived.due_by_day[day], lived.waiting_by_day[day] = len(offered) + waiting, waiting
        for card in offered:
            correct = track.answer(card, now)
            queue.answered(card, answer_of(member, track, card, now, correct=correct))
            lived.reviews_by_day[day] += 1
            if card in lived.absent_cards and card not in lived.back_reviews:
                lived.back_reviews[card] = (day, correct)
            now += ANSWER_DAYS
        if not waiting and local_date(day).weekday() not in life.easy_weekdays:
            room = min(study.new_per_day, study.budget - len(offered), member.cards - met)
            met = meet_new(track, queue, met, room, now)
    return track, lived


def meet_new(track: Track, queue: DueQueue, met: int, count: int, now: float) -> int:
    """The member meets ``count`` new questions from question ``met`` on; the next to meet."""
    for card in range(met, met + max(0, count)):
        correct = track.answer(card, now)
        queue.answered(card, answer_of(track.member, track, card, now, correct=correct))
        now += ANSWER_DAYS
    return met + max(0, count)


def answer_of(member: Member, track: Track, card: int, now: float, *, correct: bool) -> Answer:
    return Answer(correct, member.guess_spaces[card], now, track.memory_of(card), card)


@dataclass(frozen=True, slots=True)
class Ranker:
    """Ranks due cards in the backlog ``order`` as the bot does, from the bot's cards."""

    policy: scheduling.Policy
    zone: ZoneInfo
    order: backlog.BacklogOrder

    def rank(self, queue: DueQueue, cards: Sequence[int], now: float) -> list[int]:
        states = [(card, bot_card(queue, card)) for card in cards]
        moment = local_to_utc(now, self.zone)
        ranked = backlog.in_backlog_order(
            states, self.order, policy=self.policy, now=moment, zone=self.zone
        )
        return [card for card, _state in ranked]


def offer(
    queue: DueQueue, limit: int | None, ranker: Ranker, now: float, *, budget: int
) -> tuple[list[int], int]:
    """The cards offered at ``now`` (oldest due first without a limit, else the limit's share
    in the backlog order; never more than ``budget``) and how many due ones wait."""
    due: dict[int, float] = {}
    while queue.reviews and queue.reviews[0][0] <= now:
        at, card = heapq.heappop(queue.reviews)
        due[card] = at
    found = backlog.DailyLimit(limit).offer(reviewed_today=0, due=len(due))
    listed = list(due)
    if found.waiting:
        listed = ranker.rank(queue, listed, now)
    taken = min(found.left, budget)
    for card in listed[taken:]:
        heapq.heappush(queue.reviews, (due[card], card))
    return listed[:taken], len(listed) - taken


def bot_card(queue: DueQueue, card: int) -> scheduling.Card:
    state = queue.states[card]
    if not isinstance(state, scheduling.Card):
        raise TypeError("a life is lived under the bot's scheduler")
    return state


def due_in(queue: DueQueue, first: int, last: int) -> set[int]:
    """The review cards due on days ``first`` to ``last``."""
    return {card for due, card in queue.reviews if first <= math.floor(due + _NEAR) <= last}


def spread(queue: DueQueue, life: Life, ranker: Ranker, now: float) -> dict[int, Scheduled]:
    """The cards due in the absence, with the due days ``away.spread`` gives them at ``now``
    (the evening before), as the bot would store them."""
    if life.absence is None or life.limit is None:
        return {}
    first, last = life.absence
    days = {card: math.floor(due + _NEAR) for due, card in queue.reviews}
    load: dict[date, int] = {}
    for day in days.values():
        if day > last:
            load[local_date(day)] = load.get(local_date(day), 0) + 1
    inside = ranker.rank(queue, sorted(due_in(queue, first, last)), now)
    placed = away.spread(
        [(card, local_date(days[card])) for card in inside],
        Away(local_date(first), local_date(last)),
        limit=life.limit,
        load=load,
        study_days=life.study_days,
    )
    changed = {}
    for card, moved_to in placed.items():
        moved = copy(bot_card(queue, card))
        moved.due = scheduling.start_of(moved_to, ranker.zone)
        changed[card] = Scheduled(moved, utc_to_local(moved.due, ranker.zone), learning=False)
    return changed
