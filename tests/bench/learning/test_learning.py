"""The learning benchmark: its memory model against FSRS-6 worked by hand and against the fsrs
package's own functions, one card followed day by day under a ladder and an oracle, K read from
the memories, the frontiers read at equal answers, the bot's own scheduler in the loop (the very
policy storage applies), and the small run end to end.

The hand computations write the FSRS-6 formulas out with the default weights as literals, so a
slip in bench/learning/learner.py cannot hide behind the same slip here.
"""

from __future__ import annotations

import math
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import numpy as np
import pytest
from fsrs import Card, Rating, Scheduler, State

from bench.learning.benchmark import parser, run
from bench.learning.frontier import FrontierPoint, answers_for, at_answers, efficient
from bench.learning.learner import (
    DEFAULT_LEARNER,
    Memory,
    after_review,
    first_meeting,
    recall_probability,
    varied_learner,
)
from bench.learning.schedules import (
    FIXED_INTERVALS,
    Ladder,
    Oracle,
    QuizbotSchedule,
    local_to_utc,
    utc_to_local,
)
from bench.learning.studying import Member, Study, study_with_schedule
from bench.learning.sweep import World, deck_spaces
from bot.quiz.review import scheduling
from bot.storage.review import cards

DECAY = -0.1542  # C = -w20
FACTOR = 0.9 ** (1 / DECAY) - 1  # F, so that R(S) = 0.9
D0_AGAIN = 6.4133  # w4 - e^(w5 * 0) + 1
D0_EASY = 6.4133 - math.exp(0.8334 * 3) + 1  # w4 - e^(w5 * 3) + 1


def recall(elapsed: float, stability: float) -> float:
    return math.pow(1 + FACTOR * elapsed / stability, DECAY)


def good_after(stability: float, difficulty: float, elapsed: float) -> float:
    """S' = S (1 + e^w8 (11 - D) S^-w9 (e^((1 - R) w10) - 1))."""
    growth = math.exp(1.8722) * (11 - difficulty) * math.pow(stability, -0.1666)
    return stability * (1 + growth * (math.exp((1 - recall(elapsed, stability)) * 0.796) - 1))


def seeded(seed: int) -> random.Random:
    return random.Random(seed)  # noqa: S311 - a simulation's draws, not cryptography


class AlwaysZero(random.Random):
    """0.0 every draw: a member who recalls whenever R > 0 and whose guesses are always right."""

    def random(self) -> float:
        return 0.0


def test_recall_follows_the_fsrs6_forgetting_curve() -> None:
    memory = Memory(stability=2.3065, difficulty=2.1181, last_seen=10.0)
    assert pytest.approx(0.98035, abs=1e-5) == FACTOR
    assert recall_probability(DEFAULT_LEARNER, memory, 10.0) == 1.0
    assert recall_probability(DEFAULT_LEARNER, memory, 12.3065) == pytest.approx(0.9)
    # (1 + 0.98035 * 5 / 2.3065) ^ -0.1542 = 3.12518 ^ -0.1542
    assert recall_probability(DEFAULT_LEARNER, memory, 15.0) == pytest.approx(0.83886, abs=1e-5)


def test_a_member_of_other_weights_still_holds_recall_09_at_t_equals_s() -> None:
    learner = varied_learner(seeded(7), 0.5)
    assert learner.w != DEFAULT_LEARNER.w
    memory = Memory(stability=12.0, difficulty=5.0, last_seen=0.0)
    assert recall_probability(learner, memory, 12.0) == pytest.approx(0.9)


def test_stability_after_one_good_review_is_fsrs6s() -> None:
    memory = Memory(stability=2.3065, difficulty=D0_AGAIN, last_seen=0.0)
    after = after_review(DEFAULT_LEARNER, memory, recalled=True, now=5.0)
    # R = 0.83886; S' = 2.3065 (1 + 6.50259 * 4.5867 * 0.87003 * (e^(0.16114 * 0.796) - 1))
    #                = 2.3065 (1 + 6.50259 * 4.5867 * 0.87003 * 0.13686) = 10.497
    assert after.stability == pytest.approx(good_after(2.3065, D0_AGAIN, 5.0))
    assert after.stability == pytest.approx(10.497, abs=0.001)
    # Good moves difficulty only by the mean reversion: w7 D0(Easy) + (1 - w7) D
    assert after.difficulty == pytest.approx(0.001 * D0_EASY + 0.999 * D0_AGAIN)
    assert after.last_seen == 5.0


