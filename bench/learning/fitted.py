"""quizbot with fitted personal parameters, and where fitting starts to pay.

``FittedSchedule`` is the bot's scheduler refitting each member's FSRS weights as the bot does
(bot/storage/review/fitting.py): before a day's answers, if ``fitting.refit_due``, ``fitting.fit``
on the member's whole history, then every card ``fitting.replayed`` under the new weights.

``prediction_by_reviews`` measures the fit's point: fitted on a member's first N answers, do the
weights predict the answers after them better than FSRS-6's defaults (log loss, fsrs-rs's own
``evaluate``)? Paired over members, for several N.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from zoneinfo import ZoneInfo

import numpy as np
import numpy.typing as npt
from fsrs_rs_python import DEFAULT_PARAMETERS, FSRS, FSRSItem

from bench.learning.schedules import (
    RESPONSE_MS,
    Answer,
    CardState,
    QuizbotSchedule,
    Scheduled,
    local_to_utc,
    utc_to_local,
)
from bot.quiz.review import fitting, scheduling

FIT_SIZES = (100, 200, 400, 800, 1600, 3200, 4800)  # answers fitted on, in the prediction test


class FittedSchedule:
    """The bot's scheduler, its weights refit from the member's answers as they accumulate; with
    ``refits`` off, the bot's scheduler recording what a fit would read."""

    name = "quizbot_fitted"

    def __init__(
        self, inner: QuizbotSchedule, zone: ZoneInfo, replay_seed: str, *, refits: bool = True
    ) -> None:
        self.inner, self.zone, self.refits = inner, zone, refits
        self.base = inner.policy
        self.history: list[fitting.Reviewed] = []
        self.answers: dict[int, list[fitting.Replayed]] = {}
        self.fits: list[tuple[int, tuple[float, ...] | None]] = []  # (answers read, weights)
        self._replay_seed = replay_seed
        self._fitted_at = local_to_utc(0.0, zone)

    def answer(self, state: CardState, answer: Answer) -> Scheduled:
        moment = local_to_utc(answer.now, self.zone)
        self.history.append(fitting.Reviewed(answer.card, answer.correct, moment))
        replay = fitting.Replayed(answer.correct, answer.guess_space, moment, RESPONSE_MS)
        self.answers.setdefault(answer.card, []).append(replay)
        return self.inner.answer(state, answer)

    def refitted(self, now: float) -> dict[int, Scheduled]:
        moment = local_to_utc(now, self.zone)
        last = self.fits[-1][0] if self.fits else None
        fitted_at = self._fitted_at if self.fits else None
        if not self.refits or not fitting.refit_due(len(self.history), last, fitted_at, moment):
            return {}
        weights = fitting.fit([(self.history, self.zone)])
        self.fits.append((len(self.history), weights))
        self._fitted_at = moment
        if weights is None:
            return {}
        self.inner.policy = fitting.policy_with(self.base, weights)
        changed = {}
        for card, answers in self.answers.items():
            rng = random.Random(f"{self._replay_seed}:{card}:{len(self.history)}")
            replayed = fitting.replayed(self.inner.policy, answers, self.zone, rng)
            learning = replayed.state is not scheduling.State.Review
            changed[card] = Scheduled(replayed, utc_to_local(replayed.due, self.zone), learning)
        return changed


@dataclass(frozen=True, slots=True)
class Prediction:
    """Log loss on the answers after the first ``fitted_on``, default and fitted weights, member
    by member (fewer members than the run when a member gave fewer answers)."""

    fitted_on: int
    default: npt.NDArray[np.float64]
    fitted: npt.NDArray[np.float64]


def _split(history: Sequence[fitting.Reviewed], count: int, zone: ZoneInfo) -> list[FSRSItem]:
    """The items predicting answers after the first ``count`` (each with the card's answers
    before it, the fitted ones included, as its history)."""
    later: list[FSRSItem] = []
    by_card: dict[object, list[tuple[int, fitting.Reviewed]]] = {}
    for index, answer in enumerate(history):
        by_card.setdefault(answer.card, []).append((index, answer))
    for answers in by_card.values():
        items = fitting.training_items([a for _i, a in answers], zone)
        # Item k predicts the card's answer k + 1.
        later.extend(item for k, item in enumerate(items) if answers[k + 1][0] >= count)
    return later


def prediction_by_reviews(
    histories: Sequence[tuple[Sequence[fitting.Reviewed], ZoneInfo]],
    sizes: Sequence[int] = FIT_SIZES,
) -> list[Prediction]:
    """For each size N, each member's history fitted on its first N answers and judged on the
    rest (members with fewer than 2N answers left out, so that each is judged on as many)."""
    found = []
    default_model = FSRS(DEFAULT_PARAMETERS)
    for size in sizes:
        default, fitted = [], []
        for history, zone in histories:
            if len(history) < 2 * size:
                continue
            items = fitting.training_items(history[:size], zone)
            later = _split(history, size, zone)
            weights = FSRS(DEFAULT_PARAMETERS).compute_parameters(
                items, training_config=fitting.TRAINING
            )
            default.append(default_model.evaluate(later).log_loss)
            fitted.append(FSRS(weights).evaluate(later).log_loss)
        found.append(Prediction(size, np.array(default), np.array(fitted)))
    return found
