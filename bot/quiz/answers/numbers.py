"""A number a member types, against a question's ``answer:`` and ``tolerance:``.

What reads as a number: an optional sign (``-``, ``+`` or the minus sign ``−``), digits, and at
most one decimal separator, a point or a comma, whatever the member's language: in Greek the
comma is the decimal separator and a point is common on phones; in English ``3,5`` can hardly
mean thirty-five. Digit groups may be set apart by spaces (``12 500``), never by a separator that
could be the decimal one, so ``1,000`` is one, not a thousand. The question's unit may follow
(``12 km``). Anything else is no number, and the member is told so rather than graded wrong.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from decimal import Decimal

from bot.quiz.answers.typed import MAX_TYPED

# ASCII digits only (full-width ones are folded to them first): other scripts' digits would be
# numbers Python reads but a reveal could not show as the member typed them.
_NUMBER = re.compile(r"([+\-−]?)(\d{1,3}(?: \d{3})+|\d+)(?:[.,](\d+))?", re.ASCII)


def parse_number(text: str, units: Iterable[str] = ()) -> Decimal | None:
    """The number ``text`` says, a trailing unit of ``units`` allowed; None if it says none."""
    folded = unicodedata.normalize("NFKC", text[:MAX_TYPED]).casefold()
    typed = " ".join(folded.split()).rstrip(".")  # NFKC makes no-break spaces plain ones
    for unit in sorted(units, key=len, reverse=True):
        own = unicodedata.normalize("NFKC", unit).casefold().strip().rstrip(".")
        if own and typed.endswith(own):
            typed = typed[: len(typed) - len(own)].rstrip()
            break
    found = _NUMBER.fullmatch(typed)
    if found is None:
        return None
    sign, whole, fraction = found.groups()
    value = Decimal(whole.replace(" ", "") + ("." + fraction if fraction else ""))
    return -value if sign in ("-", "−") else value


def within(given: Decimal, answer: Decimal, tolerance: Decimal) -> bool:
    """Right when ``given`` is at most ``tolerance`` from ``answer`` (both ends included)."""
    return abs(given - answer) <= tolerance
