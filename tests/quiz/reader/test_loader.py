"""Each loader rule, with its exact message and position."""

from __future__ import annotations

import pytest

from bot.quiz.model import Difficulty
from bot.quiz.reader.loader import parse_pack
from bot.quiz.reader.problems import PackError
from tests.quiz.reader.pack_texts import ONE_LOCALE_PACK, VALID_PACK, replace_line


def problems_of(text: str | bytes) -> list[str]:
    data = text.encode() if isinstance(text, str) else text
    with pytest.raises(PackError) as caught:
        parse_pack(data, "p.yaml")
    return [str(problem) for problem in caught.value.problems]


def test_a_valid_pack_becomes_immutable_domain_objects() -> None:
    pack = parse_pack(VALID_PACK.encode(), "p.yaml")
    assert pack.id == "sample"
    assert pack.locales == ("en", "el")
    assert pack.difficulty is Difficulty.EASY
    assert pack.title.get("el") == "Δείγμα"
    assert pack.guide is not None
    assert pack.guide.url == "https://example.org/guide"
    assert [q.id for q in pack.questions] == ["first", "second"]
    assert [q.correct_index for q in pack.questions] == [0, 1]
    assert pack.questions[0].options[1].why is not None
    assert pack.questions[0].options[0].why is None
    assert pack.source == "p.yaml"
    with pytest.raises(AttributeError):
        pack.id = "changed"  # type: ignore[misc]


def test_a_one_locale_pack_may_use_plain_strings() -> None:
    pack = parse_pack(ONE_LOCALE_PACK.encode(), "p.yaml")
    assert pack.questions[0].options[0].text.get("el") == "Yes"  # falls back to the only locale
    assert pack.guide is None


def test_texts_follow_the_reader_locale_then_fall_back_to_the_first() -> None:
    pack = parse_pack(VALID_PACK.encode(), "p.yaml")
    assert pack.title.get("el") == "Δείγμα"
    assert pack.title.get("en-GB") == "Sample"
    assert pack.title.get("de") == "Sample"
    assert pack.title.get(None) == "Sample"
    assert pack.locale_for("en-US") == "en"
    assert pack.locale_for("ja") == "en"


def test_a_file_over_one_mebibyte_is_refused_before_parsing() -> None:
    data = VALID_PACK.encode() + b"#" * (1024 * 1024)
    assert problems_of(data) == ["p.yaml:1:1: file: is 1.0 MiB; the limit is 1 MiB"]


def test_invalid_utf8_names_its_line() -> None:
    assert problems_of(b"id: x\nlocales: [en]\ntitle: \xff\n") == [
        "p.yaml:3:1: file: is not valid UTF-8"
    ]


def test_a_yaml_error_without_a_hint_keeps_the_parsers_words_and_position() -> None:
    text = replace_line(VALID_PACK, 5, "difficulty: &level easy\nlevel: &level hard")
    assert problems_of(text) == [
        (
            "p.yaml:6:8: yaml: found duplicate anchor 'level'; first occurrence at line 5, "
            "second occurrence"
        ),
    ]


def test_an_empty_file_is_refused() -> None:
    assert problems_of("") == ["p.yaml:1:1: file: is empty; a pack is a YAML mapping"]


def test_more_than_one_document_is_refused() -> None:
    assert problems_of(VALID_PACK + "---\nid: other\n") == [
        "p.yaml:23:1: yaml: expected a single document in the stream, but found another document"
    ]


def test_the_top_level_must_be_a_mapping() -> None:
    assert problems_of("- id: x\n") == [
        (
            "p.yaml:1:1: pack: must be a mapping with "
            "id, locales, title, summary, difficulty, guide, questions"
        )
    ]


def test_missing_required_keys_are_reported_at_their_mapping() -> None:
    text = VALID_PACK.replace(
        "    explanation: {en: Two and two make four., el: Δύο και δύο κάνουν τέσσερα.}\n", ""
    )
    text = text.replace("summary: {en: A sample pack., el: Ένα δείγμα.}\n", "")
    assert problems_of(text) == [
        "p.yaml:1:1: summary: is required",
        "p.yaml:15:5: questions[1].explanation: is required",
    ]


def test_unknown_keys_suggest_the_near_miss() -> None:
    text = replace_line(VALID_PACK, 12, "        corect: true")
    text = replace_line(text, 5, "level: easy")
    assert problems_of(text) == [
        "p.yaml:1:1: difficulty: is required",
        (
            "p.yaml:5:1: level: unknown key 'level'; "
            "expected one of id, locales, title, summary, difficulty, guide, questions"
        ),
        (
            "p.yaml:11:7: questions[0].options: at least one option must be correct: true, "
            "and one not; none is"
        ),
        (
            "p.yaml:12:9: questions[0].options[0].corect: "
            "unknown key 'corect'; did you mean 'correct'?"
        ),
    ]


