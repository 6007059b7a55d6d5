"""Components V2 rules Discord enforces beyond its OpenAPI document.

A message with the flag IS_COMPONENTS_V2 is all components: no content, no embeds; at most 40
components counting nested ones; at most 4,000 characters in its text displays together. The
flag, once set, stays: an edit may not clear it. Without the flag, only action rows may be at
the top level.
"""

from __future__ import annotations

from collections.abc import Iterator

from standin.errors import field_error
from standin.model import Json

IS_COMPONENTS_V2 = 1 << 15
MAX_LAYOUT_COMPONENTS = 40
MAX_LAYOUT_TEXT = 4000
ACTION_ROW = 1
SECTION = 9
TEXT_DISPLAY = 10
CONTAINER = 17


def is_layout(flags: object) -> bool:
    return bool(int(flags or 0) & IS_COMPONENTS_V2)  # type: ignore[call-overload]


def check_layout(body: Json, at: list[str | int]) -> None:
    """Raise Discord's 50035 for a body that breaks a Components V2 rule (or, without the
    flag, puts a V2 component at the top level)."""
    components: list[Json] = body.get("components") or []
    if not is_layout(body.get("flags")):
        for index, component in enumerate(components):
            if component.get("type") != ACTION_ROW:
                path = [*at, "components", index, "type"]
                raise field_error(
                    path, "UNION_TYPE_CHOICES", 'Value of field "type" must be one of (1,).'
                )
        return
    for name in ("content", "embeds", "poll", "sticker_ids"):
        if body.get(name):
            raise field_error(
                [*at, name],
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                f"The '{name}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2",
            )
    if sum(1 for _ in walk(components)) > MAX_LAYOUT_COMPONENTS:
        raise field_error(
            [*at, "components"],
            "BASE_TYPE_MAX_LENGTH",
            f"Must be {MAX_LAYOUT_COMPONENTS} or fewer in length.",
        )
    if layout_text_length(components) > MAX_LAYOUT_TEXT:
        raise field_error(
            [*at, "components"],
            "MAX_COMPONENT_TEXT_LENGTH_EXCEEDED",
            f"Text display content exceeds maximum total of {MAX_LAYOUT_TEXT} characters",
        )


def check_edit(current: Json, edit: Json, at: list[str | int] | None = None) -> None:
    """An edit may not clear the flag, and the message it leaves must follow the rules."""
    where = list(at or [])
    if is_layout(current.get("flags")) and "flags" in edit and not is_layout(edit["flags"]):
        raise field_error(
            [*where, "flags"],
            "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG",
            "Cannot remove the IS_COMPONENTS_V2 flag from a message",
        )
    check_layout({**current, **edit}, where)


def walk(components: list[Json]) -> Iterator[Json]:
    """Every component, nested ones too: action rows', containers' and sections' children and
    a section's accessory."""
    for component in components:
        yield component
        yield from walk(component.get("components") or [])
        accessory = component.get("accessory")
        if isinstance(accessory, dict):
            yield accessory


def titles(body: Json) -> list[str]:
    """What a person reads as a message's titles: its embeds' titles, or the heading of its
    layout (the first line of its first text display, without the markdown header marks)."""
    found = [str(e.get("title") or "") for e in body.get("embeds") or [] if isinstance(e, dict)]
    texts = [c for c in walk(body.get("components") or []) if c.get("type") == TEXT_DISPLAY]
    if texts:
        found.append(str(texts[0].get("content") or "").split("\n", 1)[0].lstrip("#").strip())
    return found


def layout_text_length(components: list[Json]) -> int:
    return sum(
        len(component.get("content") or "")
        for component in walk(components)
        if component.get("type") == TEXT_DISPLAY
    )
