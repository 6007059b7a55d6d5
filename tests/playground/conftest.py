"""`quizbot playground` as a person starts it: a real process, its data in a temporary folder;
and, for the page's tests, Debian's Chromium and the page opened in it."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from tests.playground.browsing import CHROMIUM, FLAGS, WAIT_MS, opened_page
from tests.shipped import copy_shipped_packs

REPO = Path(__file__).resolve().parents[2]
STARTUP_S = 60.0
STOP_S = 20.0
OPEN_LINE = "quizbot playground: open "

Json = dict[str, Any]

# `expect` waits 5 s unless told, the page's own actions WAIT_MS: one bound for both. A deferred
# reply may take longer than 5 s on a busy host (the first /stats chart imports matplotlib), and
# Discord gives a deferred interaction 15 minutes. A passing check returns as soon as it holds.
expect.set_options(timeout=WAIT_MS)


@dataclass
class Playground:
    process: subprocess.Popen[str]
    url: str
    said: list[str] = field(default_factory=list)

    def call(self, method: str, path: str, body: Json | None = None) -> Any:
        """The control API (or the crowd's, under /_playground) as JSON."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(f"{self.url}{path}", data=data, method=method)  # noqa: S310
        with urllib.request.urlopen(request, timeout=10) as response:  # noqa: S310  # loopback
            return json.loads(response.read())

    def stop(self) -> int:
        """Ctrl-C, as a person stops it; the exit status."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(STOP_S)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        assert self.process.stdout is not None
        self.said += self.process.stdout.read().splitlines()
        return self.process.returncode


def read_line(process: subprocess.Popen[str], wanted: str, said: list[str], timeout: float) -> str:
    """The first output line containing `wanted`, waiting at most `timeout` seconds for it."""
    assert process.stdout is not None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([process.stdout], [], [], deadline - time.monotonic())
        if not ready:
            break
        line = process.stdout.readline()
        if not line:
            raise AssertionError(f"the playground ended before {wanted!r}; it said: {said}")
        said.append(line.rstrip("\n"))
        if wanted in line:
            return line
    raise AssertionError(f"no {wanted!r} within {timeout} s; it said: {said}")


def start_playground(data_home: Path, *args: str) -> subprocess.Popen[str]:
    env = {
        **os.environ,
        "XDG_DATA_HOME": str(data_home),
        "PYTHONUNBUFFERED": "1",
        # The shipped packs only: the tests may not change with the packs a user added.
        "QUIZBOT_QUIZ_DIR": str(copy_shipped_packs(data_home / "quizzes")),
    }
    return subprocess.Popen(
        [sys.executable, "-m", "bot", "playground", *args],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def running_playground(data_home: Path, *args: str) -> Playground:
    process = start_playground(data_home, "--port", "0", *args)
    said: list[str] = []
    line = read_line(process, OPEN_LINE, said, STARTUP_S)
    url = line.split(OPEN_LINE, 1)[1].split()[0].rstrip("/")
    return Playground(process, url, said)


@pytest.fixture(scope="module")
def playground(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Playground]:
    """One playground for the module, its data in a fresh folder."""
    started = running_playground(tmp_path_factory.mktemp("data"))
    try:
        yield started
    finally:
        started.stop()


def no_failures(playground: Playground) -> None:
    """What a playground session must never show: failed interactions, 429s, spec failures."""
    failed = [i for i in playground.call("GET", "/_standin/interactions") if i["failed"]]
    assert failed == [], "interactions that got no answer in time"
    assert playground.call("GET", "/_standin/rate-limits")["sent_429"] == 0
    assert playground.call("GET", "/_standin/openapi-failures") == []


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        message = (
            f"the browser tests need Debian's chromium at {CHROMIUM}: apt-get install chromium"
        )
        if os.environ.get("QUIZBOT_REQUIRE_BROWSER") == "1":
            pytest.fail(message)
        pytest.skip(message)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def page(browser: Browser, playground: Playground) -> Iterator[Page]:
    with opened_page(browser, playground) as (opened, _):
        yield opened
