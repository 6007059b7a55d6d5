"""Reading the samples in samples/ (written by the project in the shapes Moodle, Quizlet, Anki and
spreadsheets export) and a pack's questions in plain terms, for the import tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.quiz.model import Pack, Question
from bot.quiz.reader.imports.reading import Imported, UploadedFile, read_upload
from bot.quiz.reader.loader import parse_pack
from bot.quiz.reader.problems import PackError

SAMPLES = Path(__file__).parent / "samples"


def sample(name: str, locale: str = "en") -> Imported:
    """A sample as an upload of it gives it; its YAML checked to load as the same pack."""
    imported = read_upload(UploadedFile((SAMPLES / name).read_bytes(), name, locale))
    assert parse_pack(imported.source.encode(), name) == imported.pack
    return imported


def uploaded(text: str, name: str, locale: str = "en") -> Imported:
    return read_upload(UploadedFile(text.encode(), name, locale))


def problems_of(text: str, name: str) -> list[str]:
    """Every problem an upload of ``text`` as ``name`` gets, its file name cut off."""
    with pytest.raises(PackError) as refused:
        uploaded(text, name)
    return [str(problem).removeprefix(f"{name}:") for problem in refused.value.problems]


def notes_of(imported: Imported) -> list[str]:
    return [str(note).removeprefix(f"{note.source}:") for note in imported.notes]


def options(question: Question) -> list[str]:
    return [option.text.get(None) for option in question.options]


def right(question: Question) -> str:
    return question.options[question.correct_index].text.get(None)


def whys(question: Question) -> list[str | None]:
    return [None if o.why is None else o.why.get(None) for o in question.options]


def prompts(pack: Pack) -> list[str]:
    return [question.prompt.get(None) for question in pack.questions]
