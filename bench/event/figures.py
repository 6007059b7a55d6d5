"""The night's figures: per question and overall, the printed table and the JSON line."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bench.answers.load import percentile
from bench.event.arrivals import EARLY_S
from bench.event.clicks import QuestionClicks, Sent
from bench.event.sampler import Samples


@dataclass
class Question:
    index: int
    clicks: QuestionClicks
    appeared: float  # wall times: when the driver saw the question, its close and its reveal
    closes_at: float
    revealed_at: float
    close_s: float  # the close and the settle transactions, from the bot's metrics
    settle_s: float
    settled_at: float  # wall time the bot's metrics first showed the settle (to within 50 ms)

    @property
    def close_to_reveal_s(self) -> float:
        return self.revealed_at - self.closes_at

    @property
    def opening(self) -> list[Sent]:
        """The clicks of the first seconds, where most members come at once."""
        return [s for s in self.clicks.sent if s.scheduled - self.appeared <= EARLY_S]

    @property
    def at_close(self) -> list[Sent]:
        """Clicks still waiting for the bot when the question closed (they met the settle)."""
        return [s for s in self.clicks.sent if s.scheduled < self.closes_at < s.returned]

    def row(self, samples: Samples) -> str:
        sent, window = self.clicks.sent, (self.appeared, self.revealed_at)
        within = sum(s.within_deadline for s in sent) / len(sent) if sent else math.nan
        return (
            f"{self.index + 1:>3} {len(sent):6d} {100 * within:7.2f} {_deferred(sent):5d}"
            f" {_failed(sent):5d} {_ms(sent, 0.5):8.1f} {_ms(sent, 0.99):8.1f}"
            f" {_ms(self.opening, 0.99):8.1f} {self.close_to_reveal_s:7.3f} {self.close_s:7.3f}"
            f" {self.settle_s:7.3f}"
            f" {samples.peak_cores('bot', *window):5.2f}"
            f" {samples.peak_cores('standin', *window):5.2f} {samples.peak_rss_mb(*window):6.1f}"
        )


HEADER = (
    f"{'q':>3} {'clicks':>6} {'in_3s%':>7} {'defer':>5} {'fail':>5} {'p50_ms':>8} {'p99_ms':>8}"
    f" {'open99':>8} {'reveal':>7} {'close':>7} {'settle':>7} {'bot':>5} {'stand':>5}"
    f" {'rss':>6}"
)


def _ms(sent: Sequence[Sent], quantile: float) -> float:
    return percentile([s.answered.first_ms for s in sent], quantile)


def _deferred(sent: Sequence[Sent]) -> int:
    return sum(s.answered.deferred for s in sent)


def _failed(sent: Sequence[Sent]) -> int:
    return sum(bool(s.answered.report["failed"]) for s in sent)


def summary(questions: Sequence[Question], samples: Samples, standings_at: float) -> dict[str, Any]:
    sent = [s for q in questions for s in q.clicks.sent]
    at_close = [s for q in questions for s in q.at_close]
    reveals = [q.close_to_reveal_s for q in questions]
    closes = [q.close_s for q in questions]
    settles = [q.settle_s for q in questions]
    start, end = questions[0].appeared, standings_at
    return {
        "clicks": len(sent),
        "answered_within_3s_share": sum(s.within_deadline for s in sent) / len(sent),
        "failed": _failed(sent),
        "deferred": _deferred(sent),
        "refused_after_reveal": sum(q.clicks.refused for q in questions),
        "first_response_p50_ms": _ms(sent, 0.5),
        "first_response_p99_ms": _ms(sent, 0.99),
        "first_response_max_ms": _ms(sent, 1.0),
        "opening_p99_ms": _ms([s for q in questions for s in q.opening], 0.99),
        "close_to_reveal_p50_s": percentile(reveals, 0.5),
        "close_to_reveal_p99_s": percentile(reveals, 0.99),
        "close_p50_s": percentile(closes, 0.5),
        "close_p99_s": percentile(closes, 0.99),
        "settle_p50_s": percentile(settles, 0.5),
        "settle_p99_s": percentile(settles, 0.99),
        "standings_after_last_close_s": standings_at - questions[-1].closes_at,
        "clicks_waiting_at_close": len(at_close),
        "clicks_waiting_at_close_max_ms": _ms(at_close, 1.0) if at_close else 0.0,
        # The settle follows the close behind the reveal: a next question's clicks sent before
        # the settle was seen done may have waited for it (on SQLite, its write lock).
        "next_question_clicks_during_settle": sum(
            s.scheduled < before.settled_at
            for before, after in itertools.pairwise(questions)
            for s in after.clicks.sent
        ),
        "driver_outside_p99_ms": percentile([s.outside_ms for s in sent], 0.99),
        # As a member saw it: from their click to the answer, whatever held it up.
        "member_wait_p99_ms": percentile([(s.returned - s.scheduled) * 1000 for s in sent], 0.99),
        "peak_bot_cpu_cores": samples.peak_cores("bot", start, end),
        "peak_standin_cpu_cores": samples.peak_cores("standin", start, end),
        "peak_driver_cpu_cores": samples.peak_cores("driver", start, end),
        "mean_machine_cpu_cores": samples.mean_cores("machine", start, end),
        "peak_rss_mb": samples.peak_rss_mb(start, end),
    }
