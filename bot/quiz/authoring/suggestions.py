"""Questions members suggest for a server's own pack, and the moderators' decision on each.

A suggestion is a question form's values (bot/quiz/authoring/question_form.py) that waits in the
server's queue until a moderator approves it (it joins the pack, as written or as the
moderator edited it) or rejects it (with a reason, if they give one). Members are held to a
rate, and a server's queue to a size, so that nobody can bury the moderators in suggestions.
"""

from __future__ import annotations

import enum
from datetime import timedelta

from bot.quiz.model import Pack, Question
from bot.quiz.reader.cleantext import first_refused

PER_MEMBER = 5  # suggestions one member may send to a server in a ``WINDOW``
WINDOW = timedelta(days=1)
MAX_PENDING = 100  # a server's queue holds at most this many waiting suggestions
# An approval claims its suggestion while the pack is changed; a claim left by a crash lapses.
CLAIM_LIFETIME = timedelta(minutes=5)
REASON_LIMIT = 300  # a rejection's reason, told to the author


class Status(enum.StrEnum):
    PENDING = "pending"
    APPROVING = "approving"  # claimed by a moderator's approval, the pack being changed
    APPROVED = "approved"
    REJECTED = "rejected"


def suggest_refusal(*, taking: bool, sent_in_window: int, pending: int) -> str | None:
    """Why a member may not suggest now, as a message key; None if they may."""
    if not taking:
        return "suggest.closed"
    if sent_in_window >= PER_MEMBER:
        return "suggest.too_many"
    if pending >= MAX_PENDING:
        return "suggest.queue_full"
    return None


def reason_problem(reason: str) -> str | None:
    """What is wrong with a rejection's reason, as the code point refused; None if nothing.
    Its length is bounded by the modal's input."""
    refused = first_refused(reason, long=True)
    return None if refused is None else f"U+{ord(reason[refused]):04X}"


def same_question(pack: Pack, question: Question) -> str | None:
    """The id of the pack's question that says what ``question`` says (prompt, options or what
    it accepts, and explanation in every locale); None if it has none. An approval that finds
    its question already there (retried after a crash, or by two moderators at once) does not
    add it twice."""
    wanted = _said(question)
    return next((q.id for q in pack.questions if _said(q) == wanted), None)


def _said(question: Question) -> tuple[object, ...]:
    options = tuple((o.text, o.correct) for o in question.options)
    return (question.prompt, options, question.accepts, question.explanation)
