"""``python -m bench.learning --life``: the life scenarios run, printed, and their JSON line."""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from bench.learning.life import DEFAULT_DAILY_LIMIT, Task, run_task, scenarios
from bench.learning.life_report import report, summary
from bench.learning.studying import Study
from bench.learning.sweep import World, deck_spaces
from bot.quiz.review import scheduling


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--life", action="store_true", help="the life scenarios instead (issue 40)")
    p.add_argument("--life-members", type=int, default=20, help="members of the life scenarios")
    p.add_argument("--life-seed", type=int, default=1, help="the life scenarios' seed")
    p.add_argument("--daily-limit", type=int, default=DEFAULT_DAILY_LIMIT, help="reviews a day")


def world_of(args: argparse.Namespace) -> World:
    """The frontier's world with the bot's own policy, at the life scenarios' size: fewer
    members than the frontier (eleven scenarios, each a plain year's cost)."""
    members, days, synthetic = args.life_members, args.days, args.synthetic
    if args.small:
        members, days, synthetic = 3, 60, 40
    study = Study(days, args.budget, args.new_per_day)
    return World(study, members, synthetic, policy=scheduling.make_policy())


def run(args: argparse.Namespace) -> tuple[str, dict[str, object]]:
    """The printed table and the JSON line's result."""
    world = world_of(args)
    started = time.perf_counter()
    names = [*scenarios(world.study.days, args.daily_limit), "packs"]
    tasks = [Task(name, args.life_seed, args.daily_limit) for name in names]
    work = partial(run_task, world)
    if args.processes > 1:
        with ProcessPoolExecutor(args.processes) as pool:
            lives = list(pool.map(work, tasks))
    else:
        lives = [work(task) for task in tasks]
    result = summary(dict(zip(names, lives, strict=True)), args.daily_limit)
    result |= {
        "members": world.members,
        "seed": args.life_seed,
        "days": world.study.days,
        "questions": len(deck_spaces(world.synthetic)),
        "elapsed_s": round(time.perf_counter() - started, 1),
    }
    return report(result), {"life": result}
