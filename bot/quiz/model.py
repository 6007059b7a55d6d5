"""Immutable quiz-pack objects, as the loader builds them from YAML."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

OPTION_LETTERS = "ABCDE"


class Difficulty(enum.StrEnum):
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


def language_of(locale: str) -> str:
    """The language part of a Discord or pack locale: ``en-US`` -> ``en``, ``el`` -> ``el``."""
    return locale.split("-", 1)[0].lower()


@dataclass(frozen=True, slots=True)
class Text:
    """A text in every locale of its pack; the first locale is the fallback."""

    by_locale: Mapping[str, str]
    fallback: str

    @classmethod
    def of(cls, by_locale: Mapping[str, str], fallback: str) -> Text:
        return cls(MappingProxyType(dict(by_locale)), fallback)

    def get(self, locale: str | None) -> str:
        """The text for a Discord locale (``el``, ``en-GB``), else the fallback locale's."""
        if locale is not None:
            if locale in self.by_locale:
                return self.by_locale[locale]
            language = language_of(locale)
            for candidate, text in self.by_locale.items():
                if language_of(candidate) == language:
                    return text
        return self.by_locale[self.fallback]


@dataclass(frozen=True, slots=True)
class Option:
    text: Text
    correct: bool
    why: Text | None = None


@dataclass(frozen=True, slots=True)
class Image:
    """A question's picture as its pack names it: a file beside the pack (or one uploaded with
    it), with its alt text in every locale. ``digest`` is the checked picture's content hash
    (bot/quiz/reader/pictures.py), empty until the picture is checked; ``line`` and ``column`` are
    where the pack names the file, for problems found in the file itself."""

    file: str
    alt: Text
    digest: str = ""
    line: int = field(default=1, compare=False)
    column: int = field(default=1, compare=False)


@dataclass(frozen=True, slots=True)
class Question:
    id: str
    prompt: Text
    options: tuple[Option, ...]
    explanation: Text
    image: Image | None = None

    @property
    def correct_index(self) -> int:
        return next(index for index, option in enumerate(self.options) if option.correct)


@dataclass(frozen=True, slots=True)
class Guide:
    title: Text
    url: str | None = None


@dataclass(frozen=True, slots=True)
class Pack:
    id: str
    locales: tuple[str, ...]
    title: Text
    summary: Text
    difficulty: Difficulty
    questions: tuple[Question, ...]
    guide: Guide | None = None
    source: str = ""

    def question(self, question_id: str) -> Question | None:
        return next((q for q in self.questions if q.id == question_id), None)

    def locale_for(self, locale: str | None) -> str:
        """The pack locale a reader with ``locale`` sees (exact, then language, then fallback)."""
        if locale is not None:
            language = language_of(locale)
            for candidate in self.locales:
                if candidate == locale or language_of(candidate) == language:
                    return candidate
        return self.locales[0]
