"""Every example in the docs runs, so none can drift from the code again.

A fenced block after `<!-- runnable ... -->` is an example: Python runs with top-level await (as
in `python -m asyncio`); a shell command runs until it prints the line its `# ` comment shows
(PORT standing for any port), then is stopped with Ctrl-C.
"""

from __future__ import annotations

import ast
import asyncio
import inspect
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
async def test_a_python_example_runs(
    doc: Path, line: int, code: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(REPO)  # examples name the repository's files as a reader there would
    source = "\n" * (line - 1) + code  # tracebacks point at the doc's own lines
    compiled = compile(source, str(doc), "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
    outcome = eval(compiled, {"__name__": "docs_example"})  # noqa: S307  # our own docs
    if inspect.iscoroutine(outcome):
        await outcome


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
