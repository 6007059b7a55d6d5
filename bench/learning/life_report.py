"""The life scenarios' figures (bench/learning/life.py): a summary for the JSON line, and a table.

Differences in K are paired: every scenario meets the same members with the same draws.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from bench.learning.frontier import estimate
from bench.learning.life import PACK_TARGETS, MemberLife
from bot.quiz.review.backlog import BacklogOrder

WEEKEND_SHARE_AT_MOST = 0.05
K365_WITHIN = 0.01


def summary(found: Mapping[str, Sequence[MemberLife]], limit: int) -> dict[str, object]:
    """Every figure of the life scenarios, and whether the issue's goals are met."""
    free = found["free"]
    steady = float(np.mean([m.steady_reviews for m in free]))
    table = {name: scenario(lives, free, limit) for name, lives in found.items()}
    weekends = table["easy_weekends"]
    best = max(BacklogOrder, key=lambda o: order_score(table, o))
    packs = [float(np.mean([m.pack_k365[i] for m in found["packs"]])) for i in range(2)]
    absent = [row for name, row in table.items() if is_absence(name)]
    return {
        "daily_limit": limit,
        "steady_reviews_per_day": round(steady, 2),
        "limit_over_steady": round(limit / steady, 2) if steady else None,
        "scenarios": table,
        "easy_weekends": {
            "weekend_share": weekends["weekend_share"],
            "k365_ratio_to_free": weekends["k365_ratio_to_free"],
            "met": _share(weekends) <= WEEKEND_SHARE_AT_MOST
            and abs(_ratio(weekends) - 1) <= K365_WITHIN,
        },
        "absence": {
            "days": 14,
            "no_day_above_limit": all(s["most_reviews_a_day_back"] <= limit for s in absent),  # type: ignore[operator]
            "clear_days": {
                name: row["clear_days_mean"] for name, row in table.items() if is_absence(name)
            },
        },
        "backlog_orders": {str(o): order_row(table, o) for o in BacklogOrder},
        "best_backlog_order": str(best),
        "packs": {
            "targets": list(PACK_TARGETS),
            "k365": [round(k, 1) for k in packs],
            "higher_target_higher_k": packs[1] > packs[0],
        },
    }


def order_row(table: Mapping[str, Mapping[str, object]], order: BacklogOrder) -> dict[str, object]:
    """One backlog order's figures on both absences, and its score."""
    away, unannounced = table[f"away_{order}"], table[f"unannounced_{order}"]
    return {
        "k365_away": away["k365"],
        "k365_unannounced": unannounced["k365"],
        "k_30_days_back_away": away["k_30_days_back"],
        "k_30_days_back_unannounced": unannounced["k_30_days_back"],
        "backlog_right_unannounced": unannounced["backlog_right"],
        "score": round(order_score(table, order), 2),
    }


def is_absence(name: str) -> bool:
    return name.startswith(("away_", "unannounced_"))


def order_score(table: Mapping[str, Mapping[str, object]], order: BacklogOrder) -> float:
    """An order's score: its K 30 days after the return, both absences' mean: the knowledge
    the backlog order decides (by K365 the year has mostly recovered from a July absence);
    K365 in a run too short for it."""
    rows = [table[f"{kind}_{order}"] for kind in ("away", "unannounced")]
    values = [row["k_30_days_back"] for row in rows]
    if not all(isinstance(v, float) for v in values):
        values = [row["k365"] for row in rows]
    return float(np.mean([v for v in values if isinstance(v, float)]))


def scenario(
    lives: Sequence[MemberLife], free: Sequence[MemberLife], limit: int
) -> dict[str, object]:
    k365 = np.array([m.k365 for m in lives])
    paired = estimate(k365 - np.array([m.k365 for m in free]))
    found = estimate(k365)
    clears = [m.clear_days for m in lives if m.clear_days is not None]
    rights = [m.backlog_right for m in lives if m.backlog_right is not None]
    back = [m.k_30_days_back for m in lives if m.k_30_days_back is not None]
    normal = float(np.mean([m.normal_day_reviews for m in lives]))
    return {
        "answers_per_day": round(float(np.mean([m.answers_per_day for m in lives])), 2),
        "k365": round(float(k365.mean()), 1),
        "k365_ci95": None if found is None else round(found.half_width, 1),
        "k365_minus_free": None
        if paired is None
        else [round(paired.mean, 2), round(paired.half_width, 2)],
        "k365_ratio_to_free": round(float(k365.mean()) / float(np.mean([m.k365 for m in free])), 4),
        "weekend_share": round(float(np.mean([m.easy_day_reviews for m in lives])) / normal, 4)
        if normal
        else None,
        "most_reviews_a_day_back": max((m.most_reviews_back or 0 for m in lives), default=0),
        "most_due_a_day_back": max((m.most_due_back or 0 for m in lives), default=0),
        "clear_days_mean": round(float(np.mean(clears)), 1) if clears else None,
        "clear_days_max": max(clears, default=None),
        "uncleared_members": sum(1 for m in lives if m.clear_days is None and m.backlog_cards),
        "backlog_cards": round(float(np.mean([m.backlog_cards for m in lives])), 1),
        "backlog_right": round(float(np.mean(rights)), 3) if rights else None,
        "k_30_days_back": round(float(np.mean(back)), 2) if back else None,
        "limit": limit,
    }


def _share(found: Mapping[str, object]) -> float:
    share = found["weekend_share"]
    return share if isinstance(share, float) else 1.0


def _ratio(found: Mapping[str, object]) -> float:
    ratio = found["k365_ratio_to_free"]
    return ratio if isinstance(ratio, float) else 0.0


def report(result: Mapping[str, object]) -> str:
    """The scenarios' table, then the goals."""
    table = result["scenarios"]
    if not isinstance(table, dict):
        raise TypeError("no scenarios")
    lines = [
        (
            f"{'scenario':<36}{'ans/day':>8}{'K365':>14}{'− free':>15}{'wkend':>7}"
            f"{'max rev':>8}{'max due':>8}{'clear d':>8}{'right':>7}{'K back+30':>10}"
        )
    ]
    for name, row in table.items():
        diff = row["k365_minus_free"]
        lines.append(
            f"{name:<36}{row['answers_per_day']:>8}{row['k365']:>8} ± {_show(row['k365_ci95']):<3}"
            f"{_pair(diff):>15}{_show(row['weekend_share']):>7}"
            f"{row['most_reviews_a_day_back']:>8}{row['most_due_a_day_back']:>8}"
            f"{_show(row['clear_days_mean']):>8}{_show(row['backlog_right']):>7}"
            f"{_show(row['k_30_days_back']):>10}"
        )
    lines.extend(f"{key}: {result[key]}" for key in ("easy_weekends", "absence", "packs"))
    lines.append(f"best backlog order: {result['best_backlog_order']}")
    return "\n".join(lines)


def _show(value: object) -> str:
    return "—" if value is None else f"{value}"


def _pair(value: object) -> str:
    return f"{value[0]} ± {value[1]}" if isinstance(value, list) else "—"
