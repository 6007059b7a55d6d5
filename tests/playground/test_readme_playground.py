"""What the README says about the playground is what the code does: the pace of the "N answered"
counter and of reminders, the emoji font that CI installs and the browser tests require, and the
clock's buttons (tests/playground/test_page_events.py clicks each one and checks how far it
moves the clock; test_playground.py that its lead survives a restart)."""

from __future__ import annotations

from bot.app.reminders.loop import PASS_INTERVAL_S
from bot.app.rounds.counter import COUNTER_EDIT_INTERVAL_S
from tests.playground.browsing import CLOCK_STEPS, TO_NEXT_EVENT
from tests.playground.conftest import REPO

README = " ".join((REPO / "README.md").read_text(encoding="utf-8").split())
FONT = "fonts-noto-color-emoji"


def test_the_counter_and_the_reminders_keep_the_pace_the_readme_gives() -> None:
    assert f"at most every {COUNTER_EDIT_INTERVAL_S:g} s" in README
    assert PASS_INTERVAL_S == 60
    assert "owed reminders once a minute" in README


def test_ci_installs_the_emoji_font_the_readme_names() -> None:
    install = next(
        line
        for line in (REPO / ".ci" / "run").read_text(encoding="utf-8").splitlines()
        if "apt-get install" in line
    )
    assert FONT in install
    assert f"apt-get install chromium {FONT}" in README
    assert f"apt-get install {FONT}" in README


def test_the_readme_names_the_clocks_buttons_as_the_page_shows_them() -> None:
    for label in CLOCK_STEPS:
        assert f"`{label}`" in README
    assert f'"{TO_NEXT_EVENT}" move it forward (never back)' in README
    assert "it keeps its lead when the playground starts again" in README
    assert "an *Interested* button for the member you are being" in README
