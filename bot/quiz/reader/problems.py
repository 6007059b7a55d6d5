"""Problems found in quiz packs, each pinned to a file, line and column."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.quiz.reader.cleantext import visible


@dataclass(frozen=True, slots=True, order=True)
class Problem:
    """One thing wrong in a pack file: ``path:line:column: field.path: what is wrong``."""

    source: str
    line: int
    column: int
    field: str
    message: str

    def __post_init__(self) -> None:
        # Fields and messages quote what the author wrote (a key, an id); a control character or
        # a lone surrogate there would break the line, the terminal or the reply's JSON.
        for name in ("source", "field", "message"):
            object.__setattr__(self, name, visible(getattr(self, name)))

    def __str__(self) -> str:
        return f"{self.source}:{self.line}:{self.column}: {self.field}: {self.message}"

    @property
    def place(self) -> str:
        return f"{self.source}:{self.line}:{self.column}"


MAX_PROBLEMS = 100  # a file with more is far from a pack: the first ones are what to fix


class TooManyProblems(Exception):  # noqa: N818  # a stop, not an error
    """Raised once a file's problems reach MAX_PROBLEMS: reading on would only cost time."""


def stop_note(source: str, line: int, column: int) -> Problem:
    """The last problem listed when reading stopped at MAX_PROBLEMS."""
    message = f"stopped after {MAX_PROBLEMS} problems; fix these and check again"
    return Problem(source, line, column, "file", message)


class PackError(Exception):
    """Every problem found in one or more pack files, in file and line order."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(sorted(problems))
        super().__init__("\n".join(str(problem) for problem in self.problems))
