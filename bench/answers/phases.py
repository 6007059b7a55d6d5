"""The phases of the answers benchmark (``bench/answers/benchmark.py``): their figures, which
process limited each, the summary's JSON and the printed table."""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from typing import Any

from bench.answers.load import Flow
from bench.rig.procstat import CpuMeter

BUSY_CORE = 0.85  # a process this busy (of one core) is what limits the figure
BUSY_MACHINE = 1.8  # of the machine's two cores


@dataclass
class Phase:
    name: str
    flow: Flow
    meter: CpuMeter

    @classmethod
    def begin(cls, name: str) -> Phase:
        """A phase with no clicks measured yet."""
        return cls(name, Flow(), empty_meter())

    def limit(self) -> str:
        """The process that bounds this phase's rate, if one is CPU-bound."""
        shares = {name: self.meter.share(name) for name in ("bot", "standin", "driver")}
        top = max(shares, key=lambda name: shares[name])
        if shares[top] >= BUSY_CORE:
            return top
        return "machine" if self.meter.share("machine") >= BUSY_MACHINE else "-"

    def others(self) -> float:
        """Cores busy with anything but the three processes: a database server, other work."""
        ours = sum(self.meter.share(name) for name in ("bot", "standin", "driver"))
        return max(self.meter.share("machine") - ours, 0.0)

    def row(self) -> str:
        f, m, n = self.flow, self.meter, len(self.flow.answered)
        return (
            f"{self.name:16} {n:6d} {f.per_s:8.1f} {f.first_ms(0.5):8.1f} {f.first_ms(0.99):8.1f}"
            f" {f.final_ms(0.99):8.1f} {f.deferred:5d} {f.failed:5d} {m.ms_per('bot', n):7.2f}"
            f" {m.share('bot'):5.2f} {m.share('standin'):5.2f} {m.share('driver'):5.2f}"
            f" {self.others():5.2f}  {self.limit()}"
        )


HEADER = (
    f"{'phase':16} {'clicks':>6} {'per_s':>8} {'p50_ms':>8} {'p99_ms':>8} {'conf99':>8}"
    f" {'defer':>5} {'fail':>5} {'cpu_ms':>7} {'bot':>5} {'stand':>5} {'drive':>5} {'other':>5}"
    "  limit"
)


def empty_meter() -> CpuMeter:
    return CpuMeter({})


def add_to(phase: Phase, flow: Flow, meter: CpuMeter) -> None:
    phase.flow.extend(flow)
    phase.meter.wall_s += meter.wall_s
    for name, seconds in meter.used.items():
        phase.meter.used[name] = phase.meter.used.get(name, 0.0) + seconds


def summary(
    arguments: argparse.Namespace, phases: tuple[Phase, ...], figures: dict[str, Any]
) -> dict[str, Any]:
    ceiling, _, bot, half = phases
    n_ceiling, n_bot = len(ceiling.flow.answered), len(bot.flow.answered)
    return {
        "database": "postgresql" if arguments.database_url else "sqlite",
        "members": arguments.members,
        "ceiling_loop": arguments.ceiling_loop,
        "repeat": arguments.repeat,
        "in_flight": arguments.in_flight,
        "ceiling_per_s": ceiling.flow.per_s,
        "bot_per_s": bot.flow.per_s,
        "ratio": bot.flow.per_s / ceiling.flow.per_s,
        "bot_p50_ms": bot.flow.first_ms(0.5),
        "bot_p99_ms": bot.flow.first_ms(0.99),
        "half_rate_per_s": half_rate(arguments, ceiling),
        "half_rate_p50_ms": half.flow.first_ms(0.5),
        "half_rate_p99_ms": half.flow.first_ms(0.99),
        "half_rate_confirm_p99_ms": half.flow.final_ms(0.99),
        "half_rate_max_ms": half.flow.final_ms(1.0),
        "deferred": half.flow.deferred,
        "deferred_closed_loop": bot.flow.deferred,
        "failed": sum(p.flow.failed for p in phases),
        "bot_cpu_ms_per_click": bot.meter.ms_per("bot", n_bot),
        "ceiling_cpu_ms_per_click": ceiling.meter.ms_per("bot", n_ceiling),
        "standin_cpu_share": ceiling.meter.share("standin"),
        "standin_cpu_share_bot": bot.meter.share("standin"),
        "driver_cpu_share": ceiling.meter.share("driver"),
        "other_cpu_share": ceiling.others(),
        "other_cpu_share_bot": bot.others(),
        "limits": {p.name: p.limit() for p in phases},
        **figures,
        "table": [p.row() for p in phases],
    }


def half_rate(arguments: argparse.Namespace, ceiling: Phase) -> float:
    """The open-loop rate: as given, else half the ceiling's closed-loop rate."""
    return float(arguments.rate or ceiling.flow.per_s / 2)


def report(result: dict[str, Any], phases_table: list[str]) -> None:
    print(HEADER)
    for line in phases_table:
        print(line)
    for name, limit in result["limits"].items():
        if limit == "bot":
            print(f"{name}: the bot under test is the limit (CPU-bound)")
        elif limit != "-":
            print(f"{name}: limited by the {limit} (CPU-bound), not by the bot under test")
    print(json.dumps(result))
