"""The learning benchmark's reading of the fits' predictions (bench/learning/fitted.py): where
fitting starts to pay, for the JSON line and the printed table."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from bench.learning.fitted import Prediction
from bench.learning.frontier import Estimate, estimate
from bench.learning.sweep import World
from bot.quiz.review import fitting


def fitting_summary(predictions: Sequence[Prediction], world: World) -> dict[str, object]:
    """Where fitting starts to pay: the least answers fitted on whose weights predict the later
    answers better than the defaults (log loss, 95 % interval above 0); None within the sizes."""
    # Default minus fitted log loss, paired over members (every seed's): above 0, the fit
    # predicts better.
    pooled: dict[int, list[npt.NDArray[np.float64]]] = {}
    for p in predictions:
        pooled.setdefault(p.fitted_on, []).append(p.default - p.fitted)
    gains = {
        n: (estimate(differences) if len(differences) > 1 else None, len(differences))
        for n, parts in pooled.items()
        for differences in [np.concatenate(parts)]
    }
    pays = [n for n, (g, _m) in gains.items() if g is not None and g.mean - g.half_width > 0]
    return {
        "fit_pays_from_answers": min(pays) if pays else None,
        "log_loss_gain_by_answers": {n: _pair(g) for n, (g, _m) in gains.items()},
        "members_by_answers": {n: m for n, (_g, m) in gains.items()},
        "fitted_members_per_seed": min(world.members, world.fitted_members),
        "fit_minimum_reviews": fitting.FIT_MINIMUM_REVIEWS,
    }


def fitting_report(found: dict[str, object]) -> list[str]:
    gains, members = found["log_loss_gain_by_answers"], found["members_by_answers"]
    if not isinstance(gains, dict) or not isinstance(members, dict):
        return []
    lines = ["", "fitted on a member's first N answers, log loss on the rest (default − fitted):"]
    lines.append(f"{'N':>6}{'members':>9}{'gain (95 % CI)':>22}")
    lines.extend(f"{n:>6}{members[n]:>9}{_shown(gain):>22}" for n, gain in gains.items())
    lines.append(f"fitting pays from {_shown(found['fit_pays_from_answers'])} answers")
    return lines


def _pair(found: Estimate | None) -> list[float] | None:
    return None if found is None else [round(found.mean, 4), round(found.half_width, 4)]


def _shown(value: object) -> str:
    """A number, an estimate (mean ± half width) or a dash for none, as the table shows it."""
    if isinstance(value, list):
        return f"{value[0]} ± {value[1]}"
    return "—" if value is None else f"{value}"
