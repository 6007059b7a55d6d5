"""Immutable quiz-pack objects, as the loader builds them from YAML."""

from __future__ import annotations

import enum
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
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
        return self.by_locale[chosen_locale(self.by_locale, self.fallback, locale)]


def chosen_locale(given: Collection[str], fallback: str, locale: str | None) -> str:
    """The one of the ``given`` locales a reader in ``locale`` gets: the same locale, else one
    of its language, else ``fallback``."""
    if locale is not None:
        if locale in given:
            return locale
        language = language_of(locale)
        for candidate in given:
            if language_of(candidate) == language:
                return candidate
    return fallback


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


class Kind(enum.StrEnum):
    """What a member does to answer: pick options, type a text, or type a number."""

    CHOICE = "choice"
    TYPED = "typed"
    NUMBER = "number"


class Match(enum.StrEnum):
    """How a typed answer is compared with the accepted ones (bot/quiz/answers/typed.py)."""

    EXACT = "exact"
    NORMAL = "normal"
    TYPO = "typo"


@dataclass(frozen=True, slots=True)
class TypedAnswers:
    """A typed question's accepted answers, by locale, and how a member's text is matched."""

    by_locale: Mapping[str, tuple[str, ...]]
    fallback: str
    match: Match = Match.NORMAL

    def get(self, locale: str | None) -> tuple[str, ...]:
        """The answers a reader in ``locale`` is shown (the locale picked as for a Text)."""
        return self.by_locale[chosen_locale(self.by_locale, self.fallback, locale)]

    def every(self) -> tuple[str, ...]:
        """Every accepted answer, of every locale, once: a member may answer in any of them."""
        return tuple(dict.fromkeys(a for answers in self.by_locale.values() for a in answers))


@dataclass(frozen=True, slots=True)
class NumberAnswer:
    """A number question's answer: right within ``tolerance`` of ``value``, both ends in."""

    value: Decimal
    tolerance: Decimal = Decimal(0)
    unit: Text | None = None


@dataclass(frozen=True, slots=True)
class Question:
    """A question of its pack. A choice question has options (one right, or several: then the
    member picks all that apply); a typed or number one has none, and its ``accepts``."""

    id: str
    prompt: Text
    options: tuple[Option, ...]
    explanation: Text
    image: Image | None = None
    accepts: TypedAnswers | NumberAnswer | None = None

    @property
    def kind(self) -> Kind:
        if isinstance(self.accepts, TypedAnswers):
            return Kind.TYPED
        return Kind.NUMBER if isinstance(self.accepts, NumberAnswer) else Kind.CHOICE

    @property
    def correct_indices(self) -> tuple[int, ...]:
        return tuple(index for index, option in enumerate(self.options) if option.correct)

    @property
    def several_right(self) -> bool:
        """Whether the member picks all that apply rather than one option."""
        return len(self.correct_indices) > 1

    @property
    def single_choice(self) -> bool:
        """Whether this is the classic question: one button per option, one of them right."""
        return self.kind is Kind.CHOICE and not self.several_right

    @property
    def correct_index(self) -> int:
        """The right option of a single-choice question (the first right one of another)."""
        return next(iter(self.correct_indices), -1)


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
        return chosen_locale(self.locales, self.locales[0], locale)
