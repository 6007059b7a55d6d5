"""Counted nouns in the English of operator-facing text: logs, `quizbot check`, `quizbot validate`.

Members see the interface in their own language, with CLDR plural rules (bot/app/kit/catalogue.py);
the operator's text is English only, whose rule is this one.
"""

from __future__ import annotations


def counted(number: int, noun: str) -> str:
    """``1 server``, ``2 servers``, ``0 servers``: for nouns whose plural adds an s."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"
