"""One simulated member studying a deck for some days under one scheduler.

Each day at 18:00 the member answers what the scheduler says is due (same-day learning cards
first, then reviews, oldest due first), then new questions up to the daily new limit, never more
than the daily budget of answers; a learning card falling due later that evening is waited for.
"No scheduling" instead asks the new questions, then a fixed number of random questions already
met. An answer is right when the member recalls it (probability R from the true memory) or, not
recalling it, guesses right (1 in the number of options).
"""

from __future__ import annotations

import heapq
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from bench.learning.learner import Learner, Memory, after_review, first_meeting, recall_probability
from bench.learning.schedules import RESPONSE_MS, Answer, CardState, Schedule

SESSION_START = 18 / 24  # days after midnight
ANSWER_DAYS = RESPONSE_MS / 86_400_000


@dataclass(frozen=True, slots=True)
class Study:
    """The rules of a simulated year: its length and each day's limits."""

    days: int
    budget: int  # answers a day at most, new and due together
    new_per_day: int
    random_per_day: int  # questions "no scheduling" re-asks a day


@dataclass(frozen=True, slots=True)
class Member:
    """A learner and how hard each question of the deck is for them (offsets to difficulty)."""

    learner: Learner
    option_counts: Sequence[int]  # of each question, in the order they are met
    difficulty_offsets: Sequence[float]
    guessing: bool = True  # a member who does not recall picks at random (else never right)

    @property
    def cards(self) -> int:
        return len(self.option_counts)

    def guess_chance(self, card: int) -> float:
        return 1 / self.option_counts[card] if self.guessing else 0.0


@dataclass(slots=True)
class Track:
    """One member's true memories as they study; counts answers and memorised cards per day.

    ``memorised_change`` is a difference array over days 1..days: a memory holds the card
    memorised (t - last_seen ≤ S) over a span of days, recorded when the memory is replaced.
    """

    member: Member
    study: Study
    rng: random.Random
    memories: list[Memory | None] = field(init=False)
    answers_by_day: list[int] = field(init=False)
    memorised_change: list[int] = field(init=False)

    def __post_init__(self) -> None:
        self.memories = [None] * self.member.cards
        self.answers_by_day = [0] * self.study.days
        self.memorised_change = [0] * (self.study.days + 2)

    def answer(self, card: int, now: float) -> bool:
        """The member answers ``card`` at ``now``; whether the answer was right."""
        learner, memory = self.member.learner, self.memories[card]
        if memory is None:
            recalled = False
            memory_after = first_meeting(learner, self.member.difficulty_offsets[card], now)
        else:
            recalled = self.rng.random() < recall_probability(learner, memory, now)
            _record_span(self.memorised_change, memory, until=now, days=self.study.days)
            memory_after = after_review(learner, memory, recalled=recalled, now=now)
        self.memories[card] = memory_after
        self.answers_by_day[int(now)] += 1
        return recalled or self.rng.random() < self.member.guess_chance(card)

    def memory_of(self, card: int) -> Memory:
        """The member's true memory of a card already met."""
        memory = self.memories[card]
        if memory is None:
            raise ValueError(f"card {card} was never met")
        return memory

    def memorised_by_day(self) -> list[int]:
        """Cards memorised at the end of each day 1..days (the midnight ending it)."""
        change = list(self.memorised_change)  # the current memories' spans are still open
        for memory in self.memories:
            if memory is not None:
                _record_span(change, memory, until=math.inf, days=self.study.days)
        counts, running = [], 0
        for day_change in change[1 : self.study.days + 1]:
            running += day_change
            counts.append(running)
        return counts


def _record_span(change: list[int], memory: Memory, *, until: float, days: int) -> None:
    """Mark the days 1..days whose end ``memory`` holds memorised, before ``until`` replaces it."""
    first = max(1, math.ceil(memory.last_seen))
    last = min(math.floor(memory.last_seen + memory.stability), days)
    if until != math.inf:
        last = min(last, math.ceil(until) - 1)  # from ``until`` on, the next memory counts
    if first <= last:
        change[first] += 1
        change[last + 1] -= 1


@dataclass(slots=True)
class DueQueue:
    """A scheduler's per-card states and what falls due when, learning cards apart."""

    schedule: Schedule
    states: list[CardState]
    learning: list[tuple[float, int]] = field(default_factory=list)
    reviews: list[tuple[float, int]] = field(default_factory=list)

    def pop_due(self, now: float) -> int | None:
        for heap in (self.learning, self.reviews):
            if heap and heap[0][0] <= now:
                return heapq.heappop(heap)[1]
        return None

    def next_learning_before(self, end: float) -> float | None:
        return self.learning[0][0] if self.learning and self.learning[0][0] < end else None

    def answered(self, card: int, answer: Answer) -> None:
        scheduled = self.schedule.answer(self.states[card], answer)
        self.states[card] = scheduled.state
        heap = self.learning if scheduled.learning else self.reviews
        heapq.heappush(heap, (scheduled.due, card))


def study_with_schedule(
    member: Member, study: Study, schedule: Schedule, rng: random.Random
) -> Track:
    """The member's year with a scheduler that sets due dates."""
    track = Track(member, study, rng)
    queue = DueQueue(schedule, [None] * member.cards)
    met = 0
    for day in range(study.days):
        now, end, answered, new_today = day + SESSION_START, day + 1.0 - ANSWER_DAYS, 0, 0
        while answered < study.budget and now < end:
            card = queue.pop_due(now)
            if card is None and new_today < study.new_per_day and met < member.cards:
                card, met, new_today = met, met + 1, new_today + 1
            if card is None:
                waited_for = queue.next_learning_before(end)
                if waited_for is None:
                    break
                now = waited_for
                continue
            correct = track.answer(card, now)
            options = member.option_counts[card]
            queue.answered(card, Answer(correct, options, now, track.memory_of(card)))
            answered, now = answered + 1, now + ANSWER_DAYS
    return track


def study_without_schedule(member: Member, study: Study, rng: random.Random) -> Track:
    """The member's year with no scheduler: new questions, then random ones already met."""
    track = Track(member, study, rng)
    met = 0
    for day in range(study.days):
        now = day + SESSION_START
        new = min(study.new_per_day, study.budget, member.cards - met)
        old = min(study.random_per_day, study.budget - new, met)
        cards = list(range(met, met + new)) + rng.sample(range(met), old)
        met += new
        for card in cards:
            track.answer(card, now)
            now += ANSWER_DAYS
    return track


@dataclass(frozen=True, slots=True)
class Totals:
    """One scheduler over all members: mean memorised at the end of each day, answers given."""

    memorised_by_day: list[float]
    answers_by_day: list[float]  # mean per member
    budget_full_share: float  # of member-days that used up the whole budget

    @property
    def answers(self) -> float:
        return sum(self.answers_by_day)

    def per_100_answers(self, day: int) -> float:
        return 100 * self.memorised_by_day[day - 1] / self.answers if self.answers else 0.0
