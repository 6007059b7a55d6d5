"""The suite's `xdist_group` marks do what pyproject.toml says: a marked module's tests all run on
one worker (its costly module fixture is set up once), while unmarked tests spread out."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SAMPLE = """
import os
from pathlib import Path

import pytest

OUT = Path(os.environ["WORKER_LOG"])


def note(kind: str) -> None:
    with OUT.open("a", encoding="utf-8") as log:
        log.write(f"{kind} {os.environ.get('PYTEST_XDIST_WORKER')}\\n")


@pytest.mark.xdist_group("costly")
@pytest.mark.parametrize("n", range(6))
def test_grouped(n: int) -> None:
    note("grouped")


@pytest.mark.parametrize("n", range(12))
def test_free(n: int) -> None:
    note("free")
"""


def test_a_groups_tests_run_on_one_worker(tmp_path: Path) -> None:
    (tmp_path / "test_sample.py").write_text(SAMPLE, encoding="utf-8")
    log = tmp_path / "workers.log"
    env = os.environ | {"WORKER_LOG": str(log)}
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "2"]
    command += ["--dist", "loadgroup", "-c", os.devnull, "test_sample.py"]
    done = subprocess.run(
        command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    seen = [line.split() for line in log.read_text(encoding="utf-8").splitlines()]
    grouped = {worker for kind, worker in seen if kind == "grouped"}
    assert len([kind for kind, _ in seen if kind == "grouped"]) == 6
    assert len(grouped) == 1, f"the group ran on {sorted(grouped)}"