def test_a_key_given_twice_is_refused() -> None:
    text = VALID_PACK.replace("difficulty: easy\n", "difficulty: easy\ndifficulty: hard\n")
    assert problems_of(text) == ["p.yaml:6:1: difficulty: duplicate key (first at line 5)"]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("id: Sample", "p.yaml:1:5: id: 'Sample' must be 1 to 40 characters of a-z, 0-9 and -"),
        (
            "id: " + "a" * 41,
            f"p.yaml:1:5: id: '{'a' * 41}' must be 1 to 40 characters of a-z, 0-9 and -",
        ),
        ("id: ''", "p.yaml:1:5: id: is empty"),
        ("id: [x]", "p.yaml:1:5: id: must be text, not a mapping or a list"),
    ],
)
def test_pack_ids_are_slugs(line: str, message: str) -> None:
    assert problems_of(replace_line(VALID_PACK, 1, line)) == [message]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("locales: []", "p.yaml:2:10: locales: must list at least one locale"),
        (
            "locales: [en, english]",
            "p.yaml:2:15: locales[1]: 'english' is not a locale such as en, el or pt-BR",
        ),
        ("locales: [en, en]", "p.yaml:2:15: locales[1]: 'en' is listed twice"),
        ("locales: en", "p.yaml:2:10: locales: must be a list"),
    ],
)
def test_locales_are_a_list_of_distinct_locale_codes(line: str, message: str) -> None:
    assert problems_of(replace_line(VALID_PACK, 2, line)) == [message]


def test_every_text_needs_every_locale_and_no_other() -> None:
    text = replace_line(VALID_PACK, 3, "title: {en: Sample}")
    text = replace_line(
        text, 4, "summary: {en: A sample pack., el: Ένα δείγμα., de: Ein Beispiel.}"
    )
    assert problems_of(text) == [
        "p.yaml:3:8: title.el: is required",
        "p.yaml:4:48: summary.de: unknown key 'de'; expected one of en, el",
    ]


def test_a_plain_string_is_only_for_a_one_locale_pack() -> None:
    assert problems_of(replace_line(VALID_PACK, 3, "title: Sample")) == [
        "p.yaml:3:8: title: must give a text for each locale (en, el)"
    ]


def test_empty_texts_are_refused() -> None:
    assert problems_of(replace_line(VALID_PACK, 3, "title: {en: '  ', el: Δείγμα}")) == [
        "p.yaml:3:13: title.en: is empty"
    ]


LONG = "x" * 2000


@pytest.mark.parametrize(
    ("line_number", "line", "message"),
    [
        (
            3,
            f"title: {{en: {'x' * 101}, el: Δείγμα}}",
            "p.yaml:3:13: title.en: is 101 characters; the limit is 100",
        ),
        (
            4,
            f"summary: {{en: {'x' * 301}, el: Δείγμα}}",
            "p.yaml:4:15: summary.en: is 301 characters; the limit is 300",
        ),
        (
            9,
            f"    prompt: {{en: x, el: {'x' * 1001}}}",
            "p.yaml:9:25: questions[0].prompt.el: is 1001 characters; the limit is 1000",
        ),
        (
            11,
            f"      - text: {{en: {'x' * 201}, el: Δύο}}",
            "p.yaml:11:20: questions[0].options[0].text.en: is 201 characters; the limit is 200",
        ),
        (
            14,
            f"        why: {{en: {'x' * 501}, el: x}}",
            "p.yaml:14:19: questions[0].options[1].why.en: is 501 characters; the limit is 500",
        ),
        (
            15,
            f"    explanation: {{en: {'x' * 1501}, el: x}}",
            "p.yaml:15:23: questions[0].explanation.en: is 1501 characters; the limit is 1500",
        ),
        (
            6,
            f"guide: {{title: {{en: {'x' * 101}, el: x}}}}",
            "p.yaml:6:21: guide.title.en: is 101 characters; the limit is 100",
        ),
    ],
)
def test_texts_stay_within_their_limits(line_number: int, line: str, message: str) -> None:
    assert problems_of(replace_line(VALID_PACK, line_number, line)) == [message]


def test_difficulty_is_one_of_three_levels() -> None:
    assert problems_of(replace_line(VALID_PACK, 5, "difficulty: brutal")) == [
        "p.yaml:5:13: difficulty: 'brutal' must be one of easy, medium, hard"
    ]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            "guide: {title: {en: G, el: G}, url: ftp://x.org}",
            "p.yaml:6:37: guide.url: 'ftp://x.org' must be an http:// or https:// address",
        ),
        ("guide: {url: 'https://x.org'}", "p.yaml:6:8: guide.title: is required"),
        (
            "guide: {title: {en: G, el: G}, url: 'https://[x.org'}",
            "p.yaml:6:37: guide.url: 'https://[x.org' must be an http:// or https:// address",
        ),
        (
            "guide: {title: {en: G, el: G}, link: 'https://x.org'}",
            "p.yaml:6:32: guide.link: unknown key 'link'; expected one of title, url",
        ),
    ],
)
def test_the_guide_has_a_title_and_maybe_a_web_address(line: str, message: str) -> None:
    assert problems_of(replace_line(VALID_PACK, 6, line)) == [message]


def test_a_guide_without_url_is_fine() -> None:
    pack = parse_pack(replace_line(VALID_PACK, 6, "guide: {title: {en: G, el: Ο}}").encode(), "p")
    assert pack.guide is not None
    assert pack.guide.url is None


