"""Clean texts: what a pack's texts may hold, each refusal at the character with its code point,
and problems that stay one printable line whatever the author wrote."""

from __future__ import annotations

import json

import orjson
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.quiz.model import Pack
from bot.quiz.reader.cleantext import first_refused
from bot.quiz.reader.loader import parse_pack
from bot.quiz.reader.problems import MAX_PROBLEMS, PackError
from tests.quiz.reader.pack_texts import ONE_LOCALE_PACK, VALID_PACK, replace_line
from tests.quiz.reader.test_loader import problems_of

CONTROL = "which a text may not hold; remove it"
ONE_LINE = "which only prompts, explanations, whys and summaries may hold"


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        pytest.param(
            r'    prompt: {en: "One \0 two?", el: "Ένα;"}',
            f"p.yaml:9:23: questions[0].prompt.en: holds U+0000 (a control character), {CONTROL}",
            id="nul-escape",
        ),
        pytest.param(
            r'    prompt: {en: "Bell \a", el: "Ένα;"}',
            f"p.yaml:9:24: questions[0].prompt.en: holds U+0007 (a control character), {CONTROL}",
            id="bell-escape",
        ),
        pytest.param(
            r'    prompt: {en: "Next \N line", el: "Ένα;"}',
            f"p.yaml:9:24: questions[0].prompt.en: holds U+0085 (a control character), {CONTROL}",
            id="c1-escape",
        ),
        pytest.param(
            r'    prompt: {en: "Turn \u202eit", el: "Ένα;"}',
            f"p.yaml:9:24: questions[0].prompt.en: holds U+202E (a bidirectional control), "
            f"{CONTROL}",
            id="override-escape",
        ),
        pytest.param(
            "    prompt: {en: Turn \u2067it, el: Ένα;}",
            f"p.yaml:9:23: questions[0].prompt.en: holds U+2067 (a bidirectional control), "
            f"{CONTROL}",
            id="isolate-as-written",
        ),
        pytest.param(
            r'    prompt: {en: "\\0 is fine, \r is not", el: "Ένα;"}',
            f"p.yaml:9:32: questions[0].prompt.en: holds U+000D (a carriage return), {CONTROL}",
            id="escaped-backslash-then-carriage-return",
        ),
    ],
)
def test_control_and_direction_characters_are_refused_where_they_are_written(
    line: str, problem: str
) -> None:
    assert problems_of(replace_line(VALID_PACK, 9, line)) == [problem]


def test_a_short_text_is_one_line_without_tabs_and_a_long_one_keeps_them() -> None:
    text = replace_line(VALID_PACK, 3, r'title: {en: "Sam\tple", el: Δείγμα}')
    text = replace_line(text, 11, '      - text: {en: "Two\\n2", el: Δύο}')
    assert problems_of(text) == [
        f"p.yaml:3:17: title.en: holds U+0009 (a tab), {ONE_LINE}; use spaces",
        (
            f"p.yaml:11:24: questions[0].options[0].text.en: holds U+000A (a line break), "
            f"{ONE_LINE}; put the text on one line"
        ),
    ]
    text = ONE_LOCALE_PACK.replace("prompt: Yes or no?", 'prompt: "Which?\\n\\tcode()"')
    text = text.replace("explanation: Yes.", "explanation: |\n      Yes.\n      \tIndeed.")
    text = text.replace("text: No", "text: \u05dc\u05d0 123\u200f")  # Hebrew, a number, RLM
    pack = parse_pack(text.encode(), "p.yaml")
    question = pack.questions[0]
    assert question.prompt.get(None) == "Which?\n\tcode()"
    assert question.explanation.get(None) == "Yes.\n\tIndeed."
    assert question.options[1].text.get(None) == "\u05dc\u05d0 123\u200f"


def test_a_line_break_in_a_block_title_is_placed_where_the_text_breaks() -> None:
    text = ONE_LOCALE_PACK.replace("title: Plain\n", "title: |\n  Two\n  lines\n")
    assert problems_of(text) == [
        f"p.yaml:4:6: title: holds U+000A (a line break), {ONE_LINE}; put the text on one line"
    ]


@pytest.mark.parametrize(
    ("written", "problem"),
    [
        pytest.param(
            r"\ud800",
            r"p.yaml:8:18: yaml: \ud800 is U+D800 (a lone surrogate), " + CONTROL,
            id="lone-surrogate",
        ),
        pytest.param(
            r"\ud83d\ude00",
            r"p.yaml:8:18: yaml: \ud83d\ude00 writes one character in two halves; "
            r"write it as \U0001F600",
            id="surrogate-pair",
        ),
        pytest.param(
            r"\U00110000",
            r"p.yaml:8:18: yaml: \U00110000 is past U+10FFFF, the last character there is",
            id="past-the-last-character",
        ),
    ],
)
def test_an_escape_that_is_no_character_is_refused_with_what_to_write(
    written: str, problem: str
) -> None:
    text = ONE_LOCALE_PACK.replace("prompt: Yes or no?", f'prompt: "Yes {written}?"')
    [found] = problems_of(text)
    assert found.startswith(problem + " (PyYAML: ")


