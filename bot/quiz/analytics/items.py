"""Item analytics of a pack: how each question fared, so authors can fix the ambiguous ones.

Per question of any kind: answers, share right, answer times, and a discrimination index, the
point-biserial correlation between being right on the question and the member's rest-score (see
``discrimination``). And what the answers gave (bot/quiz/analytics/given.py): the most-picked
wrong option of a one-answer question, how often each option was picked, the wrong texts several
members typed alike, and the right answers a typo was forgiven in.

Works on plain answer records; the caller reads them (of one server and pack, at most
``MAX_ANALYSED_ANSWERS``, the newest) and passes them oldest first, as plain values
(``PackAnswers``): the bot analyses them in a worker process.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from bot.quiz.analytics.given import common_wrong, option_picks, typo_right
from bot.quiz.answers.common import CommonAnswer

# Fewer members than this in a question's index make it noise, so it is not computed.
MIN_MEMBERS = 10
# The answers one analysis reads, the newest: every question of a full pack (200) answered by
# 250 members. They are read a little at a time, analysed in a worker process and travel there
# in under a megabyte (docs/benchmarks.md); a server with more sees the figures of its recent
# answers, and is told so.
MAX_ANALYSED_ANSWERS = 50_000
# As read, AnswerRecord's fields: member id, question id, option index, right, response ms,
# options picked, the text given (a wrong answer's only, cut: given.compared), typo forgiven.
AnswerValues = tuple[int, str, int | None, bool, int, int | None, str | None, bool]


@dataclass(frozen=True, slots=True)
class AnswerRecord:
    member_id: int
    question_id: str
    option_index: int | None  # the one option of a one-answer question, else None
    correct: bool
    response_ms: int
    picked: int | None = None  # all that apply: a bit per option, bit i the pack's option i
    given: str | None = None  # the text or number typed (of a wrong answer: all that is used)
    typo: bool = False  # right only because a typo was forgiven


@dataclass(frozen=True, slots=True)
class ItemStats:
    """One question's figures; the shares and times are None when nobody answered it."""

    question_id: str
    position: int  # in the pack, from 0
    answers: int
    right: int
    top_wrong_option: int | None  # the most-picked wrong option (the lowest index on a tie)
    top_wrong_answers: int
    mean_ms: float | None
    median_ms: float | None
    discrimination: float | None  # None: too few members, or undefined (see ``discrimination``)
    indexed_members: int  # members the index is computed over
    # Members who answered the pack here and have the question as a leech (bot.quiz.review.leeches):
    # failed again and again after seeing its answer, a sign of an ambiguous or mis-keyed key.
    leeches: int = 0
    picks: tuple[int, ...] = ()  # per option of the pack, from 0: the answers that picked it
    common_wrong: tuple[CommonAnswer, ...] = ()  # wrong texts several members typed alike
    typo_right: int = 0  # right answers that needed a typo forgiven

    @property
    def share_right(self) -> float | None:
        return self.right / self.answers if self.answers else None

    @property
    def wrong(self) -> int:
        return self.answers - self.right

    @property
    def typo_share(self) -> float | None:
        """The share of the right answers that were right only because a typo was forgiven."""
        return self.typo_right / self.right if self.right else None

    def pick_share(self, option: int) -> float:
        """The share of the answers that picked ``option`` (of the pack, from 0)."""
        picked = self.picks[option] if option < len(self.picks) else 0
        return picked / self.answers if self.answers else 0.0

    @property
    def top_wrong_share(self) -> float | None:
        return self.top_wrong_answers / self.answers if self.answers else None


@dataclass(frozen=True, slots=True)
class PackAnalytics:
    items: tuple[ItemStats, ...]  # worst first: see ``worst_first``
    members: int
    answers: int
    min_members: int
    newest_only: bool = False  # more answers were given: the newest MAX_ANALYSED_ANSWERS count


@dataclass(frozen=True, slots=True)
class PackAnswers:
    """What ``analyse_answers`` needs, as storage read it: the pack's question ids in order,
    the answers oldest first, and per question the members who have it as a leech."""

    question_ids: tuple[str, ...]
    answers: list[AnswerValues]
    leech_members: Mapping[str, frozenset[int]]
    newest_only: bool  # more answers were given than were read


def analyse_answers(read: PackAnswers, min_members: int = MIN_MEMBERS) -> PackAnalytics:
    """``analyse`` of what storage read (a module-level function: a worker process runs it)."""
    records = [AnswerRecord(*values) for values in read.answers]
    report = analyse(
        read.question_ids, records, min_members=min_members, leech_members=read.leech_members
    )
    return replace(report, newest_only=read.newest_only)


