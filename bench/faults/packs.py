"""The packs of the fault benchmark, written into a scratch quiz folder and checked by
``quizbot validate``: a small one, and one whose every text is exactly at its limit."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from bot.quiz.reader.loader import LIMITS, MAX_OPTIONS, MAX_URL

SMALL_PACK = "fault-bench"
MAX_PACK = "maximal-length-pack-for-fault-benchmarks"  # a pack id is at most 40 characters
QUESTIONS = 3
SLUG_LENGTH = 40
FILLER = {
    "en": "The quick brown fox jumps over the lazy dog while the quiz keeps running. ",
    "el": "Η γρήγορη καφέ αλεπού πηδά πάνω από τον τεμπέλη σκύλο όσο τρέχει το κουίζ. ",
}


def small_pack() -> dict[str, Any]:
    """Three short questions with three or four options each."""
    questions = []
    for number in range(1, QUESTIONS + 1):
        options: list[dict[str, Any]] = [
            {"text": {"en": f"Answer {number}.{o}", "el": f"Απάντηση {number}.{o}"}}
            for o in range(3 + number % 2)
        ]
        options[number % len(options)]["correct"] = True
        questions.append(
            {
                "id": f"q{number}",
                "prompt": {"en": f"Question {number}?", "el": f"Ερώτηση {number};"},
                "options": options,
                "explanation": {"en": f"Because {number}.", "el": f"Επειδή {number}."},
            }
        )
    return {
        "id": SMALL_PACK,
        "locales": ["en", "el"],
        "title": {"en": "Fault benchmark", "el": "Δοκιμή σφαλμάτων"},
        "summary": {"en": "Three quick questions.", "el": "Τρεις γρήγορες ερωτήσεις."},
        "difficulty": "easy",
        "questions": questions,
    }


def _text(label: str, limit: int) -> dict[str, str]:
    """A text of exactly ``limit`` characters in each locale, with no space at either end."""
    texts = {}
    for locale, filler in FILLER.items():
        text = (f"{label}: " + filler * (limit // len(filler) + 2))[: limit - 1] + "."
        texts[locale] = text
    return texts


def _slug(stem: str) -> str:
    return stem.ljust(SLUG_LENGTH, "x")[:SLUG_LENGTH]


def max_pack() -> dict[str, Any]:
    """Every text at its limit: title, summary, guide, prompts, five options with a why each,
    explanations; in English and Greek; ids at 40 characters and the guide url at 512."""
    questions = []
    for number in range(1, QUESTIONS + 1):
        options: list[dict[str, Any]] = [
            {
                "text": _text(f"Option {number}.{o}", LIMITS["option"]),
                "why": _text(f"Why {number}.{o}", LIMITS["why"]),
            }
            for o in range(MAX_OPTIONS)
        ]
        options[number % MAX_OPTIONS]["correct"] = True
        questions.append(
            {
                "id": _slug(f"question-{number}-"),
                "prompt": _text(f"Prompt {number}", LIMITS["prompt"]),
                "options": options,
                "explanation": _text(f"Explanation {number}", LIMITS["explanation"]),
            }
        )
    url = "https://example.org/guide/"
    return {
        "id": MAX_PACK,
        "locales": ["en", "el"],
        "title": _text("Title", LIMITS["title"]),
        "summary": _text("Summary", LIMITS["summary"]),
        "difficulty": "hard",
        "guide": {"title": _text("Guide", LIMITS["title"]), "url": url.ljust(MAX_URL, "g")},
        "questions": questions,
    }


def _write(directory: Path, packs: Sequence[dict[str, Any]]) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    for pack in packs:
        text = yaml.safe_dump(pack, allow_unicode=True, sort_keys=False, width=10_000)
        (directory / f"{pack['id']}.yaml").write_text(text, encoding="utf-8")


async def write_packs(directory: Path, packs: Sequence[dict[str, Any]] | None = None) -> Path:
    """``packs`` (by default both of this benchmark's) in ``directory`` (the bot's quiz folder),
    once ``quizbot validate`` passes."""
    await asyncio.to_thread(_write, directory, packs or (small_pack(), max_pack()))
    process = await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", "bot", "validate", str(directory)),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    output, _ = await process.communicate()
    if process.returncode != 0:
        raise RuntimeError(f"the benchmark packs are invalid:\n{output.decode()}")
    return directory


def pack_title(pack_id: str, locale: str = "en") -> str:
    pack = small_pack() if pack_id == SMALL_PACK else max_pack()
    return str(pack["title"][locale])
