"""What docs/playground.md says about the playground is what the code does: the pace of the "N
answered" counter and of reminders, the emoji font that CI installs and the browser tests require
(docs/development.md), and the clock's buttons (tests/playground/test_page_events.py clicks each
one and checks how far it moves the clock; test_playground.py that its lead survives a restart)."""

from __future__ import annotations

from bot.app.reminders.loop import PASS_INTERVAL_S
from bot.app.rounds.counter import COUNTER_EDIT_INTERVAL_S, EDITS_PER_QUESTION
from tests.playground.browsing import CLOCK_STEPS, TO_NEXT_EVENT
from tests.playground.conftest import REPO


def _words(page: str) -> str:
    """A page of docs/ with its line breaks as spaces."""
    return " ".join((REPO / "docs" / page).read_text(encoding="utf-8").split())


PAGE = _words("playground.md")
DEVELOPMENT = _words("development.md")
FONT = "fonts-noto-color-emoji"


def test_the_counter_and_the_reminders_keep_the_pace_the_page_gives() -> None:
    assert f"at most every {COUNTER_EDIT_INTERVAL_S:g} s" in PAGE
    assert f"at most {EDITS_PER_QUESTION} edits a question" in PAGE
    assert PASS_INTERVAL_S == 60
    assert "owed reminders once a minute" in PAGE


def test_ci_installs_the_emoji_font_the_docs_name() -> None:
    install = next(
        line
        for line in (REPO / ".ci" / "run").read_text(encoding="utf-8").splitlines()
        if "apt-get install" in line
    )
    assert FONT in install
    assert f"apt-get install chromium {FONT}" in DEVELOPMENT
    assert f"apt-get install {FONT}" in PAGE


def test_the_page_names_the_clocks_buttons_as_the_playground_shows_them() -> None:
    for label in CLOCK_STEPS:
        assert f"`{label}`" in PAGE
    assert f'"{TO_NEXT_EVENT}" move it forward (never back)' in PAGE
    assert "It keeps its lead when the playground starts again" in PAGE
    assert "an *Interested* button for the member you are being" in PAGE
