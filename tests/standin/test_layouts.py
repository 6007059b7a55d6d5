"""The stand-in's Components V2 rules, without a bot: Discord's 50035 for each broken rule."""

from __future__ import annotations

from typing import Any

import pytest

from standin.errors import DiscordError
from standin.layouts import IS_COMPONENTS_V2, check_edit
from standin.rules import buttons, check_message

V2 = IS_COMPONENTS_V2


def text(content: str) -> dict[str, Any]:
    return {"type": 10, "content": content}


def section(number: int) -> dict[str, Any]:
    button = {"type": 2, "style": 1, "label": "A", "custom_id": f"b{number}"}
    return {"type": 9, "components": [text(f"option {number}")], "accessory": button}


def container(*children: dict[str, Any]) -> dict[str, Any]:
    return {"type": 17, "components": list(children)}


def test_a_layout_within_the_limits_passes_and_its_nested_buttons_are_found() -> None:
    body = {"flags": V2, "components": [container(*map(section, range(13)))]}  # 40 components
    check_message(body)
    assert [b["custom_id"] for b in buttons(body)] == [f"b{n}" for n in range(13)]


@pytest.mark.parametrize(
    ("body", "field", "code"),
    [
        ({"flags": V2, "content": "hi", "components": [text("hi")]}, "content", "LEGACY"),
        ({"flags": V2, "embeds": [{"title": "t"}], "components": [text("hi")]}, "embeds", "LEGACY"),
        (
            {"flags": V2, "components": [container(*map(section, range(14)))]},
            "components",
            "BASE_TYPE_MAX_LENGTH",
        ),
        (
            {"flags": V2, "components": [text("x" * 2000), text("y" * 2001)]},
            "components",
            "MAX_COMPONENT_TEXT_LENGTH_EXCEEDED",
        ),
        ({"components": [text("no flag")]}, "components", "UNION_TYPE_CHOICES"),
        (
            {"flags": V2, "components": [container(section(1), section(1))]},
            "components",
            "COMPONENT_CUSTOM_ID_DUPLICATED",
        ),
    ],
)
def test_a_broken_layout_gets_50035_naming_its_field(
    body: dict[str, Any], field: str, code: str
) -> None:
    with pytest.raises(DiscordError) as raised:
        check_message(body)
    assert raised.value.code == 50035
    assert field in (raised.value.errors or {})
    assert code in str(raised.value.errors)


def test_an_edit_never_removes_the_flag_but_may_keep_it_unsaid() -> None:
    current = {"flags": V2, "components": [text("question")]}
    with pytest.raises(DiscordError) as raised:
        check_edit(current, {"flags": 0, "content": "back to text"})
    assert "flags" in (raised.value.errors or {})
    check_edit(current, {"components": [text("reveal")]})  # flags left out: the flag stays
    with pytest.raises(DiscordError):
        check_edit(current, {"content": "beside a layout"})
