"""The tree composed from libyaml's events is the one PyYAML's SafeLoader composes, and PyYAML's
parser reading a sketch of a large text raises the error it raises reading all of it."""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.quiz.reader import yamlcompose
from bot.quiz.reader.yamlcompose import Composition
from bot.quiz.reader.yamlstrict import pyyaml_error
from tests.quiz.reader.pack_texts import VALID_PACK
from tests.quiz.reader.test_loader_properties import structures

TEXTUAL = {f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "timestamp")}
TEXTUAL |= {"tag:yaml.org,2002:merge", "tag:yaml.org,2002:value"}


def described(node: yaml.Node) -> Any:
    """A node as plain data: kind, marks, style and value. Tags that read as text count alike,
    and a block list's flow style is False or None (PyYAML says None for one under a key at the
    key's indentation; the loader only asks whether a mapping is in braces)."""
    marks = [(mark.line, mark.column, mark.index) for mark in (node.start_mark, node.end_mark)]
    tag = "text" if node.tag in TEXTUAL else node.tag
    if isinstance(node, yaml.ScalarNode):
        return ("scalar", tag, node.value, node.style, marks)
    if isinstance(node, yaml.SequenceNode):
        return ("seq", bool(node.flow_style), marks, [described(item) for item in node.value])
    pairs = [(described(key), described(value)) for key, value in node.value]
    return ("map", node.flow_style, marks, pairs)


def composed(text: str) -> yaml.Node:
    root = yamlcompose.compose(text, Composition()).root
    assert root is not None
    return root


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(structures, st.sampled_from([None, True, False]), st.sampled_from([None, "'", '"']))
def test_the_tree_is_the_one_pyyaml_composes(
    structure: Any, flow: bool | None, style: str | None
) -> None:
    text = yaml.safe_dump(
        structure, default_flow_style=flow, default_style=style, allow_unicode=True
    )
    expected = yaml.compose(text, Loader=yaml.SafeLoader)
    assert described(composed(text)) == described(expected)


def test_without_libyaml_pyyaml_s_own_parser_composes_the_same_tree(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fast = described(composed(VALID_PACK))
    monkeypatch.setattr(yamlcompose, "_FastParser", None)
    assert described(composed(VALID_PACK)) == fast


LARGE = VALID_PACK + "".join(
    VALID_PACK.split("questions:\n")[1].replace("id: first", f"id: first{n}") for n in range(150)
)


@pytest.mark.parametrize(
    ("at", "slip"),
    [
        pytest.param(
            "end", "  - id: last\n    prompt: {en: Why? Then., el: x}\n", id="?-in-braces"
        ),
        pytest.param("end", "  - id: last\n   prompt: x\n", id="indentation"),
        pytest.param("middle", "      - text: {en: 'Two' more, el: x}\n", id="text-after-quote"),
        pytest.param("middle", "\t    correct: true\n", id="tab"),
    ],
)
def test_pyyaml_s_error_on_a_sketch_is_its_error_on_the_whole_text(at: str, slip: str) -> None:
    lines = LARGE.splitlines(keepends=True)
    place = len(lines) if at == "end" else len(lines) // 2
    text = "".join([*lines[:place], slip, *lines[place:]])
    with pytest.raises(yaml.MarkedYAMLError) as whole:
        list(yaml.parse(text, Loader=yaml.SafeLoader))
    composition = Composition()
    try:
        yamlcompose.compose(text, composition)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        at_index = mark.index if mark else len(text)
    else:
        at_index = text.index(slip) + slip.index("\t" if "\t" in slip else "?")
    sketched = pyyaml_error(text, composition, at_index)
    assert sketched is not None
    assert worded(sketched) == worded(whole.value)


def worded(error: yaml.MarkedYAMLError) -> tuple[object, ...]:
    """What the loader takes from an error: the words and the marks' places."""
    marks = [
        (mark.line, mark.column) if mark else None
        for mark in (error.context_mark, error.problem_mark)
    ]
    return (error.context, error.problem, *marks)
