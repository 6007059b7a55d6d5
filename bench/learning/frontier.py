"""Frontiers read at equal answers, and inversely at equal knowledge.

A frontier's points are (answers a day, K) pairs, one per knob value, each a mean over the same
members. Read at an answer count between two points, a metric is interpolated linearly between
them member by member (the same weights for every member), so the interpolated value has a
confidence interval over members, and the difference of two schedulers one over members paired.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

import numpy as np
import numpy.typing as npt

from bench.learning.sweep import PointResult

METRICS = ("k_last", "k_mean", "count90_last")
Z95 = 1.96


@dataclass(frozen=True, slots=True)
class FrontierPoint:
    """One knob value over every member of every seed (members in the same order throughout)."""

    knob: float
    answers: npt.NDArray[np.float64]
    values: dict[str, npt.NDArray[np.float64]]

    @property
    def mean_answers(self) -> float:
        return float(self.answers.mean())

    def mean(self, metric: str) -> float:
        return float(self.values[metric].mean())


@dataclass(frozen=True, slots=True)
class Estimate:
    mean: float
    half_width: float  # of the 95 % confidence interval over members


def frontiers(results: Sequence[PointResult]) -> dict[str, list[FrontierPoint]]:
    """Each scheduler's frontier, its points in order of answers, seeds pooled in seed order."""
    grouped: dict[tuple[str, float], list[PointResult]] = {}
    for result in sorted(results, key=lambda r: r.point.seed):
        grouped.setdefault((result.point.scheduler, result.point.knob), []).append(result)
    found: dict[str, list[FrontierPoint]] = {}
    for (name, knob), parts in grouped.items():
        values = {
            "k_last": np.concatenate([p.k_last for p in parts]),
            "k_mean": np.concatenate([p.k_mean for p in parts]),
            "count90_last": np.concatenate([p.count90_last for p in parts]),
        }
        answers = np.concatenate([p.answers_per_day for p in parts])
        found.setdefault(name, []).append(FrontierPoint(knob, answers, values))
    return {name: efficient(points) for name, points in found.items()}


def efficient(points: Sequence[FrontierPoint]) -> list[FrontierPoint]:
    """The points in order of answers, less those another point beats with fewer answers and
    more K365 (a tuned ladder takes, for any answers, the best of its scales)."""
    kept: list[FrontierPoint] = []
    for point in sorted(points, key=lambda p: p.mean_answers):
        if not kept or point.mean("k_last") > kept[-1].mean("k_last"):
            kept.append(point)
    return kept


def at_answers(
    frontier: Sequence[FrontierPoint], answers: float, metric: str
) -> npt.NDArray[np.float64] | None:
    """``metric`` member by member where the frontier gives ``answers`` a day; None outside it."""
    for low, high in pairwise(frontier):
        if low.mean_answers <= answers <= high.mean_answers:
            span = high.mean_answers - low.mean_answers
            weight = 0.0 if span == 0 else (answers - low.mean_answers) / span
            return (1 - weight) * low.values[metric] + weight * high.values[metric]
    if len(frontier) == 1 and math.isclose(frontier[0].mean_answers, answers):
        return frontier[0].values[metric]
    return None


def answers_for(frontier: Sequence[FrontierPoint], knowledge: float) -> float | None:
    """The answers a day at which the frontier's mean K at the last day first reaches
    ``knowledge``; None if it never does within the points."""
    for low, high in pairwise(frontier):
        k_low, k_high = low.mean("k_last"), high.mean("k_last")
        if k_low <= knowledge <= k_high and k_high > k_low:
            weight = (knowledge - k_low) / (k_high - k_low)
            return low.mean_answers + weight * (high.mean_answers - low.mean_answers)
    return None


def estimate(values: npt.NDArray[np.float64] | None) -> Estimate | None:
    if values is None:
        return None
    spread = float(values.std(ddof=1)) if len(values) > 1 else 0.0
    return Estimate(float(values.mean()), Z95 * spread / math.sqrt(len(values)))
