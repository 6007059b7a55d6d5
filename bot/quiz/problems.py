"""Problems found in quiz packs, each pinned to a file, line and column."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True, order=True)
class Problem:
    """One thing wrong in a pack file: ``path:line:column: field.path: what is wrong``."""

    source: str
    line: int
    column: int
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.source}:{self.line}:{self.column}: {self.field}: {self.message}"

    @property
    def place(self) -> str:
        return f"{self.source}:{self.line}:{self.column}"


class PackError(Exception):
    """Every problem found in one or more pack files, in file and line order."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(sorted(problems))
        super().__init__("\n".join(str(problem) for problem in self.problems))
