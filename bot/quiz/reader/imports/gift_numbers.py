"""GIFT's numerical answers, ``{#1822:5}``, ``{#1822}``, ``{#1820..1824}`` or several
``{#=1822:0 =%50%1822:2}``: a number question of the full-credit one (docs/importing.md).

Read in decimals, never floats, so that ``{#0.1..0.3}`` is 0.2 give or take 0.1 exactly, as the
pack writes it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, DecimalException, Inexact, localcontext

from bot.quiz.reader.accepted import MAX_NUMBER
from bot.quiz.reader.imports.drafts import Draft, NumberDraft, Piece
from bot.quiz.reader.imports.gift_answers import (
    FULL,
    WEIGHT,
    Asked,
    NotAskedError,
    UnreadableError,
    Written,
)
from bot.quiz.reader.imports.gift_text import find, find_text
from bot.quiz.reader.problems import Problem

_NUMBER = re.compile(r"[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")
_EXAMPLES = "such as 1822, 1822:5 or 1820..1824"
_Place = tuple[Piece, str]  # a number as written, and the file it is written in


@dataclass(frozen=True, slots=True)
class _Number:
    mark: int  # where its = is, or its # when it is the only one
    weight: Decimal | None
    place: Piece  # the number as written, where it is
    feedback: Piece | None

    @property
    def credit(self) -> Decimal:
        return FULL if self.weight is None else self.weight


def numerical(written: Written, start: int, end: int, asked: Asked) -> Draft:
    """The answers after the ``#`` at ``start``: the first of full credit is the question's
    answer; the others are left out with a note, a number question having one."""
    answers = _numbers(written, start, end)
    full = [answer for answer in answers if answer.credit == FULL]
    if not full:
        message = "a numerical question with no full-credit answer"
        raise NotAskedError(written.problem(asked.opening, "answers", message))
    chosen = full[0]
    for answer in answers:
        if answer.credit != FULL:
            message = f"a numerical answer with partial credit (%{answer.weight}%)"
            written.left_out(answer.mark, "answer", message)
        elif answer is not chosen:
            message = "a second full-credit numerical answer; a number question has one"
            written.left_out(answer.mark, "answer", message)
    value, tolerance = _value((chosen.place, written.source))
    accepts = NumberDraft(value, tolerance, chosen.place)
    return asked.draft(accepts=accepts, explanation=chosen.feedback)


def _numbers(written: Written, start: int, end: int) -> list[_Number]:
    """``#x``, or ``#`` and ``=x`` answers, each with its weight and ``#feedback``."""
    text = written.block.text
    first = find(text, "=", start + 1, end)
    if first < 0:
        return [_number(written, start, start + 1, end)]
    if text[start + 1 : first].strip():
        message = f"text before the first = of a numerical question; write numbers {_EXAMPLES}"
        raise UnreadableError(written.problem(start + 1, "answers", message))
    numbers, mark = [], first
    while mark >= 0:
        following = find(text, "=", mark + 1, end)
        stop = end if following < 0 else following
        numbers.append(_number(written, mark, mark + 1, stop))
        mark = following
    return numbers


def _number(written: Written, mark: int, begin: int, stop: int) -> _Number:
    text = written.block.text
    weight = WEIGHT.match(text, begin, stop)
    if weight:
        begin = weight.end()
    hash_at = find(text, "#", begin, stop)
    written_end = stop if hash_at < 0 else hash_at
    number = text[begin:written_end]
    lead = len(number) - len(number.lstrip())
    feedback = None if hash_at < 0 else written.feedback(hash_at + 1, text[hash_at + 1 : stop])
    return _Number(
        mark=mark,
        weight=Decimal(weight.group(1)) if weight else None,
        place=Piece(number.strip(), *written.block.place(begin + lead), "answer"),
        feedback=feedback,
    )


def _value(place: _Place) -> tuple[Decimal, Decimal]:
    """``x:tolerance``, ``low..high`` (the middle, give or take half the span) or ``x``."""
    text = place[0].text
    colon = find(text, ":")
    if colon >= 0:
        value = _decimal(place, text[:colon])
        tolerance = _decimal(place, text[colon + 1 :])
        if tolerance < 0:
            raise _refused(place, f"the tolerance {text[colon + 1 :].strip()} is negative")
        return value, tolerance
    dots = find_text(text, "..")
    if dots > 0:
        return _range(place, _decimal(place, text[:dots]), _decimal(place, text[dots + 2 :]))
    return _decimal(place, text), Decimal(0)


def _range(place: _Place, low: Decimal, high: Decimal) -> tuple[Decimal, Decimal]:
    if low > high:
        message = f"the range {place[0].text} runs down; write its lower end first"
        raise _refused(place, message)
    with localcontext() as context:
        # A middle that needs more digits than a pack's number has is refused, not rounded.
        context.prec = MAX_NUMBER
        context.traps[Inexact] = True
        try:
            middle = (low + high) / 2
            return middle, high - middle
        except DecimalException:
            message = f"the middle of {place[0].text} needs more than {MAX_NUMBER} digits"
            raise _refused(place, message) from None


def _decimal(place: _Place, written: str) -> Decimal:
    number = written.strip()
    if not _NUMBER.fullmatch(number):
        raise _refused(place, f"'{place[0].text}' is not a number {_EXAMPLES}")
    return Decimal(number)


def _refused(place: _Place, message: str) -> UnreadableError:
    piece, source = place
    return UnreadableError(Problem(source, piece.line, piece.column, "answer", message))