def test_a_lapse_and_a_same_day_review_follow_fsrs6() -> None:
    memory = Memory(stability=20.0, difficulty=5.0, last_seen=0.0)
    lapsed = after_review(DEFAULT_LEARNER, memory, recalled=False, now=30.0)
    # min(w11 D^-w12 ((S+1)^w13 - 1) e^((1-R) w14), S / e^(w17 w18))
    long_term = 1.4835 * 5.0**-0.0614 * (21.0**0.2629 - 1) * math.exp((1 - recall(30, 20)) * 1.6483)
    assert lapsed.stability == pytest.approx(min(long_term, 20.0 / math.exp(0.5425 * 0.0912)))
    again_soon = after_review(DEFAULT_LEARNER, memory, recalled=True, now=0.5)
    # S e^(w17 (G - 3 + w18)) S^-w19, at least S for Good
    assert again_soon.stability == pytest.approx(
        max(20.0, 20.0 * math.exp(0.5425 * 0.0912) * 20.0**-0.0658)
    )


def test_the_learner_agrees_with_py_fsrs_on_default_weights() -> None:
    fsrs = Scheduler()
    memory = Memory(stability=7.0, difficulty=4.0, last_seen=0.0)
    for recalled, rating in ((True, Rating.Good), (False, Rating.Again)):
        after = after_review(DEFAULT_LEARNER, memory, recalled=recalled, now=9.0)
        r = recall_probability(DEFAULT_LEARNER, memory, 9.0)
        expected = fsrs._next_stability(
            difficulty=4.0, stability=7.0, retrievability=r, rating=rating
        )
        assert after.stability == pytest.approx(expected)
        assert after.difficulty == pytest.approx(
            fsrs._next_difficulty(difficulty=4.0, rating=rating)
        )
    met = first_meeting(DEFAULT_LEARNER, 0.0, 0.0)
    assert met.stability == fsrs._initial_stability(rating=Rating.Again)
    assert met.difficulty == fsrs._initial_difficulty(rating=Rating.Again, clamp=True)


def test_the_learner_agrees_with_the_fsrs_packages_recall_on_whole_days() -> None:
    """py-fsrs counts whole days elapsed; on whole days the two forgetting curves agree."""
    fsrs = Scheduler()
    last = datetime(2026, 1, 1, tzinfo=UTC)
    for days in (1, 3, 10, 40):
        card = Card(card_id=0, state=State.Review, stability=7.0, difficulty=4.0, last_review=last)
        expected = fsrs.get_card_retrievability(card, current_datetime=last + timedelta(days=days))
        memory = Memory(stability=7.0, difficulty=4.0, last_seen=0.0)
        assert recall_probability(DEFAULT_LEARNER, memory, float(days)) == pytest.approx(expected)


def test_a_known_question_starts_from_fsrs6s_good_state() -> None:
    met = first_meeting(DEFAULT_LEARNER, 0.0, 0.0, known=True)
    fsrs = Scheduler()
    assert met.stability == fsrs._initial_stability(rating=Rating.Good)
    assert met.difficulty == pytest.approx(fsrs._initial_difficulty(rating=Rating.Good, clamp=True))


def test_the_same_day_rule_counts_calendar_days_not_24_hours() -> None:
    memory = Memory(stability=20.0, difficulty=5.0, last_seen=0.75)  # 18:00 on day 0
    next_evening = after_review(DEFAULT_LEARNER, memory, recalled=True, now=1.74)  # 23.76 h
    assert next_evening.stability == pytest.approx(good_after(20.0, 5.0, 0.99))
    late_that_night = after_review(DEFAULT_LEARNER, memory, recalled=True, now=0.99)
    assert late_that_night.stability == pytest.approx(
        max(20.0, 20.0 * math.exp(0.5425 * 0.0912) * 20.0**-0.0658)
    )


