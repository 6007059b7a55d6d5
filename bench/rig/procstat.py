"""CPU time and memory of processes on this machine, from /proc (Linux)."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path

_TICKS_PER_S = os.sysconf("SC_CLK_TCK")
# utime and stime are fields 14 and 15 of /proc/PID/stat; counted from field 3 (after the name).
_UTIME, _STIME = 14 - 3, 15 - 3


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time the process has used so far."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    # The command name may hold spaces; the fields after it are plain numbers.
    fields = stat[stat.rindex(")") + 2 :].split()
    return (int(fields[_UTIME]) + int(fields[_STIME])) / _TICKS_PER_S


def machine_busy_seconds() -> float:
    """CPU time all cores spent on anything but idling and waiting for I/O, since boot."""
    fields = [int(f) for f in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle, iowait = fields[3], fields[4]
    return (sum(fields[:8]) - idle - iowait) / _TICKS_PER_S


def rss_mb(pid: int) -> float:
    """Resident memory in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


@dataclass
class CpuMeter:
    """CPU seconds per named process over the intervals it was running (``start``..``stop``),
    and the wall time of those intervals; ``driver`` is this process itself, ``machine`` all
    of the machine (other people's work included)."""

    pids: dict[str, int]
    used: dict[str, float] = field(default_factory=dict)
    wall_s: float = 0.0
    _at: dict[str, float] = field(default_factory=dict)
    _started: float = 0.0

    def _now(self) -> dict[str, float]:
        now = {name: cpu_seconds(pid) for name, pid in self.pids.items()}
        now["driver"] = time.process_time()
        now["machine"] = machine_busy_seconds()
        return now

    def start(self) -> None:
        self._at = self._now()
        self._started = time.perf_counter()

    def stop(self) -> None:
        self.wall_s += time.perf_counter() - self._started
        for name, seconds in self._now().items():
            self.used[name] = self.used.get(name, 0.0) + seconds - self._at[name]

    def share(self, name: str) -> float:
        """Cores the process kept busy on average (1.0 = one whole core)."""
        return self.used.get(name, 0.0) / self.wall_s if self.wall_s else 0.0

    def ms_per(self, name: str, count: int) -> float:
        return self.used.get(name, 0.0) * 1000 / count if count else 0.0
