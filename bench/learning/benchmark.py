"""The knowledge-workload frontier: how much members know at the year's end for the answers given.

Members with an FSRS-6 memory (bench/learning/learner.py) study the seed packs and a synthetic
pack for a year (bench/learning/studying.py) under six schedulers (bench/learning/schedules.py),
each swept over its knob (bench/learning/sweep.py): quizbot's own, quizbot refitting each
member's weights as the bot does (bench/learning/fitted.py; fewer members, two knobs, and a
table of how well fits predict), tuned fixed intervals and Leitner boxes, and two oracles that
know each member's true memory. K is the summed true recall over the deck. Prints the frontiers,
then each read at quizbot's answer count and at K = 485, then one JSON line; see
docs/learning.md.

    python -m bench.learning [--members 40] [--fitted-members 6] [--seeds 1 2 3] [--processes 2]
        [--small]
        [--prior-knowledge 0.0] [--uniform] [--no-guessing] [--typed]  (variants of the model)
        [--rise R] [--known-before P] [--reask] [--no-fuzz]  (variants of the bot's policy)
    python -m bench.learning --life [--life-members 20] [--life-seed 1] [--daily-limit 40]
        (reviews that fit a life: bench/learning/life.py)
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from functools import partial
from pathlib import Path

import numpy as np
import numpy.typing as npt

from bench.learning import life_run
from bench.learning.fit_report import fitting_report, fitting_summary
from bench.learning.frontier import (
    Estimate,
    FrontierPoint,
    answers_for,
    at_answers,
    estimate,
    frontiers,
)
from bench.learning.plot import plot
from bench.learning.studying import Study
from bench.learning.sweep import (
    REPO,
    SCHEDULERS,
    PointResult,
    World,
    deck_spaces,
    points,
    run_point,
)
from bot.quiz.review import scheduling
from bot.quiz.review.scheduling import DEFAULT_DAILY_NEW_LIMIT

K_TARGET = 485.0  # the knowledge the inverse reading asks for (of 516 questions)
RATIO_TO = ("fixed", "leitner", "oracle_constant", "oracle_rising")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m bench.learning", description=__doc__)
    p.add_argument("--members", type=int, default=40, help="per seed")
    p.add_argument(
        "--fitted-members", type=int, default=6, help="per seed, of the fitted row (the first)"
    )
    p.add_argument("--days", type=int, default=365)
    p.add_argument("--budget", type=int, default=100, help="answers a member gives a day at most")
    p.add_argument("--new-per-day", type=int, default=DEFAULT_DAILY_NEW_LIMIT)
    p.add_argument("--synthetic", type=int, default=500, help="questions in the synthetic pack")
    p.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    p.add_argument("--processes", type=int, default=2)
    p.add_argument("--schedulers", nargs="+", default=list(SCHEDULERS), choices=SCHEDULERS)
    p.add_argument("--uniform", action="store_true", help="every member FSRS-6's default learner")
    p.add_argument("--no-guessing", action="store_true", help="right only when recalled")
    p.add_argument(
        "--typed", action="store_true", help="every question typed: no guessing, no discount"
    )
    p.add_argument("--prior-knowledge", type=float, default=0.0, help="share known before met")
    p.add_argument("--rise", type=float, default=None, help="a variant of the bot's curve")
    p.add_argument("--known-before", type=float, default=None, help="a variant of the bot's prior")
    p.add_argument("--reask", action="store_true", help="a variant: a miss comes back in 1 min")
    p.add_argument("--no-fuzz", action="store_true", help="a variant: intervals not fuzzed")
    p.add_argument("--plot", type=Path, default=None, help="PNG (full runs: docs/learning.png)")
    p.add_argument("--small", action="store_true", help="3 members, 60 days, 40 synthetic, seed 1")
    life_run.add_arguments(p)
    return p


def policy_of(args: argparse.Namespace) -> scheduling.Policy:
    """The bot's policy, or the variant the options ask for."""
    policy = scheduling.make_policy()
    if args.rise is not None:
        policy = replace(policy, rise=args.rise)
    if args.known_before is not None:
        policy = replace(policy, known_before=args.known_before)
    if args.reask:
        policy = replace(policy, reask_missed=True)
    return replace(policy, fuzz=policy.fuzz and not args.no_fuzz)


