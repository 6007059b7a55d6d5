"""Whatever it is fed, the loader returns a pack or raises PackError, never anything else."""

from __future__ import annotations

from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.quiz.model import Pack
from bot.quiz.reader.loader import parse_pack
from bot.quiz.reader.problems import PackError
from tests.quiz.reader.pack_texts import VALID_PACK

KEYS = [
    "id", "locales", "title", "summary", "difficulty", "guide", "questions", "prompt",
    "options", "text", "correct", "why", "explanation", "url", "en", "el",
]  # fmt: skip

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False),
    st.text(max_size=30),
    st.sampled_from(["en", "el", "hard", "easy", "x", "a-b", "true", ""]),
)
structures = st.recursive(
    scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=6),
        st.dictionaries(
            st.one_of(st.sampled_from(KEYS), st.text(max_size=8)), children, max_size=8
        ),
    ),
    max_leaves=60,
)


def load_outcome(data: bytes) -> Pack | PackError:
    try:
        return parse_pack(data, "p.yaml")
    except PackError as error:
        caught = error
    assert caught.problems, "a PackError always names at least one problem"
    for problem in caught.problems:
        assert problem.line >= 1
        assert problem.column >= 1
        assert str(problem).startswith(f"p.yaml:{problem.line}:{problem.column}: ")
    return caught


@given(st.binary(max_size=2000))
def test_arbitrary_bytes(data: bytes) -> None:
    assert isinstance(load_outcome(data), Pack | PackError)


@given(st.text(alphabet=st.sampled_from(list("{}[]:,-?!&*|>'\"#%@` \n\tabxyεδ0")), max_size=400))
def test_arbitrary_yaml_like_text(text: str) -> None:
    assert isinstance(load_outcome(text.encode()), Pack | PackError)


@given(structures)
def test_arbitrary_structures(structure: Any) -> None:
    assert isinstance(load_outcome(yaml.safe_dump(structure).encode()), Pack | PackError)


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_valid_pack_with_one_subtree_replaced(data: st.DataObject) -> None:
    pack = yaml.safe_load(VALID_PACK)
    target, key = _random_slot(pack, data)
    target[key] = data.draw(structures)
    assert isinstance(
        load_outcome(yaml.safe_dump(pack, allow_unicode=True).encode()), Pack | PackError
    )


def _random_slot(tree: Any, data: st.DataObject) -> tuple[Any, Any]:
    """A container and a key in it, chosen by walking down from the root."""
    container, key = tree, data.draw(st.sampled_from(sorted(tree)))
    while isinstance(container[key], dict | list) and container[key] and data.draw(st.booleans()):
        container = container[key]
        keys = sorted(container) if isinstance(container, dict) else range(len(container))
        key = data.draw(st.sampled_from(list(keys)))
    return container, key