def test_a_pack_has_one_to_two_hundred_questions() -> None:
    assert problems_of(VALID_PACK.split("questions:")[0] + "questions: []\n") == [
        "p.yaml:7:12: questions: has 0 questions; a pack has 1 to 200"
    ]
    question = ONE_LOCALE_PACK.split("questions:\n")[1]
    many = "".join(question.replace("id: only", f"id: q{i}") for i in range(201))
    text = ONE_LOCALE_PACK.split("questions:\n")[0] + "questions:\n" + many
    assert problems_of(text) == ["p.yaml:7:3: questions: has 201 questions; a pack has 1 to 200"]


def test_a_question_has_two_to_five_options() -> None:
    lines = VALID_PACK.splitlines(keepends=True)
    one_option = "".join(lines[:12] + lines[14:])  # drops the second option of question one
    assert problems_of(one_option) == [
        "p.yaml:11:7: questions[0].options: has 1 option; a question has 2 to 5"
    ]
    six_options = "".join(lines[:14] + lines[12:14] * 4 + lines[14:])
    assert problems_of(six_options) == [
        "p.yaml:11:7: questions[0].options: has 6 options; a question has 2 to 5"
    ]


def test_one_option_is_right_and_one_wrong() -> None:
    text = replace_line(
        VALID_PACK, 19, "      - text: {en: Three, el: Τρία}\n        correct: true"
    )
    assert problems_of(text) == [
        (
            "p.yaml:19:7: questions[1].options: at least one option must be correct: true, and one "
            "not; all are"
        )
    ]


def test_correct_is_true_or_false() -> None:
    assert problems_of(replace_line(VALID_PACK, 12, "        correct: 'yes'")) == [
        "p.yaml:12:18: questions[0].options[0].correct: must be true or false"
    ]


def test_question_ids_are_unique_and_the_error_names_both_places() -> None:
    assert problems_of(replace_line(VALID_PACK, 16, "  - id: first")) == [
        "p.yaml:16:9: questions[1].id: duplicate question id 'first' (first used at p.yaml:8:9)"
    ]


TAGS_REFUSED = (
    "tags are not allowed ({}); remove it, and put a value that must stay text in quotes, "
    "as in '42'"
)


@pytest.mark.parametrize(
    ("line_number", "line", "place", "tag"),
    [
        (
            1,
            "id: !!python/object/apply:os.system ['true']",
            "1:5: id",
            "!!python/object/apply:os.system",
        ),
        (1, "id: !custom sample", "1:5: id", "!custom"),
        (1, "id: !!str sample", "1:5: id", "!!str"),
        (1, "id: ! sample", "1:5: id", "!"),
        (1, "id: &name !!str sample", "1:11: id", "!!str"),
        (2, "locales: !!seq [en, el]", "2:10: locales", "!!seq"),
        (12, "        correct: !!bool true", "12:18: questions[0].options[0].correct", "!!bool"),
        (3, "title: {!!str en: Sample, el: Δείγμα}", "3:9: title.en", "!!str"),
    ],
)
def test_yaml_tags_are_refused_where_they_are_written(
    line_number: int, line: str, place: str, tag: str
) -> None:
    text = replace_line(VALID_PACK, line_number, line)
    assert problems_of(text) == [f"p.yaml:{place}: {TAGS_REFUSED.format(tag)}"]


def test_every_tag_is_reported_and_nothing_else() -> None:
    text = replace_line(VALID_PACK, 1, "id: !!str Not A Slug")
    text = replace_line(text, 16, "  - id: !!str first")
    assert [problem.split(": ")[0] for problem in problems_of(text)] == [
        "p.yaml:1:5",
        "p.yaml:16:9",
    ]


def test_a_text_that_looks_like_a_yaml_symbol_is_read_as_written() -> None:
    text = replace_line(VALID_PACK, 13, "      - text: {en: =, el: <<}")
    pack = parse_pack(text.encode(), "p.yaml")
    assert pack.questions[0].options[1].text.get("en") == "="
    assert pack.questions[0].options[1].text.get("el") == "<<"


def test_deep_nesting_is_refused_where_it_passes_the_bound() -> None:
    assert problems_of("questions:\n" + "  [\n" * 100_000) == [
        "p.yaml:21:3: yaml: nesting is too deep: more than 20 lists and mappings inside each other"
    ]


def test_a_line_past_the_bound_is_refused_before_parsing() -> None:
    assert problems_of("[" * 100_000) == [
        "p.yaml:1:16385: file: this line is 100000 characters; the limit is 16384"
    ]


def test_every_problem_in_a_file_is_reported_in_line_order() -> None:
    text = replace_line(VALID_PACK, 1, "id: Bad Id")
    text = replace_line(text, 5, "difficulty: brutal")
    text = replace_line(text, 12, "        correct: maybe")
    text = replace_line(text, 16, "  - id: first")
    assert [problem.split(": ")[0] for problem in problems_of(text)] == [
        "p.yaml:1:5",
        "p.yaml:5:13",
        "p.yaml:12:18",
        "p.yaml:16:9",
    ]
