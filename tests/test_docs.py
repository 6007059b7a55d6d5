"""Every example in the docs runs, so none can drift from the code again.

A fenced block after `<!-- runnable ... -->` is an example: Python runs as a script file in a
fresh interpreter (so no top-level await); a shell command runs until it prints the line its `# `
comment shows (PORT standing for any port), then is stopped with Ctrl-C.
"""

from __future__ import annotations

import asyncio
import re
import shlex
import signal
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
DOCS = sorted((REPO / "docs").glob("*.md"))
RUNNABLE = re.compile(r"<!-- runnable[^>]*-->\n```(\w+)\n(.*?)```", re.DOTALL)
COMMAND_S = 30.0
SCRIPT_S = 120.0
PIPE = asyncio.subprocess.PIPE


def examples(language: str) -> list[pytest.param]:  # type: ignore[valid-type]
    found = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for match in RUNNABLE.finditer(text):
            if match.group(1) == language:
                line = text.count("\n", 0, match.start()) + 3
                found.append(pytest.param(doc, line, match.group(2), id=f"{doc.name}:{line}"))
    return found


def test_the_docs_have_runnable_examples() -> None:
    assert examples("python")
    assert examples("sh")


@pytest.mark.e2e
@pytest.mark.parametrize(("doc", "line", "code"), examples("python"))
async def test_a_python_example_runs(doc: Path, line: int, code: str, tmp_path: Path) -> None:
    script = tmp_path / f"{doc.stem}_{line}.py"
    script.write_text("\n" * (line - 1) + code, encoding="utf-8")  # tracebacks: the doc's lines
    # A file run by a fresh interpreter, as a reader saves and runs it, from the repository's
    # folder since examples name its files.
    process = await asyncio.create_subprocess_exec(
        sys.executable, str(script), cwd=REPO, stdout=PIPE, stderr=asyncio.subprocess.STDOUT
    )
    try:
        async with asyncio.timeout(SCRIPT_S):
            said, _ = await process.communicate()
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    assert process.returncode == 0, f"{doc.name}:{line}: {said.decode()}"


@pytest.mark.parametrize(("doc", "line", "code"), examples("sh"))
async def test_a_shell_example_prints_what_it_says(doc: Path, line: int, code: str) -> None:
    command, said = _command_and_output(code)
    process = await asyncio.create_subprocess_exec(
        *command, cwd=REPO, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT
    )
    seen: list[str] = []
    try:
        assert process.stdout is not None
        async with asyncio.timeout(COMMAND_S):
            while not any(said.fullmatch(s) for s in seen):
                raw = await process.stdout.readline()
                assert raw, f"{doc.name}:{line}: ended without {said.pattern!r}; said {seen}"
                seen.append(raw.decode().strip())
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGINT)
            await process.wait()


def _command_and_output(code: str) -> tuple[list[str], re.Pattern[str]]:
    """The block's command (the venv's python as this one) and the output its comment shows."""
    lines = [line.strip() for line in code.strip().splitlines()]
    command = shlex.split(lines[0])
    if command[0].endswith("bin/python"):
        command[0] = sys.executable
    shown = next(line.removeprefix("# ") for line in lines[1:] if line.startswith("# "))
    return command, re.compile(re.escape(shown).replace("PORT", r"\d+"))
