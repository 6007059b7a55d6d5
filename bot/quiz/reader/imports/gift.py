"""Moodle's GIFT: the questions quizbot can ask (multiple choice, true/false, short answer as
typed, numerical as number, multiple answers with partial credit as all that apply), with their
titles, feedback, escapes and comments (docs/importing.md).

Read by hand rather than by a GIFT library: every problem needs its line and column in the
file, the reading must stay linear in the file's length whatever it holds, and only a part of
GIFT is wanted. The questions quizbot does not ask (matching, essay, partial credit beside an
= answer, descriptions) are left out with a note at their line, so a Moodle export loads with
what it can. This module reads a question's block; gift_answers.py and gift_numbers.py what
its braces hold.
"""

from __future__ import annotations

import re

from bot.quiz.reader.imports.drafts import Draft, Piece, Reading, draft_problems, left_out, phrase
from bot.quiz.reader.imports.gift_answers import (
    Asked,
    NotAskedError,
    UnreadableError,
    Written,
    answered,
    split,
)
from bot.quiz.reader.imports.gift_numbers import numerical
from bot.quiz.reader.imports.gift_text import blocks, find, find_text, shown
from bot.quiz.reader.problems import Problem

_MARKUP = re.compile(r"\s*\[(html|moodle|plain|markdown)\]")
_TRUTH = re.compile(r"\s*(TRUE|FALSE|T|F)\s*(?=#|$)", re.IGNORECASE)
_ANSWERS = re.compile(
    r"(?<!\\)\{[^{}]*(?<!\\)[=~][^{}]*\}|\{\s*(?:T|F|TRUE|FALSE)\s*[#}]|\{\s*#\s*[-+.0-9][^{}]*\}"
)  # answers, true/false, or a number: {#1822:5}
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
        question = _Question(Written(block, source, locale))
        try:
            draft = question.draft()
        except UnreadableError as wrong:
            reading.problems.append(wrong.problem)
        except NotAskedError as left:
            reading.notes.append(left_out(left.problem))
        else:
            reading.drafts.append(draft)
            reading.problems += draft_problems(source, draft)
        reading.notes += question.written.notes
    return reading


class _Question:
    def __init__(self, written: Written) -> None:
        self.written = written
        self.block = written.block

    def problem(self, index: int, field: str, message: str) -> Problem:
        return self.written.problem(index, field, message)

    def draft(self) -> Draft:
        text = self.block.text
        title, start = self._title()
        found = _MARKUP.match(text, start)
        if found:
            self.written.markup, start = found.group(1), found.end()
        opening = find(text, "{", start)
        if opening < 0:
            raise NotAskedError(self.problem(start, "question", "a description, not a question"))
        closing = find(text, "}", opening + 1)
        if closing < 0:
            message = "this { of the answers is not closed by }"
            raise UnreadableError(self.problem(opening, "answers", message))
        if find(text, "{", closing + 1) >= 0:
            message = "a second { … } in one question; put a blank line between questions"
            raise UnreadableError(self.problem(find(text, "{", closing + 1), "answers", message))
        prompt = self._prompt(start, opening, closing)
        return self._answers(opening + 1, closing, prompt, title)

    def _title(self) -> tuple[str | None, int]:
        text = self.block.text
        start = len(text) - len(text.lstrip())
        if not text.startswith("::", start):
            return None, start
        end = find_text(text, "::", start + 2)
        if end < 0:
            raise UnreadableError(
                self.problem(start, "title", "this :: of the title is not closed by ::")
            )
        return shown(text[start + 2 : end], "plain"), end + 2

    def _prompt(self, start: int, opening: int, closing: int) -> Piece:
        """The question text; with text after the answers too, a blank where they stand."""
        text = self.block.text
        stem = shown(text[start:opening], self.written.markup)
        tail = shown(text[closing + 1 :], self.written.markup)
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
            explanation = self.written.feedback(general + 4, text[general + 4 : end])
            end = general
        body = text[start:end]
        if not body.strip():
            raise NotAskedError(
                self.problem(start - 1, "answers", "an essay question (no answers)")
            )
        asked = Asked(prompt, explanation, title, start - 1)
        if body.lstrip().startswith("#"):
            return numerical(self.written, find(text, "#", start, end), end, asked)
        truth = _TRUTH.match(body)
        if truth:
            return self._true_false(start, end=end, truth=truth, asked=asked)
        return answered(self.written, split(self.written, start, end), asked)

    def _true_false(self, start: int, *, end: int, truth: re.Match[str], asked: Asked) -> Draft:
        """``{T#shown if wrong#shown if right}``: the first feedback is the wrong option's why."""
        text = self.block.text
        right = 0 if truth.group(1).upper().startswith("T") else 1
        feedback = self._feedback_pieces(start + truth.end(), end)
        explanation = feedback[1] if len(feedback) > 1 else None  # shown when it was right
        whys: list[Piece | None] = [None, None]
        if feedback:
            whys[1 - right] = feedback[0]
        place = self.block.place(start + len(text[start:end]) - len(text[start:end].lstrip()))
        locale = self.written.locale
        options = tuple(Piece(phrase(locale, key), *place, "answers") for key in ("true", "false"))
        return asked.draft(options, (right,), tuple(whys), explanation=explanation)

    def _feedback_pieces(self, start: int, end: int) -> list[Piece | None]:
        text = self.block.text
        pieces: list[Piece | None] = []
        mark = find(text, "#", start, end)
        while mark >= 0:
            following = find(text, "#", mark + 1, end)
            stop = end if following < 0 else following
            pieces.append(self.written.feedback(mark + 1, text[mark + 1 : stop]))
            mark = following
        return pieces
