"""One simulated member studying a deck for some days under one scheduler.

Each day at 18:00 the member answers what the scheduler says is due (same-day learning cards
first, then reviews, oldest due first), then new questions up to the daily new limit, never more
than the daily budget of answers; a learning card falling due later that evening is waited for.
An answer is right when the member recalls it (probability R from the true memory) or, not
recalling it, guesses right (1 in the number of options).
"""

from __future__ import annotations

import heapq
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from bench.learning.learner import Learner, Memory, after_review, first_meeting, recall_probability
from bench.learning.schedules import (
    RESPONSE_MS,
    SESSION_HOUR,
    Answer,
    CardState,
    Refitting,
    Schedule,
    Scheduled,
)

ANSWER_DAYS = RESPONSE_MS / 86_400_000


@dataclass(frozen=True, slots=True)
class Study:
    """The rules of a simulated year: its length and each day's limits."""

    days: int
    budget: int  # answers a day at most, new and due together
    new_per_day: int


@dataclass(frozen=True, slots=True)
class Member:
    """A learner, how hard each question of the deck is for them (offsets to difficulty), which
    questions they knew before meeting them, and the time zone they live in."""

    learner: Learner
    guess_spaces: Sequence[int]  # what a guess picks among, per question met (0: typed)
    difficulty_offsets: Sequence[float]
    guessing: bool = True  # a member who does not recall picks at random (else never right)
    known: Sequence[bool] = ()  # prior knowledge: questions recalled when first met
    zone: str = "UTC"

    @property
    def cards(self) -> int:
        return len(self.guess_spaces)

    def guess_chance(self, card: int) -> float:
        space = self.guess_spaces[card]
        return 1 / space if self.guessing and space else 0.0

    def knew(self, card: int) -> bool:
        return bool(self.known) and self.known[card]


@dataclass(frozen=True, slots=True)
class Curves:
    """One member's knowledge at the midnight ending each day: K, the summed true recall over
    the deck (a question never met counts 0), and the count of questions recalled at ≥ 0.9."""

    knowledge: npt.NDArray[np.float64]
    count90: npt.NDArray[np.float64]


@dataclass(slots=True)
class Track:
    """One member's true memories as they study; counts answers, and keeps each memory's span
    (from its last review until the next replaced it) to read the knowledge curves from."""

    member: Member
    study: Study
    rng: random.Random
    memories: list[Memory | None] = field(init=False)
    answers_by_day: list[int] = field(init=False)
    spans: list[tuple[float, float, float]] = field(default_factory=list)  # seen, S, until

    def __post_init__(self) -> None:
        self.memories = [None] * self.member.cards
        self.answers_by_day = [0] * self.study.days

    def answer(self, card: int, now: float) -> bool:
        """The member answers ``card`` at ``now``; whether the answer was right."""
        learner, memory = self.member.learner, self.memories[card]
        if memory is None:
            recalled = self.member.knew(card)
            offset = self.member.difficulty_offsets[card]
            memory_after = first_meeting(learner, offset, now, known=recalled)
        else:
            recalled = self.rng.random() < recall_probability(learner, memory, now)
            self.spans.append((memory.last_seen, memory.stability, now))
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

    def curves(self) -> Curves:
        """K and the ≥ 0.9 count at the midnights ending days 1..days (midnight ``m`` is time
        ``m``): each span adds its recall (1 + F·t/S)^C at the midnights it covers."""
        finals = [(m.last_seen, m.stability, math.inf) for m in self.memories if m is not None]
        seen, stability, until = np.array(self.spans + finals, dtype=np.float64).reshape(-1, 3).T
        days = self.study.days
        first = np.maximum(np.ceil(seen), 1)
        last = np.minimum(np.ceil(until) - 1, days)
        lengths = np.maximum(last - first + 1, 0).astype(np.int64)
        owner = np.repeat(np.arange(len(seen)), lengths)
        step = np.arange(int(lengths.sum())) - np.repeat(np.cumsum(lengths) - lengths, lengths)
        midnight = first[owner] + step
        elapsed = midnight - seen[owner]
        learner = self.member.learner
        recall = np.power(1 + learner.factor * elapsed / stability[owner], learner.decay)
        index = (midnight - 1).astype(np.int64)
        held = (elapsed <= stability[owner]).astype(np.float64)
        return Curves(
            np.bincount(index, weights=recall, minlength=days).astype(np.float64),
            np.bincount(index, weights=held, minlength=days).astype(np.float64),
        )


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

    def rescheduled(self, changed: dict[int, Scheduled]) -> None:
        """Cards whose scheduler recomputed them (new memory parameters) take their new dues."""
        if not changed:
            return
        for card, scheduled in changed.items():
            self.states[card] = scheduled.state
        self.learning = [entry for entry in self.learning if entry[1] not in changed]
        self.reviews = [entry for entry in self.reviews if entry[1] not in changed]
        for card, scheduled in changed.items():
            (self.learning if scheduled.learning else self.reviews).append((scheduled.due, card))
        heapq.heapify(self.learning)
        heapq.heapify(self.reviews)

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
        now, end, answered, new_today = day + SESSION_HOUR, day + 1.0 - ANSWER_DAYS, 0, 0
        if isinstance(schedule, Refitting):  # as the bot refits, before the day's answers
            queue.rescheduled(schedule.refitted(now))
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
            space = member.guess_spaces[card]
            queue.answered(card, Answer(correct, space, now, track.memory_of(card), card))
            answered, now = answered + 1, now + ANSWER_DAYS
    return track
