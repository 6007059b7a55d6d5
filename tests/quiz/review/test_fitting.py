"""Fitted FSRS weights: a member whose memory is not FSRS-6's default learner gets weights that
differ from the defaults and predict their answers better; the refit rule; the replay is the
answers' reviews in turn; a pooled job recomputes only the members it names."""

from __future__ import annotations

import math
import random
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from fsrs import Card, Rating, Scheduler
from fsrs_rs_python import DEFAULT_PARAMETERS, FSRS

from bot.quiz.review import fitting, scheduling
from bot.quiz.review.refits import FitJob, LearnerHistory, run_fit

START = datetime(2026, 1, 5, 18, 0, tzinfo=UTC)
UTC_ZONE = ZoneInfo("UTC")
# A member who forgets much faster than FSRS-6's average learner: a quarter of the default
# initial stabilities, and a lower growth factor (e^w8).
TRUE_WEIGHTS = tuple(
    w / 4 if i < 4 else (w - 0.7 if i == 8 else w) for i, w in enumerate(DEFAULT_PARAMETERS)
)


def seeded(seed: int) -> random.Random:
    return random.Random(seed)  # noqa: S311  # a reproducible simulation, not cryptography


def simulated(cards: int, seed: int) -> list[fitting.Reviewed]:
    """A member's answers to ``cards`` cards, each reviewed at 1 to 20 days apart eight times,
    right when a draw falls under their true recall (the true memory: fsrs with TRUE_WEIGHTS)."""
    truth = Scheduler(parameters=TRUE_WEIGHTS, learning_steps=(), relearning_steps=())
    rng = seeded(seed)
    history = []
    for card_index in range(cards):
        card, at = Card(card_id=card_index + 1), START + timedelta(days=card_index % 30)
        for answer in range(8):
            recall = 0.0 if answer == 0 else truth.get_card_retrievability(card, at)
            correct = rng.random() < recall
            history.append(fitting.Reviewed(card_index, correct, at))
            card, _log = truth.review_card(card, Rating.Good if correct else Rating.Again, at)
            at += timedelta(days=rng.randint(1, 20))
    return history


def log_loss(weights: tuple[float, ...] | list[float], history: list[fitting.Reviewed]) -> float:
    return float(FSRS(weights).evaluate(fitting.training_items(history, UTC_ZONE)).log_loss)


def test_a_fit_differs_from_the_defaults_and_predicts_unseen_cards_better() -> None:
    history = simulated(700, seed=1)
    weights = fitting.fit([(history, UTC_ZONE)])
    assert weights is not None
    assert len(weights) == fitting.PARAMETER_COUNT
    assert weights[2] < DEFAULT_PARAMETERS[2] / 2  # a right first recall lasts far less
    unseen = simulated(700, seed=2)
    assert log_loss(weights, unseen) < log_loss(DEFAULT_PARAMETERS, unseen) - 0.01


def test_too_short_a_history_is_not_fitted() -> None:
    history = simulated(700, seed=1)[: fitting.FIT_MINIMUM_REVIEWS - 1]
    assert fitting.fit([(history, UTC_ZONE)]) is None


def test_a_history_of_too_few_cards_keeps_the_defaults() -> None:
    """fsrs-rs fits nothing on 16 cards, however many answers each: the defaults stay."""
    rng, history = seeded(1), []
    for card in range(16):
        at = START + timedelta(days=card % 5)
        for answer in range(310):
            history.append(fitting.Reviewed(card, answer > 0 and rng.random() < 0.8, at))
            at += timedelta(days=rng.randint(1, 12))
    assert len(history) >= fitting.FIT_MINIMUM_REVIEWS
    assert fitting.fit([(history, UTC_ZONE)]) is None


def test_training_items_count_calendar_days_in_the_members_zone() -> None:
    athens = ZoneInfo("Europe/Athens")  # UTC+2 in January
    late = datetime(2026, 1, 5, 21, 30, tzinfo=UTC)  # 23:30 in Athens
    history = [
        fitting.Reviewed("q", correct=False, reviewed_at=late),
        fitting.Reviewed("q", correct=True, reviewed_at=late + timedelta(hours=1)),  # next day
        fitting.Reviewed("q", correct=True, reviewed_at=late + timedelta(days=3)),  # 2 days on
    ]
    # The binding's reviews show their rating and days only in their repr.
    items = [repr(item) for item in fitting.training_items(history, athens)]
    assert items == [
        "FSRSItem { reviews: [" + reviews((1, 0), (3, 1)) + "] }",
        "FSRSItem { reviews: [" + reviews((1, 0), (3, 1), (3, 2)) + "] }",
    ]
    in_utc = repr(fitting.training_items(history, UTC_ZONE)[0])
    assert in_utc == "FSRSItem { reviews: [" + reviews((1, 0), (3, 0)) + "] }"


