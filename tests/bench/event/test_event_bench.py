"""The quiz night benchmark, small: 200 members, two questions, through the same code as
``python -m bench.event``, on SQLite and PostgreSQL, by buttons and by modals.

No timing is asserted (the figures depend on the machine); what must hold is that no click
failed, every first click told "Locked in" is stored once with its first choice, the scores and
cards equal their recomputation from the stored answers, and every figure the issue names was
measured.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from bench.event.benchmark import measure, parser
from tests.databases import POSTGRES_URL, need_postgres_here

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(300)]

MEMBERS = 200
QUESTIONS = 2
FIGURES = (
    "first_response_p99_ms",
    "close_to_reveal_p99_s",
    "settle_p99_s",
    "standings_after_last_close_s",
    "peak_rss_mb",
    "write_max_hold_s",
)


@pytest.mark.parametrize(
    ("backend", "answers"),
    [
        ("sqlite", "buttons"),
        ("postgresql", "buttons"),
        ("sqlite", "modal"),
        ("postgresql", "modal"),
    ],
)
async def test_a_small_quiz_night_holds_and_is_measured(
    backend: str, answers: str, tmp_path: Path
) -> None:
    flags = ["--members", str(MEMBERS), "--questions", str(QUESTIONS), "--seconds", "8"]
    flags += ["--answers", answers]
    if backend == "postgresql":
        await need_postgres_here()
        flags += ["--database-url", POSTGRES_URL]
    result = await measure(parser().parse_args([*flags, "--logs", str(tmp_path)]), tmp_path)
    assert result["database"] == backend
    assert result["failed"] == 0
    # Every member's first click of each question, plus the double clicks.
    assert result["clicks"] >= MEMBERS * QUESTIONS
    told = result["answers_expected"] + result["first_clicks_not_locked_in"]
    assert told == MEMBERS * QUESTIONS
    assert result["answers_in_db"] == result["answers_expected"] > 0
    assert result["answers_missing"] == result["answers_wrong_option"] == 0
    assert result["scores_match_recomputation"], result["mismatches"]
    assert result["cards_match_recomputation"], result["mismatches"]
    assert result["next_question_clicks_during_settle"] == 0
    for figure in FIGURES:
        assert 0 < result[figure] < math.inf, figure
    assert (result["sqlite_lock_max_hold_s"] is None) == (backend == "postgresql")
    assert len(result["table"]) == QUESTIONS
    if answers == "modal":  # every modal asked for opened in time, every submission answered
        assert result["modals_asked"] == result["modals_opened_within_3s"] == result["clicks"]
