"""Moodle's GIFT: the questions quizbot can ask (multiple choice with one right answer, and
true/false), with their titles, feedback, escapes and comments (docs/importing.md).

Read by hand rather than by a GIFT library: every problem needs its line and column in the
file, the reading must stay linear in the file's length whatever it holds, and only a part of
GIFT is wanted. The questions quizbot does not ask (short answer, numerical, matching, essay,
partial credit, descriptions) are left out with a note at their line, so a Moodle export loads
with what it can.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.quiz.reader.imports.drafts import (
    Draft,
    Piece,
    Reading,
    draft_problems,
    left_out,
    one_line,
    phrase,
)
from bot.quiz.reader.imports.gift_text import Block, blocks, find, find_text, shown
from bot.quiz.reader.loader import MAX_OPTIONS
from bot.quiz.reader.problems import Problem

_MARKUP = re.compile(r"\s*\[(html|moodle|plain|markdown)\]")
_TRUTH = re.compile(r"\s*(TRUE|FALSE|T|F)\s*(?=#|$)", re.IGNORECASE)
_WEIGHT = re.compile(r"\s*%(-?[0-9]+(?:\.[0-9]+)?)%")
_ANSWERS = re.compile(r"(?<!\\)\{[^{}]*(?<!\\)[=~][^{}]*\}|\{\s*(?:T|F|TRUE|FALSE)\s*[#}]")
_TITLE = re.compile(r"^\s*::[^\n]*?::", re.MULTILINE)
BLANK = "_____"


def looks_like_gift(text: str) -> bool:
    """Whether a text holds GIFT answers in braces or GIFT titles."""
    return _ANSWERS.search(text) is not None or _TITLE.search(text) is not None


def read_gift(text: str, source: str, locale: str) -> Reading:
    reading = Reading()
    for block in blocks(text):
        if reading.full():
            break
        if block.text.lstrip().startswith("$CATEGORY:"):
            continue  # Moodle's question bank category: nothing to ask
        try:
            draft = _Question(block, source, locale).draft()
        except _UnreadableError as wrong:
            reading.problems.append(wrong.problem)
        except _NotAskedError as left:
            reading.notes.append(left_out(left.problem))
        else:
            reading.drafts.append(draft)
            reading.problems += draft_problems(source, draft)
    return reading


class _NotAskedError(Exception):
    """A question of a kind quizbot does not ask."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


class _UnreadableError(_NotAskedError):
    """A question written so that it cannot be read."""


@dataclass(frozen=True, slots=True)
class _Answer:
    start: int  # where its text begins in the block
    text: str
    right: bool
    weight: float | None
    feedback: tuple[int, str] | None


