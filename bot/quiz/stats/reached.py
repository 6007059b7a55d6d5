"""The retention a member actually reaches, per pack: of the reviews of cards that were due in
the last ``WINDOW_DAYS`` days, the share answered right, beside the target that applies.

Counted as Anki's "true retention" counts: a card's first meeting is not a review (nothing was
remembered yet), and only the first answer of a member-local day per card counts (a second one
that day follows its shown answer). The review log does not keep a card's due date, so a due
review is one of private /review, which shows due cards (and new ones, left out as first
meetings); a round asks its questions whether or not they are due, so its answers are left out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date

WINDOW_DAYS = 30
# Under this many reviews a share says little (one miss in five is 20 points): shown as too few.
ENOUGH_REVIEWS = 10


@dataclass(frozen=True, slots=True)
class LoggedAnswer:
    """One logged answer, in the member's own calendar."""

    pack_id: str
    question_id: str
    day: date
    correct: bool
    from_review: bool  # given in private /review (not a round)
    met_before: bool  # the card had an earlier answer: not its first meeting


@dataclass(frozen=True, slots=True)
class Reached:
    """A pack's reviews counted and those answered right."""

    reviews: int
    right: int

    @property
    def retention(self) -> float | None:
        """The share answered right; None under ``ENOUGH_REVIEWS`` (too few to say)."""
        return self.right / self.reviews if self.reviews >= ENOUGH_REVIEWS else None


def reached_retention(answers: Iterable[LoggedAnswer]) -> Mapping[str, Reached]:
    """Per pack, the due reviews among ``answers`` (in the order given, oldest first) and how
    many were right: a card's first answer of each day only, if it was a /review of a card
    met before."""
    seen: set[tuple[str, str, date]] = set()
    reviews: dict[str, int] = {}
    right: dict[str, int] = {}
    for answer in answers:
        key = (answer.pack_id, answer.question_id, answer.day)
        if key in seen:
            continue
        seen.add(key)
        if answer.from_review and answer.met_before:
            reviews[answer.pack_id] = reviews.get(answer.pack_id, 0) + 1
            right[answer.pack_id] = right.get(answer.pack_id, 0) + answer.correct
    return {pack: Reached(count, right[pack]) for pack, count in sorted(reviews.items())}
