"""The pack format as a JSON Schema (draft 2020-12), so editors can check a pack as it is typed.

It is built from the loader's own keys and limits, so the two cannot drift apart. A few rules are
beyond JSON Schema and only `quizbot validate` checks them: each text in every one of the pack's
locales, question ids unique in their pack, pack ids unique across packs.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from bot.quiz.model import Difficulty, Kind, Match
from bot.quiz.reader import accepted, loader
from bot.quiz.reader.cleantext import BIDI_CONTROLS, CONTROLS, LONG_TEXTS, ONE_LINE_ONLY
from bot.quiz.reader.pictures import IMAGE_FILE

DIALECT = "https://json-schema.org/draft/2020-12/schema"
Schema = dict[str, Any]

_DESCRIPTIONS = {
    "id": "A stable slug: a-z, 0-9 and -, 1 to 40 characters. Review history keys on it.",
    "locales": "The locales every text is given in, such as en, el or pt-BR; the first is the "
    "fallback.",
    "title": "The pack's name.",
    "summary": "What the pack is about.",
    "difficulty": "How hard the pack is.",
    "guide": "Reading that goes with the pack.",
    "questions": "The questions, each with its options and explanation.",
    "prompt": "The question.",
    "kind": "choice (the default): pick among options; typed: type a text; number: type a number.",
    "options": "The options, shown as A, B, C, …; one has correct: true, or several (the member "
    "then picks all that apply, right only if exactly the right ones).",
    "answers": "The accepted answers of a typed question: one or a list, in every locale.",
    "match": "How a typed answer is compared: exact, normal (the default: case, accents and "
    "punctuation around it ignored) or typo (normal, and a slip of the keys forgiven).",
    "answer": "The right number, as written: 3.5, -12, 1e-3.",
    "tolerance": "How far from the answer is still right (absolute, both ends included; 0 "
    "when not given).",
    "unit": "The number's unit as shown after it, in every locale; a member may type it too.",
    "explanation": "Why the correct option is right, shown when the answer is revealed.",
    "text": "The option as shown on its button.",
    "correct": "true for the correct option (or each of several).",
    "why": "Shown privately to whoever picks this option.",
    "url": "An http:// or https:// address.",
    "image": "A picture shown with the question: a PNG, JPEG, WebP or GIF file beside the pack "
    "(or attached to its upload), at most 2 MiB and 4096 pixels on a side.",
    "image_alt": "What the picture shows, for members who cannot see it; required with image.",
}


def pack_schema() -> Schema:
    """The JSON Schema of one pack file."""
    return {
        "$schema": DIALECT,
        "title": "quizbot quiz pack",
        "description": "One quiz pack (docs/packs.md). Check with: quizbot validate",
        **_object(
            loader.PACK_KEYS,
            loader.PACK_REQUIRED,
            {
                "id": _slug(),
                "locales": {
                    "type": "array",
                    "minItems": 1,
                    "maxItems": loader.MAX_LOCALES,
                    "uniqueItems": True,
                    "items": {"type": "string", "pattern": _anchored(loader.LOCALE)},
                },
                "title": _text("title"),
                "summary": _text("summary"),
                "difficulty": {"enum": [level.value for level in Difficulty]},
                "guide": {"$ref": "#/$defs/guide"},
                "questions": {
                    "type": "array",
                    "minItems": 1,
                    "maxItems": loader.MAX_QUESTIONS,
                    "items": {"$ref": "#/$defs/question"},
                },
            },
        ),
        "$defs": {
            **{
                f"text-{name}": _text_forms(limit, long=name in LONG_TEXTS)
                for name, limit in loader.LIMITS.items()
            },
            "guide": _object(
                loader.GUIDE_KEYS,
                loader.GUIDE_REQUIRED,
                {"title": _text("title"), "url": _url()},
            ),
            "question": {
                **_object(
                    loader.QUESTION_KEYS,
                    loader.QUESTION_REQUIRED,
                    {
                        "id": _slug(),
                        "kind": {"enum": [kind.value for kind in Kind]},
                        "prompt": _text("prompt"),
                        "image": {"type": "string", "pattern": _anchored(IMAGE_FILE)},
                        "image_alt": _text("image_alt"),
                        "options": _options(),
                        "answers": _answers(),
                        "match": {"enum": [match.value for match in Match]},
                        "answer": _number(),
                        "tolerance": _number(),
                        "unit": _text("unit"),
                        "explanation": _text("explanation"),
                    },
                ),
                "dependentRequired": {"image": ["image_alt"], "image_alt": ["image"]},
                "allOf": [_kind_rule(kind) for kind in Kind],
            },
            "option": _object(
                loader.OPTION_KEYS,
                loader.OPTION_REQUIRED,
                {"text": _text("option"), "correct": {"type": "boolean"}, "why": _text("why")},
            ),
        },
    }


def _object(keys: Sequence[str], required: Sequence[str], fields: dict[str, Schema]) -> Schema:
    """A mapping with exactly the loader's keys: a KeyError here means a field lacks a schema."""
    properties = {key: {**fields[key], "description": _DESCRIPTIONS[key]} for key in keys}
    return {
        "type": "object",
        "properties": properties,
        "required": list(required),
        "additionalProperties": False,
    }


