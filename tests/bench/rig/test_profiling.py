"""The profile summary the docs quote: shares of samples, inclusive and self, from py-spy's raw
(collapsed stacks) output."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bench.rig.profiling import frame_name, shares

RAW = [
    "thread (1): MainThread;run (asyncio/runners.py:118);reply (bot/app/kit/replies.py:40) 6",
    "thread (1): MainThread;run (asyncio/runners.py:118);handle (bot/app/x.py:9) 3",
    "thread (2): writer;commit (sqlalchemy/engine/default.py:954) 1",
]


def test_a_frame_is_named_by_its_function_and_file() -> None:
    assert frame_name("reply (bot/app/kit/replies.py:40)") == "reply (replies.py)"
    assert frame_name("thread (1): MainThread") == "thread (1): MainThread"


def test_inclusive_and_self_shares_count_each_sample_once_per_function() -> None:
    total, inclusive, own = shares(RAW)

    assert total == 10
    assert inclusive["run (runners.py)"] == 9
    assert inclusive["reply (replies.py)"] == 6
    assert own["reply (replies.py)"] == 6
    assert own["run (runners.py)"] == 0
    assert own["commit (default.py)"] == 1


def test_the_command_prints_the_shares(tmp_path: Path) -> None:
    profile = tmp_path / "question-1.txt"
    profile.write_text("\n".join(RAW) + "\n")
    printed = subprocess.run(
        [sys.executable, "-m", "bench.rig.profiling", str(profile), "--top", "3"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert printed.splitlines()[0] == "10 samples"
    assert " 90.0%  run (runners.py)" in printed