def is_variant(args: argparse.Namespace) -> bool:
    changed_model = args.uniform or args.no_guessing or args.typed
    return policy_of(args) != scheduling.make_policy() or changed_model


def world_of(args: argparse.Namespace) -> World:
    if args.small:
        args.members, args.days, args.synthetic, args.seeds = 3, 60, 40, [1]
    elif args.plot is None and not is_variant(args) and args.prior_knowledge == 0:
        args.plot = REPO / "docs" / "learning.png"
    study = Study(args.days, args.budget, args.new_per_day)
    return World(
        study,
        args.members,
        args.synthetic,
        varied=not args.uniform,
        guessing=not args.no_guessing,
        typed=args.typed,
        prior_knowledge=args.prior_knowledge,
        policy=policy_of(args),
        fitted_members=args.fitted_members,
    )


def run(args: argparse.Namespace) -> tuple[str, dict[str, object]]:
    """The printed report and the JSON line's result."""
    world = world_of(args)
    started = time.perf_counter()
    todo = points(args.seeds, args.schedulers)
    todo.sort(key=lambda p: p.scheduler != "quizbot")  # the slowest first, for balance
    work = partial(run_point, world)
    if args.processes > 1:
        with ProcessPoolExecutor(args.processes) as pool:
            results = list(pool.map(work, todo))
    else:
        results = [work(point) for point in todo]
    found = frontiers(results)
    equal = equal_answers(results, world.policy.desired_retention)
    result = summary(found, equal, len(args.seeds))
    predictions = [p for r in results for p in r.predictions]
    if predictions:
        result["fitting"] = fitting_summary(predictions, world)
    result |= setup(args, world) | {"elapsed_s": round(time.perf_counter() - started, 1)}
    if args.plot is not None:
        plot(found, results, equal, K_TARGET, args.plot)
    return report(found, equal, result), result


def equal_answers(results: Sequence[PointResult], knob: float) -> float:
    """The answers a day of the bot's own configuration: where the frontiers are compared."""
    bots = [
        r.answers_per_day
        for r in results
        if r.point == replace(r.point, scheduler="quizbot", knob=knob)
    ]
    return float(np.concatenate(bots).mean())


def summary(found: dict[str, list[FrontierPoint]], equal: float, seeds: int) -> dict[str, object]:
    """The JSON line's readings: each frontier at ``equal`` answers a day and at K_TARGET."""
    readings = {
        metric: {name: estimate(at_answers(f, equal, metric)) for name, f in found.items()}
        for metric in ("k_last", "k_mean", "count90_last")
    }
    needs = {name: _round(answers_for(f, K_TARGET)) for name, f in found.items()}
    quizbot = at_answers(found["quizbot"], equal, "k_last")
    differences = {}
    for name, frontier in found.items():
        other = at_answers(frontier, equal, "k_last")
        if name != "quizbot" and quizbot is not None and other is not None:
            differences[name] = _pair(estimate(same_members(quizbot, len(other), seeds) - other))
    return {
        "equal_answers_per_day": round(equal, 2),
        "k365_at_equal_answers": {n: _mean(e) for n, e in readings["k_last"].items()},
        "k365_ci95": {n: _half(e) for n, e in readings["k_last"].items()},
        "k_mean_at_equal_answers": {n: _mean(e) for n, e in readings["k_mean"].items()},
        "count90_day365_at_equal_answers": {
            n: _mean(e) for n, e in readings["count90_last"].items()
        },
        "quizbot_minus_k365": differences,
        f"answers_per_day_for_k{int(K_TARGET)}": needs,
        "work_ratio": {f"quizbot_vs_{n}": _ratio(needs["quizbot"], needs.get(n)) for n in RATIO_TO},
        "k365_ratio": {
            f"quizbot_vs_{n}": _ratio(
                _mean(readings["k_last"]["quizbot"]), _mean(readings["k_last"].get(n))
            )
            for n in RATIO_TO
        },
    }