def analyse(
    question_ids: Sequence[str],
    records: Iterable[AnswerRecord],
    *,
    min_members: int = MIN_MEMBERS,
    leech_members: Mapping[str, Collection[int]] | None = None,
) -> PackAnalytics:
    """The analytics of the questions ``question_ids`` (the pack's, in order) from ``records``
    oldest first. Records of other questions (since removed from the pack) are ignored.
    ``leech_members``: per question, the members who have it as a leech; only those among the
    records' members count."""
    positions = {question_id: index for index, question_id in enumerate(question_ids)}
    kept = [record for record in records if record.question_id in positions]
    firsts = _first_answers(kept)
    by_question: dict[str, list[AnswerRecord]] = {question_id: [] for question_id in positions}
    for record in kept:
        by_question[record.question_id].append(record)
    leeches = {
        question_id: sum(member in firsts for member in members)
        for question_id, members in (leech_members or {}).items()
    }
    items = [
        _item(question_id, positions[question_id], answered, firsts, min_members)
        for question_id, answered in by_question.items()
    ]
    items = [replace(item, leeches=leeches.get(item.question_id, 0)) for item in items]
    return PackAnalytics(
        items=tuple(sorted(items, key=worst_first)),
        members=len(firsts),
        answers=len(kept),
        min_members=min_members,
    )


def worst_first(item: ItemStats) -> tuple[int, float, float, int]:
    """The order authors read in: questions with an index, lowest index first; then answered
    ones without an index; then unanswered ones. Within each, the lowest share right first,
    then the pack's order."""
    if item.answers == 0:
        return (2, 0.0, 0.0, item.position)
    share = item.share_right or 0.0
    if item.discrimination is None:
        return (1, share, 0.0, item.position)
    return (0, item.discrimination, share, item.position)


def discrimination(right: Sequence[bool], rest_scores: Sequence[float]) -> float | None:
    """The point-biserial correlation r_pb = (M1 - M0) / s * sqrt(p * q).

    M1 and M0 are the mean rest-scores of the members right and wrong on the question, s the
    (population) standard deviation of all their rest-scores, p the share right and q = 1 - p;
    it equals Pearson's r between right (1/0) and the rest-score. Undefined (None) when
    everyone or no one was right, or when all rest-scores are equal.
    """
    count = len(right)
    p = sum(right) / count if count else 0.0
    mean = sum(rest_scores) / count if count else 0.0
    spread = math.sqrt(sum((score - mean) ** 2 for score in rest_scores) / count) if count else 0.0
    if p in (0.0, 1.0) or math.isclose(spread, 0.0, abs_tol=1e-12):
        return None
    right_mean = _mean([s for s, r in zip(rest_scores, right, strict=True) if r])
    wrong_mean = _mean([s for s, r in zip(rest_scores, right, strict=True) if not r])
    return (right_mean - wrong_mean) / spread * math.sqrt(p * (1 - p))


@dataclass(frozen=True, slots=True)
class _FirstAnswers:
    """A member's first answer to each question (a later round's answer comes after the
    reveal, so it says less about what the member knew), and how many of them were right."""

    right_by_question: dict[str, bool]
    right: int


def _first_answers(records: Iterable[AnswerRecord]) -> dict[int, _FirstAnswers]:
    by_member: dict[int, dict[str, bool]] = {}
    for record in records:
        by_member.setdefault(record.member_id, {}).setdefault(record.question_id, record.correct)
    return {
        member: _FirstAnswers(answers, sum(answers.values()))
        for member, answers in by_member.items()
    }


def _item(
    question_id: str,
    position: int,
    answered: Sequence[AnswerRecord],
    firsts: dict[int, _FirstAnswers],
    min_members: int,
) -> ItemStats:
    wrong = Counter(
        record.option_index
        for record in answered
        if not record.correct and record.option_index is not None
    )
    top_wrong = min(wrong, key=lambda option: (-wrong[option], option)) if wrong else None
    times = [record.response_ms for record in answered]
    right, rest_scores = _rest_scores(question_id, firsts)
    index = discrimination(right, rest_scores) if len(right) >= min_members else None
    return ItemStats(
        question_id=question_id,
        position=position,
        answers=len(answered),
        right=sum(record.correct for record in answered),
        top_wrong_option=top_wrong,
        top_wrong_answers=wrong[top_wrong] if top_wrong is not None else 0,
        mean_ms=statistics.fmean(times) if times else None,
        median_ms=statistics.median(times) if times else None,
        discrimination=index,
        indexed_members=len(right),
        picks=option_picks(answered),
        common_wrong=common_wrong(answered),
        typo_right=typo_right(answered),
    )


def _rest_scores(
    question_id: str, firsts: dict[int, _FirstAnswers]
) -> tuple[list[bool], list[float]]:
    """For each member who answered this question and at least one other: right here, and
    their rest-score, the share right of their other questions (members answer different
    subsets of a pack, so a count would rank those who played more as stronger)."""
    right: list[bool] = []
    rest_scores: list[float] = []
    for member in firsts.values():
        answered = len(member.right_by_question)
        here = member.right_by_question.get(question_id)
        if here is None or answered < 2:  # noqa: PLR2004  # this question and another
            continue
        right.append(here)
        rest_scores.append((member.right - here) / (answered - 1))
    return right, rest_scores


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)
