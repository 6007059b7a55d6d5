"""The learning benchmark: its memory model against FSRS-6 worked by hand, a one-card year
followed day by day, the bot's own scheduler in the loop, and the small run end to end.

The hand computations write the FSRS-6 formulas out with the default weights as literals, so a
slip in bench/learning/learner.py cannot hide behind the same slip here.
"""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest
from fsrs import Rating, Scheduler

from bench.learning.benchmark import parser, run, targets_met
from bench.learning.calibration import fitted_factor
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
    variant_scheduler,
)
from bench.learning.studying import Member, Study, study_with_schedule
from bot.quiz import scheduling

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


def test_one_card_on_fixed_intervals_for_a_week_as_worked_by_hand() -> None:
    member = Member(DEFAULT_LEARNER, option_counts=[4], difficulty_offsets=[0.0])
    study = Study(days=7, budget=100, new_per_day=10, random_per_day=0)
    track = study_with_schedule(member, study, Ladder("fixed", FIXED_INTERVALS), AlwaysZero())
    # Day 0, 18:00: met, not known, guessed right: S0 = w0 = 0.212, D = 6.4133; due in 1 day.
    # Midnight ending day 1 is 0.25 days on: 0.25 > 0.212, not memorised.
    # Day 1, 18:00 (1 day on): recalled (R = 0.766); S1 = 1.887; next in 4 days, day 5.
    s1 = good_after(0.212, D0_AGAIN, 1.0)
    assert s1 == pytest.approx(1.887, abs=0.001)
    # Memorised at the ends of days 2 and 3 (0.25 and 1.25 days after, ≤ S1), not of 4 and 5.
    # Day 5, 18:00 (4 days on): recalled again, S2 from S1; memorised at the ends of days 6, 7.
    d1 = 0.001 * D0_EASY + 0.999 * D0_AGAIN
    s2 = good_after(s1, d1, 4.0)
    assert s2 > 1.25
    assert track.answers_by_day == [1, 1, 0, 0, 0, 1, 0]
    assert track.memorised_by_day() == [0, 1, 1, 0, 0, 1, 1]
    assert track.memorised_by_day() == [0, 1, 1, 0, 0, 1, 1]  # asking again changes nothing
    final = track.memories[0]
    assert final is not None
    assert final.stability == pytest.approx(s2)
    assert final.last_seen == pytest.approx(5.75)


def test_the_oracle_reviews_on_the_last_day_that_keeps_the_card_memorised() -> None:
    member = Member(DEFAULT_LEARNER, option_counts=[4], difficulty_offsets=[0.0])
    study = Study(days=20, budget=100, new_per_day=10, random_per_day=0)
    track = study_with_schedule(member, study, Oracle(), AlwaysZero())
    # Day 0, 18:00 (0.75): met, S0 = w0 = 0.212; floor(0.75 + 0.212) = 0 cannot reach the next
    # midnight, so it is due the next day.
    # Day 1 (1.75): R = 0.766, recalled: S1 = 1.887; the last midnight it holds is
    # floor(1.75 + 1.887) = 3, so it is due on day 3.
    s1 = good_after(0.212, D0_AGAIN, 1.0)
    assert math.floor(1.75 + s1) == 3
    # Day 3 (3.75, 2 days on): R = 0.896, recalled: S2 = 6.269; floor(3.75 + 6.269) = 10.
    d1 = 0.001 * D0_EASY + 0.999 * D0_AGAIN
    s2 = good_after(s1, d1, 2.0)
    assert s2 == pytest.approx(6.269, abs=0.001)
    assert math.floor(3.75 + s2) == 10
    # Day 10 (10.75, 7 days on): R = 0.892, recalled: S3 = 18.66; floor(10.75 + 18.66) = 29,
    # past the 20 days.
    s3 = good_after(s2, 0.001 * D0_EASY + 0.999 * d1, 7.0)
    assert math.floor(10.75 + s3) == 29
    answered_on = [day for day, count in enumerate(track.answers_by_day) if count]
    assert answered_on == [0, 1, 3, 10]
    assert sum(track.answers_by_day) == 4
    # Not memorised at the first midnight (0.25 days > S0); memorised at every one after.
    assert track.memorised_by_day() == [0] + [1] * 19
    final = track.memories[0]
    assert final is not None
    assert final.stability == pytest.approx(s3)


