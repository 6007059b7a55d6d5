"""The custom_ids of a review's buttons: what each carries and how it is read back.

The session (member, counts, what is reviewed) rides in them, so a session needs no memory in
the bot and survives restarts; being the client's to send, it is checked on every click
(session.py)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot.app.kit.custom_ids import (
    MISSED,
    REVIEW_ANSWER,
    REVIEW_FORM,
    REVIEW_NEXT,
    REVIEW_NOW,
    REVIEW_OPEN,
    REVIEW_STOP,
)
from bot.app.shelf.question_keys import SHOWN, shown_code, stable_key
from bot.quiz.review.session import Scope, Session, Shown

SESSION = r"(?P<member>[0-9]+):(?P<reviewed>[0-9]+):(?P<correct>[0-9]+)"
SCOPE = r"(?P<scope>|p[0-9a-f]+|r[0-9]+\.[0-9]+)"

REVIEW_NOW_ID = re.compile(rf"{REVIEW_NOW}:{SCOPE}")
MISSED_ID = re.compile(rf"{MISSED}:(?P<round>[0-9]+)")
REVIEW_ANSWER_ID = re.compile(
    rf"{REVIEW_ANSWER}:{SESSION}:(?P<question>[0-9a-f]+):(?P<option>[0-9]):{SCOPE}(?::{SHOWN})?"
)
REVIEW_NEXT_ID = re.compile(rf"{REVIEW_NEXT}:{SESSION}:{SCOPE}")
# A card answered from memory: its question, scope, the order its options are shown in (for
# all that apply) and the card as shown; the same fields open the modal and come back with it.
_RECALL = rf"{SESSION}:(?P<question>[0-9a-f]+):{SCOPE}:o(?P<order>[0-4]{{0,5}})(?::{SHOWN})?"
REVIEW_OPEN_ID = re.compile(rf"{REVIEW_OPEN}:{_RECALL}")
REVIEW_FORM_ID = re.compile(rf"{REVIEW_FORM}:{_RECALL}")
REVIEW_STOP_ID = re.compile(rf"{REVIEW_STOP}:{SESSION}")


def scope_code(scope: Scope) -> str:
    """A scope in a custom_id: "" (everything), "p<pack key>" or "r<round>.<position>"."""
    if scope.round_id is not None:
        return f"r{scope.round_id}.{scope.position}"
    return "" if scope.pack_id is None else f"p{stable_key(scope.pack_id)}"


@dataclass(frozen=True, slots=True)
class SessionCode:
    """A session as custom_ids carry it; its scope decodes only where it is clicked."""

    member_id: int
    reviewed: int
    correct: int
    scope: str = ""

    @classmethod
    def of(cls, session: Session) -> SessionCode:
        return cls(session.member_id, session.reviewed, session.correct, scope_code(session.scope))

    @classmethod
    def from_match(cls, match: re.Match[str]) -> SessionCode:
        scope = match.groupdict().get("scope") or ""
        return cls(int(match["member"]), int(match["reviewed"]), int(match["correct"]), scope)

    @property
    def ids(self) -> str:
        return f"{self.member_id}:{self.reviewed}:{self.correct}"


def review_now_id(scope: str) -> str:
    return f"{REVIEW_NOW}:{scope}"


def missed_id(round_id: int) -> str:
    return f"{MISSED}:{round_id}"


def review_answer_id(code: SessionCode, question_key: str, option: int, shown: Shown | None) -> str:
    """Without ``shown`` for buttons from before they carried the card they are under."""
    custom_id = f"{REVIEW_ANSWER}:{code.ids}:{question_key}:{option}:{code.scope}"
    return custom_id if shown is None else f"{custom_id}:{shown_code(shown)}"


def recall_id(
    prefix: str, code: SessionCode, question_key: str, order: Sequence[int], shown: Shown
) -> str:
    """The custom_id of a card's modal (``prefix`` REVIEW_FORM) or of its opener (REVIEW_OPEN)."""
    shown_order = "".join(str(option) for option in order)
    ids = f"{code.ids}:{question_key}:{code.scope}:o{shown_order}:{shown_code(shown)}"
    return f"{prefix}:{ids}"


def review_next_id(code: SessionCode) -> str:
    return f"{REVIEW_NEXT}:{code.ids}:{code.scope}"


def review_stop_id(code: SessionCode) -> str:
    return f"{REVIEW_STOP}:{code.ids}"