def test_one_card_on_fixed_intervals_for_a_week_as_worked_by_hand() -> None:
    member = Member(DEFAULT_LEARNER, guess_spaces=[4], difficulty_offsets=[0.0])
    study = Study(days=7, budget=100, new_per_day=10)
    track = study_with_schedule(member, study, Ladder("fixed", FIXED_INTERVALS), AlwaysZero())
    # Day 0, 18:00: met, not known, guessed right: S0 = w0 = 0.212, D = 6.4133; due in 1 day.
    # Midnight ending day 1 is 0.25 days on: 0.25 > 0.212, not at 0.9.
    # Day 1, 18:00 (1 day on): recalled (R = 0.766); S1 = 1.887; next in 4 days, day 5.
    s1 = good_after(0.212, D0_AGAIN, 1.0)
    assert s1 == pytest.approx(1.887, abs=0.001)
    # At 0.9 at the ends of days 2 and 3 (0.25 and 1.25 days after, ≤ S1), not of 4 and 5.
    # Day 5, 18:00 (4 days on): recalled again, S2 from S1; at 0.9 at the ends of days 6, 7.
    d1 = 0.001 * D0_EASY + 0.999 * D0_AGAIN
    s2 = good_after(s1, d1, 4.0)
    assert s2 > 1.25
    assert track.answers_by_day == [1, 1, 0, 0, 0, 1, 0]
    curves = track.curves()
    assert curves.count90.tolist() == [0, 1, 1, 0, 0, 1, 1]
    # K: the one card's recall at each midnight, from the memory it held then.
    expected = [recall(0.25, 0.212)] + [recall(t, s1) for t in (0.25, 1.25, 2.25, 3.25)]
    expected += [recall(0.25, s2), recall(1.25, s2)]
    assert curves.knowledge.tolist() == pytest.approx(expected)
    assert track.curves().knowledge.tolist() == pytest.approx(expected)  # reading changes nothing
    final = track.memories[0]
    assert final is not None
    assert final.stability == pytest.approx(s2)
    assert final.last_seen == pytest.approx(5.75)


def test_the_oracle_reviews_at_the_session_nearest_its_target() -> None:
    member = Member(DEFAULT_LEARNER, guess_spaces=[4], difficulty_offsets=[0.0])
    study = Study(days=20, budget=100, new_per_day=10)
    oracle = Oracle("oracle_constant", DEFAULT_LEARNER, lambda _stability: 0.9)
    track = study_with_schedule(member, study, oracle, AlwaysZero())
    # R = 0.9 at t = S. Day 0, 18:00 (0.75): met, S0 = 0.212: the session nearest 0.962 is day
    # 0's own, and the oracle never re-asks the same day: day 1.
    # Day 1 (1.75): R = 0.766, recalled: S1 = 1.887, 0.9 at 3.637: day 3's session (3.75).
    s1 = good_after(0.212, D0_AGAIN, 1.0)
    assert round(1.75 + s1 - 0.75) == 3
    # Day 3 (2 days on): S2 = 6.269, 0.9 at 10.019: day 9's session (9.75) is nearer than 10's.
    d1 = 0.001 * D0_EASY + 0.999 * D0_AGAIN
    s2 = good_after(s1, d1, 2.0)
    assert s2 == pytest.approx(6.269, abs=0.001)
    assert round(3.75 + s2 - 0.75) == 9
    # Day 9 (6 days on): S3, 0.9 past day 20.
    s3 = good_after(s2, 0.001 * D0_EASY + 0.999 * d1, 6.0)
    assert 9.75 + s3 > 20
    answered_on = [day for day, count in enumerate(track.answers_by_day) if count]
    assert answered_on == [0, 1, 3, 9]
    final = track.memories[0]
    assert final is not None
    assert final.stability == pytest.approx(s3)


def test_the_bots_scheduler_sets_a_card_due_at_the_members_midnight() -> None:
    athens = ZoneInfo("Europe/Athens")
    member = Member(DEFAULT_LEARNER, [4], [0.0], zone="Europe/Athens")
    study = Study(days=5, budget=100, new_per_day=10)
    schedule = QuizbotSchedule(seeded(1), athens, scheduling.make_policy())
    track = study_with_schedule(member, study, schedule, AlwaysZero())
    # Day 0, 18:00 in Athens: a right first answer, weighed as a likely guess (S = 0.44187),
    # due in round(2.33) = 2 days, from the start of Athens' day 2: asked at day 2's session.
    assert track.answers_by_day[:3] == [1, 0, 1]
    moment = local_to_utc(0.75, athens)
    assert moment == datetime(2026, 1, 1, 16, 0, tzinfo=UTC)  # 18:00 at UTC+2
    assert utc_to_local(moment, athens) == pytest.approx(0.75)