def test_the_bots_scheduler_runs_its_learning_steps_on_day_one() -> None:
    member = Member(DEFAULT_LEARNER, option_counts=[4], difficulty_offsets=[0.0])
    study = Study(days=5, budget=100, new_per_day=10, random_per_day=0)
    track = study_with_schedule(member, study, QuizbotSchedule(seeded(1)), AlwaysZero())
    # A right first answer is Good (S = w2 = 2.3065): one learning step, 10 minutes, waited for;
    # Good again the same day leaves S at 2.3065 (the short-term factor 0.9945 is raised to 1),
    # so Review, due round(2.3065) = 2 days on, at 18:10 of day 2. The bot shows a card only
    # once it is due, and the member's 18:00 session on day 2 is over by then: day 3 it is.
    assert track.answers_by_day == [2, 0, 0, 1, 0]


def test_the_small_benchmark_runs_and_is_deterministic(tmp_path: Path) -> None:
    picture = tmp_path / "learning.png"
    by_metric, result = run(parser().parse_args(["--small", "--plot", str(picture)]))
    again, _ = run(parser().parse_args(["--small"]))
    assert by_metric == again
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert result["days"] == 60
    per_100 = by_metric["memorised_per_100_reviews"]
    assert set(per_100) == {"quizbot", "fixed", "leitner", "none", "oracle"}
    assert all(value > 0 for value in per_100.values())
    assert result["fsrs_vs_fixed"] == round(per_100["quizbot"] / per_100["fixed"], 3)
    assert result["oracle_vs_leitner"] == round(per_100["oracle"] / per_100["leitner"], 3)
    memorised = by_metric["memorised_day60"]
    assert result["questions"] == 16 + 40
    assert all(0 < count <= 16 + 40 for count in memorised.values())
    assert memorised["oracle"] == max(memorised.values())  # it never lets a met card slip


def test_a_variant_of_the_bots_configuration_is_recorded_and_changes_only_the_bots_row() -> None:
    bots, _ = run(parser().parse_args(["--small"]))
    variant, result = run(parser().parse_args(["--small", "--no-learning-steps"]))
    assert (result["desired_retention"], result["learning_steps"]) == (0.9, False)
    answers = variant["reviews_per_day"]
    assert answers["quizbot"] < bots["reviews_per_day"]["quizbot"]  # no same-day steps
    assert {k: v for k, v in answers.items() if k != "quizbot"} == {
        k: v for k, v in bots["reviews_per_day"].items() if k != "quizbot"
    }
    scheduler = variant_scheduler(desired_retention=0.95, learning_steps=True)
    assert scheduler.desired_retention == 0.95
    assert scheduler.learning_steps == scheduling.make_scheduler().learning_steps


def test_the_calibration_prototype_fits_a_member_who_remembers_twice_as_long() -> None:
    # 40 reviews 10 days after a card of S = 5: right 37 times, 92.5 %. With k = 2, R(10, 10) =
    # 0.9 and P(right) = 0.9 + 0.1 / 4 = 0.925, the likeliest factor.
    reviews = [(10.0, 5.0, 4, index < 37) for index in range(40)]
    assert fitted_factor(scheduling.make_scheduler(), reviews) == pytest.approx(2.0)


def test_a_target_needs_the_ratio_and_at_least_the_same_count_memorised() -> None:
    by_metric = {
        "memorised_day30": {"quizbot": 100.0, "fixed": 300.0, "leitner": 300.0},
        "memorised_day365": {"quizbot": 400.0, "fixed": 380.0, "leitner": 490.0},
        "memorised_per_100_reviews": {"quizbot": 6.0, "fixed": 4.0, "leitner": 3.0, "oracle": 5.0},
    }
    # 6 / 4 = 1.5 with 400 >= 380: met; 6 / 3 = 2.0 but 400 < 490: missed.
    assert targets_met(by_metric) == {"target_vs_fixed": True, "target_vs_leitner": False}
