"""The stand-in's faster check of component unions says exactly what jsonschema's own says: the
same bodies pass, and a broken one gets the same 50035 error tree."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from standin.discriminated import discriminated_unions
from standin.openapi import OpenApiSpec, error_tree, shared_spec, spec_path

EDIT = ("patch", "/channels/{channel_id}/messages/{message_id}")
V2 = 1 << 15


def _spec() -> OpenApiSpec:
    spec = shared_spec(spec_path())
    if spec is None:
        pytest.skip(f"Discord OpenAPI spec not found at {spec_path()}")
    return spec


def question(label: str = "A", content: str = "The prompt", style: int = 1) -> dict[str, Any]:
    def section(number: int) -> dict[str, Any]:
        button = {"type": 2, "style": style, "label": label, "custom_id": f"qa:1:0:{number}"}
        text = {"type": 10, "content": f"option {number}"}
        return {"type": 9, "components": [text], "accessory": button}

    children = [{"type": 10, "content": content}, {"type": 14}, *map(section, range(4))]
    return {"flags": V2, "components": [{"type": 17, "components": children}]}


def broken(body: dict[str, Any], change: str) -> dict[str, Any]:
    changed = copy.deepcopy(body)
    container = changed["components"][0]["components"]
    if change == "long text":
        container[0]["content"] = "x" * 4001
    elif change == "unknown type":
        container[1]["type"] = 99
    elif change == "type as text":
        container[2]["type"] = "9"
    elif change == "no accessory":
        del container[3]["accessory"]
    return changed


CHANGES = ("long text", "unknown type", "type as text", "no accessory")
BODIES = [
    pytest.param(question(), True, id="valid"),
    pytest.param(question(label="y" * 81), False, id="long label"),
    pytest.param(question(style=9), False, id="no such style"),
    *(pytest.param(broken(question(), change), False, id=change) for change in CHANGES),
]


def test_the_message_component_unions_are_found() -> None:
    _spec()
    document = json.loads(spec_path().read_bytes())
    unions = discriminated_unions(document)
    action_row = document["components"]["schemas"]["ActionRowComponentForMessageRequest"]
    assert set(unions[id(action_row["properties"]["components"]["items"]["oneOf"])]) >= {2, 3}


@pytest.mark.parametrize(("body", "valid"), BODIES)
def test_the_faster_check_agrees_with_jsonschema(body: dict[str, Any], *, valid: bool) -> None:
    spec = _spec()
    fast = spec._validator(*EDIT)  # the validator the stand-in uses
    assert fast is not None
    plain = Draft202012Validator(fast.schema, registry=spec._registry)
    expected = error_tree(plain.iter_errors(body))
    assert (expected == {}) is valid  # each broken body is refused
    assert error_tree(fast.iter_errors(body)) == expected
    assert spec.check("PATCH", EDIT[1], body) == (expected or None)
