"""Each hint for a YAML slip: its exact words, at the line and column the author must edit.

Every message leads with the hint and keeps PyYAML's own words (and position, where it differs)
in brackets, so nothing the parser said is lost.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.quiz.reader.loader import parse_pack
from bot.quiz.reader.problems import PackError
from bot.quiz.reader.yamllines import Lines
from tests.quiz.reader.pack_texts import VALID_PACK, replace_line
from tests.quiz.reader.test_loader import problems_of

SLIPS = st.sampled_from(list("{}[]:,-?!&*|>'\"#%@` \n\t\\xε"))

HINTS = [
    pytest.param(
        12,
        "\t    correct: true",
        "p.yaml:12:1: yaml: a tab: YAML indents with spaces only; use spaces here "
        "(PyYAML: found character '\\t' that cannot start any token)",
        id="tab",
    ),
    pytest.param(
        9,
        "   prompt: {en: x, el: y}",
        "p.yaml:9:4: yaml: indented 3 spaces, which lines up with nothing above; "
        "did you mean 4, like 'id' on line 8? "
        "(PyYAML: expected <block end>, but found '<block mapping start>')",
        id="indented-to-no-level",
    ),
    pytest.param(
        13,
        "     - text: {en: Three, el: Τρία}",
        "p.yaml:13:6: yaml: indented 5 spaces, which lines up with nothing above; "
        "did you mean 6, like the '-' on line 11? "
        "(PyYAML: expected <block end>, but found '<block sequence start>')",
        id="list-item-indented-to-no-level",
    ),
    pytest.param(
        12,
        "      correct: true",
        "p.yaml:12:7: yaml: indented like the '-' on line 11, where only list items go; "
        "indent it 8 spaces like 'text' on line 11 "
        "(PyYAML: expected <block end>, but found '?')",
        id="key-at-a-dash",
    ),
    pytest.param(
        12,
        "    correct: true",
        "p.yaml:12:5: yaml: indented 4 spaces, left of the lines around it, so the next lines "
        "read as part of its value; indent it 8 spaces like 'text' on line 11 "
        "(PyYAML: mapping values are not allowed here at 13:13)",
        id="key-left-of-its-neighbours",
    ),
    pytest.param(
        13,
        "      -text: {en: Three, el: Τρία}",
        "p.yaml:13:8: yaml: a list item needs a space after '-' "
        "(PyYAML: expected <block end>, but found '?' at 13:7)",
        id="dash-without-space",
    ),
    pytest.param(
        9,
        "    prompt: {en: One plus one?, el: Ένα και ένα;}",
        "p.yaml:9:18: yaml: inside {…} a text containing '?' needs quotes: "
        'en: "One plus one?" '
        "(PyYAML: expected ',' or '}', but got '?' at 9:30)",
        id="question-mark-in-braces",
    ),
    pytest.param(
        9,
        "    prompt: {en: 'Ratio: 1', el: Λόγος: 1}",
        "p.yaml:9:34: yaml: inside {…} a text containing ':' needs quotes: "
        'el: "Λόγος: 1" '
        "(PyYAML: expected ',' or '}', but got ':' at 9:39)",
        id="colon-in-braces",
    ),
    pytest.param(
        9,
        "    prompt: {en: Step # one, el: Βήμα}",
        "p.yaml:9:18: yaml: inside {…} a text containing '#' needs quotes: "
        'en: "Step # one" '
        "(PyYAML: expected ',' or '}', but got '<scalar>' at 10:5)",
        id="hash-in-braces-hides-the-rest-of-the-line",
    ),
    pytest.param(
        9,
        "    prompt: {en: see [1], el: x}",
        "p.yaml:9:18: yaml: inside {…} a text containing '[' needs quotes: "
        'en: "see [1]" '
        "(PyYAML: expected ',' or '}', but got '[' at 9:22)",
        id="bracket-in-braces",
    ),
    pytest.param(
        9,
        "    prompt: {en: a } b, el: x}",
        "p.yaml:9:18: yaml: inside {…} a text containing '}' needs quotes: "
        'en: "a } b" '
        "(PyYAML: expected <block end>, but found '<scalar>' at 9:22)",
        id="closing-brace-in-braces",
    ),
    pytest.param(
        9,
        "    prompt: {en: x, el: y",
        "p.yaml:9:13: yaml: this { is not closed on its line; close it with } "
        "(PyYAML: expected ',' or '}', but got ':' at 10:12)",
        id="unclosed-brace",
    ),
    pytest.param(
        5,
        "difficulty: [easy",
        "p.yaml:5:13: yaml: this [ is not closed on its line; close it with ] "
        "(PyYAML: expected ',' or ']', but got ':' at 6:6)",
        id="unclosed-bracket",
    ),
    pytest.param(
        5,
        "difficulty:easy",
        "p.yaml:5:12: yaml: missing space after 'difficulty:'; write 'difficulty: easy' "
        "(PyYAML: could not find expected ':' at 6:1)",
        id="no-space-after-colon",
    ),
    pytest.param(
        9,
        "    prompt:{en: x, el: y}",
        "p.yaml:9:12: yaml: missing space after 'prompt:'; write 'prompt: {en: x, el: y}' "
        "(PyYAML: mapping values are not allowed here at 9:22)",
        id="no-space-after-colon-before-braces",
    ),
    pytest.param(
        5,
        "difficulty easy",
        "p.yaml:5:1: yaml: expected 'key: value' on this line (a ':' and a space after the key) "
        "(PyYAML: could not find expected ':' at 6:1)",
        id="no-colon",
    ),
    pytest.param(
        1,
        "id: sample: one",
        "p.yaml:1:5: yaml: ': ' inside a text starts a mapping; put the text in quotes: "
        'id: "sample: one" '
        "(PyYAML: mapping values are not allowed here at 1:11)",
        id="colon-in-a-plain-value",
    ),
    pytest.param(
        22,
        '    explanation: "Two and two',
        'p.yaml:22:18: yaml: this quoted text is never closed; end it with " '
        "(PyYAML: found unexpected end of stream at 23:1)",
        id="quote-never-closed",
    ),
    pytest.param(
        9,
        '    prompt: {en: "One plus one?, el: x}',
        "p.yaml:9:18: yaml: this quote is not closed on its line, so the text runs on to "
        'line 17; end it with " '
        "(PyYAML: expected ',' or '}', but got '<scalar>' at 17:19)",
        id="quote-closed-lines-below",
    ),
    pytest.param(
        9,
        "    prompt: {en: 'It's one', el: x}",
        "p.yaml:9:21: yaml: this ' ends the '…' text; write an apostrophe inside '…' as '' "
        "or use \"…\" (PyYAML: expected ',' or '}', but got '<scalar>' at 9:22)",
        id="apostrophe-in-single-quotes",
    ),
    pytest.param(
        9,
        '    prompt: {en: "say "hi"", el: x}',
        'p.yaml:9:23: yaml: this " ends the "…" text; write a quote inside "…" as \\" '
        "or use '…' (PyYAML: expected ',' or '}', but got '<scalar>' at 9:24)",
        id="quote-in-double-quotes",
    ),
    pytest.param(
        3,
        'title: "Sample" pack',
        "p.yaml:3:17: yaml: text after the closing quote; put all of the text inside the "
        "quotes (PyYAML: expected <block end>, but found '<scalar>')",
        id="text-after-quotes",
    ),
    pytest.param(
        3,
        "title: {en: '@x', el: @x}",
        "p.yaml:3:23: yaml: a text cannot start with '@' in YAML; put the text in quotes "
        "(PyYAML: found character '@' that cannot start any token)",
        id="reserved-first-character",
    ),
    pytest.param(
        3,
        "title: {en: x, el: - x}",
        "p.yaml:3:20: yaml: a text cannot start with '-' in YAML; put the text in quotes "
        "(PyYAML: expected the node content, but found '-')",
        id="dash-and-space-first",
    ),
    pytest.param(
        1,
        "id: > sample",
        "p.yaml:1:5: yaml: a text cannot start with '>' in YAML; put the text in quotes "
        "(PyYAML: expected a comment or a line break, but found 's' at 1:7)",
        id="block-scalar-indicator-first",
    ),
    pytest.param(
        3,
        "title: {en: x, el: *x}",
        "p.yaml:3:20: yaml: a text cannot start with '*' in YAML; put the text in quotes "
        "(PyYAML: found undefined alias 'x')",
        id="star-reads-as-an-alias",
    ),
    pytest.param(
        9,
        r'    prompt: {en: "C:\path", el: x}',
        'p.yaml:9:21: yaml: inside "…" a backslash starts an escape; write \\\\ for a '
        "backslash, or put the text in '…' instead "
        "(PyYAML: found unknown escape character 'p' at 9:22)",
        id="backslash-in-double-quotes",
    ),
    pytest.param(
        3,
        "title: {en: x, el: \x07}",
        "p.yaml:3:20: yaml: U+0007 (a control character) is not allowed in a YAML file; remove it",
        id="control-character",
    ),
]


@pytest.mark.parametrize(("line_number", "line", "problem"), HINTS)
def test_a_yaml_slip_is_explained_where_it_is(line_number: int, line: str, problem: str) -> None:
    assert problems_of(replace_line(VALID_PACK, line_number, line)) == [problem]


def test_a_missing_space_inside_braces_is_named_at_the_key() -> None:
    assert problems_of(replace_line(VALID_PACK, 3, "title: {en:Sample, el: Δείγμα}")) == [
        "p.yaml:3:8: title.en: is required",
        (
            "p.yaml:3:9: title.en:Sample: unknown key 'en:Sample'; put a space after the ':' "
            "(en: Sample)"
        ),
    ]


def test_a_comma_inside_braces_cuts_the_text() -> None:
    assert problems_of(replace_line(VALID_PACK, 3, "title: {en: One, two, el: Δείγμα}")) == [
        (
            "p.yaml:3:18: title.two: unknown key 'two'; a ',' ends a text inside {…}, "
            "so quote a text with ','"
        )
    ]


@given(
    st.lists(
        st.tuples(
            st.integers(0, len(VALID_PACK) - 1), st.sampled_from(["insert", "delete"]), SLIPS
        ),
        min_size=1,
        max_size=4,
    )
)
def test_every_hint_points_inside_the_text(edits: list[tuple[int, str, str]]) -> None:
    text = VALID_PACK
    for at, edit, character in edits:
        text = text[:at] + character + text[at:] if edit == "insert" else text[:at] + text[at + 1 :]
    try:
        parse_pack(text.encode(), "p.yaml")
    except PackError as error:
        lines = Lines(text).lines
        for problem in error.problems:
            assert 1 <= problem.line <= len(lines)
            assert 1 <= problem.column <= len(lines[problem.line - 1]) + 1