def test_a_problem_quoting_the_author_shows_hidden_characters() -> None:
    text = replace_line(VALID_PACK, 1, 'id: sample\n"k\\x01\\u202e": 1')
    assert problems_of(text) == [
        (
            "p.yaml:2:1: k<U+0001><U+202E>: unknown key 'k<U+0001><U+202E>'; "
            "expected one of id, locales, title, summary, difficulty, guide, questions"
        )
    ]


def test_reading_stops_after_a_hundred_problems_however_often_an_alias_repeats_them() -> None:
    broken = "{k0: x, k1: x, k2: x}"  # 3 problems, repeated in 4 texts of 200 questions
    questions = "".join(
        f"  - {{id: q{index}, prompt: *bad, options: [*bad, *bad], explanation: *bad}}\n"
        for index in range(200)
    )
    text = replace_line(ONE_LOCALE_PACK, 2, f"locales: [en]\nbad: &bad {broken}")
    text = text.split("questions:")[0] + "questions:\n" + questions
    found = problems_of(text)
    assert len(found) == MAX_PROBLEMS + 1
    note = f"file: stopped after {MAX_PROBLEMS} problems; fix these and check again"
    assert sum(problem.endswith(note) for problem in found) == 1


def test_a_pack_has_at_most_thirty_two_locales() -> None:
    locales = [f"l{chr(97 + index // 26)}{chr(97 + index % 26)}" for index in range(33)]
    text = replace_line(
        VALID_PACK, 2, f"locales: {yaml.safe_dump(locales, default_flow_style=True).strip()}"
    )
    assert problems_of(text) == ["p.yaml:2:10: locales: lists 33 locales; the limit is 32"]


TEXT_FIELDS = {
    "title": ("title", "en"),
    "summary": ("summary", "en"),
    "prompt": ("questions", 0, "prompt", "en"),
    "option": ("questions", 0, "options", 0, "text", "en"),
    "why": ("questions", 0, "options", 1, "why", "el"),
    "explanation": ("questions", 1, "explanation", "el"),
    "guide": ("guide", "title", "en"),
}
LONG = {"summary", "prompt", "why", "explanation"}
SPECIAL = [
    *"\x00\t\n\r\x85\x1b\u202e\u2066\u200f\u2028\ufeff\u0301 é#:",
    *("\ud800", "\udfff", "\U0001f642"),
]
texts = st.text(
    alphabet=st.one_of(st.sampled_from(SPECIAL), st.characters(exclude_categories=())),
    min_size=1,
    max_size=12,
)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(TEXT_FIELDS)), texts, st.sampled_from(["dump", "ascii", "raw"]))
def test_what_the_loader_accepts_is_clean_and_what_it_refuses_is_placed(
    field: str, written: str, form: str
) -> None:
    """``dump``: as PyYAML writes the text (plain, quoted or escaped); ``ascii``, ``raw``: as a
    JSON string, every character escaped or only the ones JSON must escape."""
    data = _pack_with(field, written, form)
    outcome = _outcome(data)
    if isinstance(outcome, Pack):
        for text in _texts(outcome):
            orjson.dumps(text)
            text.encode("utf-8")
            assert "\x00" not in text
        return
    lines = data.decode("utf-8", "replace").splitlines() or [""]
    for problem in outcome.problems:
        assert 1 <= problem.line <= len(lines)
        assert 1 <= problem.column <= len(lines[problem.line - 1]) + 1
        orjson.dumps(str(problem))
    if first_refused(written.strip(), long=field in LONG) is not None:  # named by code point
        named = ("U+", "UTF-8", "\\U")  # \U: a surrogate pair escaped, and how to write it
        assert any(word in str(problem) for problem in outcome.problems for word in named)


def _pack_with(field: str, written: str, form: str) -> bytes:
    document = yaml.safe_load(VALID_PACK)
    *parents, last = TEXT_FIELDS[field]
    target = document
    for key in parents:
        target = target[key]
    target[last] = written if form == "dump" else "PLACEHOLDER"
    text = yaml.safe_dump(document, allow_unicode=True, width=1000)
    if form != "dump":
        text = text.replace("PLACEHOLDER", json.dumps(written, ensure_ascii=form == "ascii"))
    return text.encode("utf-8", "surrogatepass")  # a raw surrogate: bytes that are not UTF-8


def _outcome(data: bytes) -> Pack | PackError:
    try:
        return parse_pack(data, "p.yaml")
    except PackError as error:
        return error


def _texts(pack: Pack) -> list[str]:
    texts = [pack.title, pack.summary, *([pack.guide.title] if pack.guide else [])]
    for question in pack.questions:
        texts += [question.prompt, question.explanation]
        for option in question.options:
            texts += [option.text, *([option.why] if option.why else [])]
    return [value for text in texts for value in text.by_locale.values()]