class _Question:
    def __init__(self, block: Block, source: str, locale: str) -> None:
        self.block, self.source, self.locale = block, source, locale
        self.markup = "moodle"

    def piece(self, index: int, written: str, field: str, *, line: bool = False) -> Piece:
        text = shown(written, self.markup)
        return Piece(one_line(text) if line else text, *self.block.place(index), field)

    def feedback(self, index: int, written: str) -> Piece | None:
        """A feedback text, if it says anything."""
        piece = self.piece(index, written, "feedback")
        return piece if piece.text else None

    def problem(self, index: int, field: str, message: str) -> Problem:
        return Problem(self.source, *self.block.place(index), field, message)

    def draft(self) -> Draft:
        text = self.block.text
        title, start = self._title()
        found = _MARKUP.match(text, start)
        if found:
            self.markup, start = found.group(1), found.end()
        opening = find(text, "{", start)
        if opening < 0:
            raise _NotAskedError(self.problem(start, "question", "a description, not a question"))
        closing = find(text, "}", opening + 1)
        if closing < 0:
            message = "this { of the answers is not closed by }"
            raise _UnreadableError(self.problem(opening, "answers", message))
        if find(text, "{", closing + 1) >= 0:
            message = "a second { … } in one question; put a blank line between questions"
            raise _UnreadableError(self.problem(find(text, "{", closing + 1), "answers", message))
        prompt = self._prompt(start, opening, closing)
        return self._answers(opening + 1, closing, prompt, title)

    def _title(self) -> tuple[str | None, int]:
        text = self.block.text
        start = len(text) - len(text.lstrip())
        if not text.startswith("::", start):
            return None, start
        end = find_text(text, "::", start + 2)
        if end < 0:
            raise _UnreadableError(
                self.problem(start, "title", "this :: of the title is not closed by ::")
            )
        return shown(text[start + 2 : end], "plain"), end + 2

    def _prompt(self, start: int, opening: int, closing: int) -> Piece:
        """The question text; with text after the answers too, a blank where they stand."""
        text = self.block.text
        stem = shown(text[start:opening], self.markup)
        tail = shown(text[closing + 1 :], self.markup)
        if tail:
            joiner = "" if tail[0] in ".,;:!?)" else " "
            stem = f"{stem} {BLANK}{joiner}{tail}".strip()
        lead = len(text[start:opening]) - len(text[start:opening].lstrip())
        return Piece(stem, *self.block.place(start + lead), "question")

    def _answers(self, start: int, end: int, prompt: Piece, title: str | None) -> Draft:
        text = self.block.text
        general = find_text(text, "####", start, end)
        explanation = None
        if general >= 0:
            explanation = self.feedback(general + 4, text[general + 4 : end])
            end = general
        body = text[start:end]
        if not body.strip():
            raise _NotAskedError(
                self.problem(start - 1, "answers", "an essay question (no answers)")
            )
        if body.lstrip().startswith("#"):
            raise _NotAskedError(self.problem(start - 1, "answers", "a numerical question"))
        truth = _TRUTH.match(body)
        if truth:
            return self._true_false(
                start, end=end, truth=truth, prompt=prompt, explanation=explanation, title=title
            )
        answers = self._split(start, end)
        return self._choice(answers, prompt, explanation, title, start - 1)

    def _true_false(
        self,
        start: int,
        *,
        end: int,
        truth: re.Match[str],
        prompt: Piece,
        explanation: Piece | None,
        title: str | None,
    ) -> Draft:
        """``{T#shown if wrong#shown if right}``: the first feedback is the wrong option's why."""
        text = self.block.text
        right = 0 if truth.group(1).upper().startswith("T") else 1
        feedback = self._feedback_pieces(start + truth.end(), end)
        if explanation is None and len(feedback) > 1:
            explanation = feedback[1]  # shown when the answer was right
        whys: list[Piece | None] = [None, None]
        if feedback:
            whys[1 - right] = feedback[0]
        place = self.block.place(start + len(text[start:end]) - len(text[start:end].lstrip()))
        options = tuple(
            Piece(phrase(self.locale, key), *place, "answers") for key in ("true", "false")
        )
        return Draft(prompt.line, prompt, options, right, explanation, tuple(whys), title)

    def _feedback_pieces(self, start: int, end: int) -> list[Piece | None]:
        text = self.block.text
        pieces: list[Piece | None] = []
        mark = find(text, "#", start, end)
        while mark >= 0:
            following = find(text, "#", mark + 1, end)
            stop = end if following < 0 else following
            pieces.append(self.feedback(mark + 1, text[mark + 1 : stop]))
            mark = following
        return pieces

    def _split(self, start: int, end: int) -> list[_Answer]:
        text = self.block.text
        first = find(text, "=~", start, end)
        if first < 0 or text[start:first].strip():
            at_text = start + len(text[start:end]) - len(text[start:end].lstrip())
            message = "text before the first answer; start each answer with = or ~"
            raise _UnreadableError(self.problem(at_text, "answers", message))
        answers, mark = [], first
        while mark >= 0:
            following = find(text, "=~", mark + 1, end)
            stop = end if following < 0 else following
            answers.append(self._answer(mark, stop))
            mark = following
        return answers

    def _answer(self, mark: int, stop: int) -> _Answer:
        text = self.block.text
        begin = mark + 1
        weight = _WEIGHT.match(text, begin, stop)
        if weight:
            begin = weight.end()
        hash_at = find(text, "#", begin, stop)
        written_end = stop if hash_at < 0 else hash_at
        if find_text(text, "->", begin, written_end) >= 0:
            raise _NotAskedError(self.problem(mark, "answers", "a matching question"))
        feedback = None if hash_at < 0 else (hash_at + 1, text[hash_at + 1 : stop])
        return _Answer(
            start=begin + len(text[begin:written_end]) - len(text[begin:written_end].lstrip()),
            text=text[begin:written_end],
            right=text[mark] == "=",
            weight=float(weight.group(1)) if weight else None,
            feedback=feedback,
        )

    def _choice(
        self,
        answers: list[_Answer],
        prompt: Piece,
        explanation: Piece | None,
        title: str | None,
        opening: int,
    ) -> Draft:
        if all(answer.right for answer in answers):
            raise _NotAskedError(
                self.problem(opening, "answers", "a short-answer question (only =)")
            )
        if any(a.weight is not None and 0 < a.weight < 100 for a in answers):  # noqa: PLR2004
            message = "answers with partial credit (%…%); a quizbot question has one right answer"
            raise _NotAskedError(self.problem(opening, "answers", message))
        right = [i for i, a in enumerate(answers) if a.right or a.weight == 100]  # noqa: PLR2004
        if not right:
            raise _UnreadableError(
                self.problem(opening, "answers", "no right answer: mark it with =")
            )
        if len(right) > 1:
            message = "more than one right answer; a quizbot question has one"
            raise _NotAskedError(self.problem(opening, "answers", message))
        if len(answers) > MAX_OPTIONS:
            message = f"{len(answers)} answers; a quizbot question shows at most {MAX_OPTIONS}"
            raise _NotAskedError(self.problem(opening, "answers", message))
        options = tuple(self.piece(a.start, a.text, "answer", line=True) for a in answers)
        given = [None if a.feedback is None else self.feedback(*a.feedback) for a in answers]
        chosen = right[0]
        explanation = explanation or given[chosen]
        whys = tuple(None if index == chosen else why for index, why in enumerate(given))
        return Draft(prompt.line, prompt, options, chosen, explanation, whys, title)