def reviews(*pairs: tuple[int, int]) -> str:
    return ", ".join(f"FSRSReview {{ rating: {r}, delta_t: {d} }}" for r, d in pairs)


@pytest.mark.parametrize(
    ("reviews", "fitted", "hours_since", "due"),
    [
        (fitting.FIT_MINIMUM_REVIEWS - 1, None, None, False),  # too few
        (fitting.FIT_MINIMUM_REVIEWS, None, None, True),  # the first fit
        (8800, 4800, 23, False),  # REFIT_EVERY more, but fitted within the day
        (8800, 4800, 25, True),  # REFIT_EVERY more, a day on
        (8799, 4800, 25, False),
        (6000, 3000, 25, True),  # a fit stored on fewer (as before a change of minimum): doubled
        (5999, 3000, 25, False),
    ],
)
def test_the_refit_rule(
    reviews: int, fitted: int | None, hours_since: int | None, due: bool
) -> None:
    now = START + timedelta(days=100)
    fitted_at = None if hours_since is None else now - timedelta(hours=hours_since)
    assert fitting.refit_due(reviews, fitted, fitted_at, now) is due


def test_a_policy_with_weights_schedules_with_them() -> None:
    base = scheduling.make_policy()
    assert fitting.policy_with(base, None) is base
    weights = fitting.fit([(simulated(700, seed=1), UTC_ZONE)])
    assert weights is not None
    policy = fitting.policy_with(base, weights)
    assert tuple(policy.memory.parameters) == weights
    assert policy.desired_retention == base.desired_retention
    assert policy.memory.maximum_interval == base.memory.maximum_interval

    def first_stability(p: scheduling.Policy) -> float | None:
        card = scheduling.new_card(START)
        card, _log = scheduling.review(
            p,
            card,
            correct=False,
            guess_space=4,
            reviewed_at=START,
            zone=UTC_ZONE,
            response_ms=1000,
            rng=seeded(1),
        )
        return card.stability

    assert first_stability(policy) == pytest.approx(weights[0])
    assert first_stability(base) == pytest.approx(DEFAULT_PARAMETERS[0])


def replays(*days_and_answers: tuple[int, bool]) -> tuple[fitting.Replayed, ...]:
    return tuple(
        fitting.Replayed(correct, 4, START + timedelta(days=day), 1500)
        for day, correct in days_and_answers
    )


def test_a_replay_is_the_answers_reviewed_in_turn() -> None:
    policy = scheduling.make_policy()
    answers = replays((0, False), (1, True), (4, True))
    card = scheduling.new_card(START)
    rng = seeded(3)
    for answer in answers:
        card, _log = scheduling.review(
            policy,
            card,
            correct=answer.correct,
            guess_space=4,
            reviewed_at=answer.reviewed_at,
            zone=UTC_ZONE,
            response_ms=1500,
            rng=rng,
        )
    again = fitting.replayed(policy, answers, UTC_ZONE, seeded(3))
    assert (again.stability, again.difficulty, again.due, again.last_review) == (
        card.stability,
        card.difficulty,
        card.due,
        card.last_review,
    )


def test_a_pooled_job_recomputes_only_the_members_it_names() -> None:
    history = simulated(700, seed=1)
    cards: dict[tuple[str, str], list[fitting.Replayed]] = {}
    for answer in history:
        cards.setdefault(("basics", f"q{answer.card}"), []).append(
            fitting.Replayed(answer.correct, 4, answer.reviewed_at, 1500)
        )
    newcomer = {("basics", "q0"): replays((0, False), (2, True))}
    job = FitJob(
        (
            LearnerHistory(
                1, "UTC", None, {k: tuple(v) for k, v in cards.items()}, recompute=False
            ),
            LearnerHistory(2, "Europe/Athens", 95, newcomer, recompute=True),
        )
    )
    result = run_fit(job)
    assert result.parameters is not None
    assert set(result.cards) == {(2, "basics", "q0")}
    policy = fitting.policy_with(scheduling.make_policy(), result.parameters)
    card = result.cards[2, "basics", "q0"]
    assert card.stability is not None
    assert not math.isclose(card.stability, _default_replay(newcomer).stability or 0.0)
    assert tuple(policy.memory.parameters) == result.parameters


def _default_replay(cards: dict[tuple[str, str], tuple[fitting.Replayed, ...]]) -> scheduling.Card:
    (answers,) = cards.values()
    return fitting.replayed(scheduling.make_policy(), answers, ZoneInfo("Europe/Athens"), seeded(1))


def test_no_weights_no_replay() -> None:
    short = {("basics", "q0"): replays((0, False), (2, True))}
    result = run_fit(FitJob((LearnerHistory(1, "UTC", None, short, recompute=True),)))
    assert result.parameters is None
    assert result.cards == {}