def point(knob: float, answers: list[float], k: list[float]) -> FrontierPoint:
    values = np.array(k)
    return FrontierPoint(knob, np.array(answers), {"k_last": values, "k_mean": values})


def test_a_frontier_is_read_member_by_member_between_its_points() -> None:
    low, high = point(1.0, [10.0, 20.0], [400.0, 420.0]), point(2.0, [20.0, 30.0], [480.0, 500.0])
    # Means: 15 answers for K 410, 25 for K 490. At 20 answers: halfway, member by member.
    reading = at_answers([low, high], 20.0, "k_last")
    assert reading is not None
    assert reading.tolist() == [440.0, 460.0]
    assert at_answers([low, high], 26.0, "k_last") is None  # no extrapolation
    assert answers_for([low, high], 485.0) == pytest.approx(15 + 10 * 75 / 80)
    assert answers_for([low, high], 495.0) is None


def test_a_tuned_frontier_drops_points_beaten_with_fewer_answers() -> None:
    cheap = point(3.0, [10.0], [450.0])
    dear_and_worse = point(2.0, [12.0], [440.0])
    best = point(1.0, [20.0], [480.0])
    assert [p.knob for p in efficient([best, dear_and_worse, cheap])] == [3.0, 1.0]


def test_the_benchmark_measures_the_policy_storage_applies() -> None:
    """The bot's reviews go through ``bot.storage.review.cards`` with ``cards.POLICY``; the
    benchmark's
    quizbot runs ``scheduling.review`` (the function storage calls) with the same policy.
    tests/storage/review/test_learning_path.py checks a review through storage gives the same
    card."""
    assert scheduling.make_policy() == cards.POLICY
    assert World(Study(1, 1, 1), 1, 0).policy == cards.POLICY


def test_the_small_benchmark_runs_and_is_deterministic(tmp_path: Path) -> None:
    picture = tmp_path / "learning.png"
    printed, result = run(
        parser().parse_args(["--small", "--plot", str(picture), "--processes", "1"])
    )
    again_printed, again = run(parser().parse_args(["--small", "--processes", "1"]))
    assert printed == again_printed
    assert {k: v for k, v in result.items() if k != "elapsed_s"} == {
        k: v for k, v in again.items() if k != "elapsed_s"
    }
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert result["days"] == 60
    assert result["questions"] == 16 + 40
    names = {"quizbot", "fixed", "leitner", "oracle_constant", "oracle_rising", "quizbot_fitted"}
    k365 = result["k365_at_equal_answers"]
    assert isinstance(k365, dict)
    assert set(k365) == names
    fits = result["fitting"]
    assert isinstance(fits, dict)
    assert fits["fitted_members_per_seed"] == 3
    assert "log loss" in printed
    assert set(result["answers_per_day_for_k485"]) == names  # type: ignore[arg-type]
    assert 0 < k365["quizbot"] <= 56
    assert "K365" in printed


def test_a_variant_of_the_bots_policy_is_recorded_and_moves_its_answer_count() -> None:
    _, bots = run(parser().parse_args(["--small", "--processes", "1", "--schedulers", "quizbot"]))
    _, variant = run(
        parser().parse_args(["--small", "--processes", "1", "--schedulers", "quizbot", "--reask"])
    )
    policy = variant["policy"]
    assert isinstance(policy, dict)
    assert policy["reask_missed"] is True
    assert variant["equal_answers_per_day"] > bots["equal_answers_per_day"]  # type: ignore[operator]


def test_a_typed_deck_gives_nothing_to_guess_and_reads_only_the_seed_packs() -> None:
    spaces = deck_spaces(2)
    assert len(spaces) == 16 + 2  # the two seed packs' questions, whatever else quizzes/ holds
    assert all(space >= 2 for space in spaces)
    assert deck_spaces(2, typed=True) == (0,) * len(spaces)
    typed = Member(DEFAULT_LEARNER, guess_spaces=[0], difficulty_offsets=[0.0])
    assert typed.guess_chance(0) == 0.0