def same_members(
    values: npt.NDArray[np.float64], count: int, seeds: int
) -> npt.NDArray[np.float64]:
    """``values`` (each seed's members in turn) for the first ``count / seeds`` of each seed's
    members: the fitted row meets fewer, and a difference pairs the same members."""
    if len(values) == count:
        return values
    return values.reshape(seeds, -1)[:, : count // seeds].ravel()


def setup(args: argparse.Namespace, world: World) -> dict[str, object]:
    policy = world.policy
    return {
        "members_per_seed": args.members,
        "seeds": args.seeds,
        "days": args.days,
        "budget": args.budget,
        "questions": len(deck_spaces(args.synthetic)),
        "uniform": args.uniform,
        "guessing": not args.no_guessing,
        "typed": args.typed,
        "prior_knowledge": args.prior_knowledge,
        "policy": {
            "desired_retention": policy.desired_retention,
            "rise": policy.rise,
            "known_before": policy.known_before,
            "reask_missed": policy.reask_missed,
            "fuzz": policy.fuzz,
        },
    }


def report(found: dict[str, list[FrontierPoint]], equal: float, result: dict[str, object]) -> str:
    lines = [f"{'frontier':<16}{'knob':>7}{'answers/day':>13}{'K365':>9}{'K mean':>9}{'≥0.9':>8}"]
    for name, frontier in found.items():
        lines.extend(
            f"{name:<16}{p.knob:>7}{p.mean_answers:>13.2f}{p.mean('k_last'):>9.1f}"
            f"{p.mean('k_mean'):>9.1f}{p.mean('count90_last'):>8.1f}"
            for p in frontier
        )
    members = len(next(iter(found.values()))[0].answers)
    lines += ["", f"at quizbot's {equal:.2f} answers a day (95 % CI over {members} members):"]
    lines.append(
        f"{'scheduler':<16}{'K365':>16}{'K mean':>9}{'≥0.9':>8}"
        f"{'quizbot − it':>16}{f'answers for K{int(K_TARGET)}':>18}"
    )
    tables = {key: result[key] for key in ("k365_ci95", "quizbot_minus_k365")}
    for name in found:
        k365 = _get(result, "k365_at_equal_answers", name)
        ci = tables["k365_ci95"].get(name) if isinstance(tables["k365_ci95"], dict) else None
        diff = _get(result, "quizbot_minus_k365", name)
        lines.append(
            f"{name:<16}{_show(k365):>9} ± {_show(ci):<4}"
            f"{_show(_get(result, 'k_mean_at_equal_answers', name)):>9}"
            f"{_show(_get(result, 'count90_day365_at_equal_answers', name)):>8}"
            f"{_show_pair(diff):>16}"
            f"{_show(_get(result, f'answers_per_day_for_k{int(K_TARGET)}', name)):>18}"
        )
    for key in ("work_ratio", "k365_ratio"):
        ratios = result[key]
        if isinstance(ratios, dict):
            lines.append(key + ": " + ", ".join(f"{k} {_show(v)}" for k, v in ratios.items()))
    fitted = found.get("quizbot_fitted")
    if fitted:
        lines.append(f"quizbot_fitted: {len(fitted[0].answers)} members (quizbot − it: the same)")
    found_fits = result.get("fitting")
    if isinstance(found_fits, dict):
        lines += fitting_report(found_fits)
    return "\n".join(lines)


def _get(result: dict[str, object], key: str, name: str) -> object:
    table = result.get(key)
    return table.get(name) if isinstance(table, dict) else None


def _show(value: object) -> str:
    return "—" if value is None else f"{value}"


def _show_pair(value: object) -> str:
    return f"{value[0]} ± {value[1]}" if isinstance(value, list) else "—"


def _mean(found: Estimate | None) -> float | None:
    return None if found is None else round(found.mean, 1)


def _half(found: Estimate | None) -> float | None:
    return None if found is None else round(found.half_width, 1)


def _pair(found: Estimate | None) -> list[float] | None:
    return None if found is None else [round(found.mean, 1), round(found.half_width, 1)]


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def _ratio(top: float | None, bottom: float | None) -> float | None:
    return None if top is None or not bottom else round(top / bottom, 3)


def main(argv: Sequence[str] | None = None) -> None:
    args = parser().parse_args(argv)
    printed, result = life_run.run(args) if args.life else run(args)
    print(printed)
    print(json.dumps(result))
