"""The JSON Schema says what the loader says: same fields, same limits, same seed packs valid."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from bot.quiz.reader import loader
from bot.quiz.reader.loader import parse_pack
from bot.quiz.reader.problems import PackError
from bot.quiz.reader.schema import DIALECT, pack_schema
from bot.quiz.reader.template import pack_template
from tests.quiz.reader.pack_texts import ONE_LOCALE_PACK, VALID_PACK
from tests.shipped import SHIPPED_PACK_FILES

SCHEMA = pack_schema()
VALIDATOR = jsonschema.Draft202012Validator(
    SCHEMA, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
)
Pack = dict[str, Any]


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    assert SCHEMA["$schema"] == DIALECT
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize(
    ("schema_of", "keys", "required"),
    [
        (lambda s: s, loader.PACK_KEYS, loader.PACK_REQUIRED),
        (lambda s: s["$defs"]["question"], loader.QUESTION_KEYS, loader.QUESTION_REQUIRED),
        (lambda s: s["$defs"]["option"], loader.OPTION_KEYS, loader.OPTION_REQUIRED),
        (lambda s: s["$defs"]["guide"], loader.GUIDE_KEYS, loader.GUIDE_REQUIRED),
    ],
    ids=["pack", "question", "option", "guide"],
)
def test_every_field_the_loader_accepts_is_in_the_schema_and_no_other(
    schema_of: Callable[[dict[str, Any]], dict[str, Any]],
    keys: tuple[str, ...],
    required: tuple[str, ...],
) -> None:
    mapping = schema_of(SCHEMA)
    assert list(mapping["properties"]) == list(keys)
    assert mapping["required"] == list(required)
    assert mapping["additionalProperties"] is False


def test_every_text_limit_is_the_loaders() -> None:
    limits = {
        name[len("text-") :]: text for name, text in SCHEMA["$defs"].items() if "text-" in name
    }
    assert {name: text["anyOf"][0]["maxLength"] for name, text in limits.items()} == loader.LIMITS


@pytest.mark.parametrize(
    "path",
    SHIPPED_PACK_FILES,
    ids=lambda path: path.name,
)
def test_the_seed_packs_validate_against_the_schema(path: Path) -> None:
    assert _schema_errors(yaml.safe_load(path.read_text(encoding="utf-8"))) == []


@pytest.mark.parametrize(
    "text",
    [VALID_PACK, ONE_LOCALE_PACK, pack_template("new-one")],
    ids=["test-pack", "one-locale-pack", "new-pack-template"],
)
def test_the_packs_the_loader_accepts_validate_against_the_schema(text: str) -> None:
    parse_pack(text.encode(), "p.yaml")
    assert _schema_errors(yaml.safe_load(text)) == []


def _set(path: str, value: Any) -> Callable[[Pack], None]:  # any YAML value
    def change(pack: Pack) -> None:
        *parents, last = path.split(".")
        target: Any = pack
        for part in parents:
            target = target[int(part)] if part.isdigit() else target[part]
        target[int(last) if last.isdigit() else last] = value

    return change


def _questions(count: int) -> Callable[[Pack], None]:
    def change(pack: Pack) -> None:
        pack["questions"] = [{**pack["questions"][0], "id": f"q{i}"} for i in range(count)]

    return change


def _two_correct(index: int) -> Callable[[Pack], None]:
    """Question ``index`` with a third option, and two of the three right."""

    def change(pack: Pack) -> None:
        options = pack["questions"][index]["options"]
        options.append({"text": {"en": "Three", "el": "Τρία"}, "correct": True})
        options[0]["correct"] = True

    return change


def _all_correct(index: int) -> Callable[[Pack], None]:
    def change(pack: Pack) -> None:
        for option in pack["questions"][index]["options"]:
            option["correct"] = True

    return change


def _as_kind(index: int, **fields: Any) -> Callable[[Pack], None]:
    """Question ``index`` turned into another kind: ``fields`` replace its options."""

    def change(pack: Pack) -> None:
        question = pack["questions"][index]
        question.pop("options")
        question.update(fields)

    return change


ANSWERS = {"en": ["all-to-all", "all to all"], "el": "όλοι προς όλους"}
KIND_CHANGES = [
    pytest.param(_as_kind(0, kind="typed", answers=ANSWERS), True, id="typed"),
    pytest.param(_as_kind(0, kind="typed", answers=ANSWERS, match="typo"), True, id="typo"),
    pytest.param(_as_kind(0, kind="typed", answers=ANSWERS, match="fuzzy"), False, id="bad-match"),
    pytest.param(_as_kind(0, kind="typed"), False, id="typed-without-answers"),
    pytest.param(_as_kind(0, kind="typed", answers={"en": []}), False, id="no-answers"),
    pytest.param(_as_kind(0, kind="typed", answers=["x"] * 11), False, id="many-answers"),
    pytest.param(_as_kind(0, kind="number", answer=3.5, tolerance=0.1), True, id="number"),
    pytest.param(_as_kind(0, kind="number", answer="1e-3"), True, id="number-as-text"),
    pytest.param(_as_kind(0, kind="number", answer="three"), False, id="not-a-number"),
    pytest.param(
        _as_kind(0, kind="number", answer=3, unit={"en": "GB", "el": "GB"}), True, id="unit"
    ),
    pytest.param(_as_kind(0, kind="number", answer=3, answers=ANSWERS), False, id="mixed-keys"),
    pytest.param(_as_kind(0, kind="number"), False, id="number-without-answer"),
    pytest.param(_as_kind(0, kind="essay", answer=3), False, id="unknown-kind"),
    pytest.param(_as_kind(0, answer=3), False, id="choice-without-options"),
]

TEXT_FIELDS = [  # a text of each kind, and its limit
    ("title.en", loader.LIMITS["title"]),
    ("summary.el", loader.LIMITS["summary"]),
    ("questions.0.prompt.en", loader.LIMITS["prompt"]),
    ("questions.0.options.0.text.en", loader.LIMITS["option"]),
    ("questions.0.options.1.why.el", loader.LIMITS["why"]),
    ("questions.1.explanation.en", loader.LIMITS["explanation"]),
    ("guide.title.en", loader.LIMITS["title"]),
]
AT_AND_OVER_THE_LIMITS = [
    *[
        pytest.param(_set(path, "x" * limit), True, id=f"{path}-at-limit")
        for path, limit in TEXT_FIELDS
    ],
    *[
        pytest.param(_set(path, "x" * (limit + 1)), False, id=f"{path}-over-limit")
        for path, limit in TEXT_FIELDS
    ],
    pytest.param(_set("guide.url", "https://x.org/" + "a" * 498), True, id="url-at-limit"),
    pytest.param(_set("guide.url", "https://x.org/" + "a" * 499), False, id="url-over-limit"),
    pytest.param(_set("guide.url", "ftp://x.org/"), False, id="url-not-http"),
    pytest.param(_questions(loader.MAX_QUESTIONS), True, id="most-questions"),
    pytest.param(_questions(loader.MAX_QUESTIONS + 1), False, id="too-many-questions"),
    pytest.param(_questions(0), False, id="no-questions"),
    pytest.param(_set("locales", []), False, id="no-locales"),
    pytest.param(_set("locales", ["en", "el", "en"]), False, id="a-locale-twice"),
    pytest.param(_set("locales", ["en", "english"]), False, id="not-a-locale"),
    pytest.param(_set("id", "Sample"), False, id="id-not-a-slug"),
    pytest.param(_set("id", "a" * 41), False, id="id-too-long"),
    pytest.param(_set("id", 42), True, id="id-a-number"),
    pytest.param(_set("difficulty", "brutal"), False, id="unknown-difficulty"),
    pytest.param(_two_correct(0), True, id="two-correct"),
    pytest.param(_all_correct(0), False, id="all-correct"),
    *KIND_CHANGES,
    pytest.param(_set("questions.0.options.0.correct", value=False), False, id="none-correct"),
    pytest.param(_set("questions.0.options.0.corect", value=True), False, id="unknown-key"),
    pytest.param(_set("questions.0.options.0.text.en", 42), True, id="a-number-as-text"),
    pytest.param(_set("title.en", "   "), False, id="blank-text"),
    pytest.param(_set("title", {"en": "x", "el": "y", "de-DE": "z"}), False, id="unused-locale"),
    pytest.param(_set("title.en", "Tab\there"), False, id="tab-in-a-short-text"),
    pytest.param(_set("questions.0.prompt.en", "Two\n\tlines"), True, id="lines-in-a-long-text"),
    pytest.param(_set("questions.0.explanation.el", "nul \x00"), False, id="nul-in-a-long-text"),
    pytest.param(_set("summary.en", "turn \u202e"), False, id="override-in-a-text"),
    pytest.param(_set("summary.en", "\u05dc\u05d0 1\u200f"), True, id="direction-mark"),
]


@pytest.mark.parametrize(("change", "valid"), AT_AND_OVER_THE_LIMITS)
def test_the_loader_and_the_schema_agree(change: Callable[[Pack], None], valid: bool) -> None:
    pack = yaml.safe_load(VALID_PACK)
    change(pack)
    assert _loads(pack) is valid
    assert (_schema_errors(pack) == []) is valid or _schema_cannot_say(pack)


def test_the_options_limits_are_the_loaders() -> None:
    options = SCHEMA["$defs"]["question"]["properties"]["options"]
    assert (options["minItems"], options["maxItems"]) == (loader.MIN_OPTIONS, loader.MAX_OPTIONS)
    correct = {"properties": {"correct": {"const": True}}, "required": ["correct"]}
    assert options["allOf"] == [{"contains": correct}, {"contains": {"not": correct}}]


def _loads(pack: Pack) -> bool:
    try:
        parse_pack(yaml.safe_dump(pack, allow_unicode=True).encode(), "p.yaml")
    except PackError:
        return False
    return True


def _schema_errors(pack: Pack) -> list[str]:
    return [error.message for error in VALIDATOR.iter_errors(pack)]


def _schema_cannot_say(pack: Pack) -> bool:
    """Texts in a locale the pack does not list: only the loader knows the pack's locales."""
    return set(pack["title"]) != set(pack["locales"])