def _text(name: str) -> Schema:
    return {"$ref": f"#/$defs/text-{name}"}


def _text_forms(limit: int, *, long: bool) -> Schema:
    """A mapping from locale to text, or one text for a one-locale pack, holding none of the
    characters bot/quiz/reader/cleantext.py refuses (``long``: but for tabs and line breaks).

    Numbers and true/false count as texts, as the loader reads them as written (`text: 42`).
    """
    refused = CONTROLS + BIDI_CONTROLS + ("" if long else ONE_LINE_ONLY)
    one = {
        "type": ["string", "number", "boolean"],
        "pattern": r"\S",
        "maxLength": limit,
        "not": {"type": "string", "pattern": f"[{refused}]"},
    }
    by_locale = {
        "type": "object",
        "minProperties": 1,
        "propertyNames": {"pattern": _anchored(loader.LOCALE)},
        "additionalProperties": one,
    }
    return {"anyOf": [one, by_locale], "description": f"Up to {limit} characters."}


def _slug() -> Schema:
    return {"type": ["string", "integer"], "pattern": _anchored(loader.SLUG)}


def _url() -> Schema:
    schemes = "|".join(loader.URL_SCHEMES)
    return {
        "type": "string",
        "format": "uri",
        "maxLength": loader.MAX_URL,
        "pattern": f"^(?:{schemes})://[^/?#\\s]",
    }


def _options() -> Schema:
    correct = {"properties": {"correct": {"const": True}}, "required": ["correct"]}
    return {
        "type": "array",
        "minItems": loader.MIN_OPTIONS,
        "maxItems": loader.MAX_OPTIONS,
        "items": {"$ref": "#/$defs/option"},
        "allOf": [{"contains": correct}, {"contains": {"not": correct}}],
    }


def _answers() -> Schema:
    one = {"type": ["string", "number"], "pattern": r"\S", "maxLength": accepted.MAX_ANSWER}
    some = {
        "anyOf": [
            one,
            {"type": "array", "minItems": 1, "maxItems": accepted.MAX_ANSWERS, "items": one},
        ]
    }
    by_locale = {
        "type": "object",
        "minProperties": 1,
        "propertyNames": {"pattern": _anchored(loader.LOCALE)},
        "additionalProperties": some,
    }
    return {"anyOf": [*some["anyOf"], by_locale]}


def _number() -> Schema:
    written = r"^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$"
    return {"anyOf": [{"type": "number"}, {"type": "string", "pattern": written}]}


def _kind_rule(kind: Kind) -> Schema:
    """A question of ``kind`` has its kind's required keys and none of the other kinds'."""
    named = {"properties": {"kind": {"const": kind.value}}, "required": ["kind"]}
    condition = (
        {"anyOf": [named, {"not": {"required": ["kind"]}}]} if kind is Kind.CHOICE else named
    )
    others = [
        key for other, keys in accepted.KIND_KEYS.items() if other is not kind for key in keys
    ]
    return {
        "if": condition,
        "then": {
            "required": list(accepted.KIND_REQUIRED[kind]),
            "not": {"anyOf": [{"required": [key]} for key in others]},
        },
    }


def _anchored(pattern: re.Pattern[str]) -> str:
    """The loader matches whole values; a JSON Schema pattern matches anywhere unless anchored."""
    return f"^(?:{pattern.pattern})$"
