"""Reading Discord message payloads in tests: the text and buttons of a Components V2 layout,
nested in containers and sections, as well as an embed's title."""

from __future__ import annotations

from typing import Any

from bot.app.kit.limits import length
from standin.layouts import titles, walk

Json = dict[str, Any]
BUTTON, TEXT_DISPLAY, CONTAINER = 2, 10, 17  # Discord's component types
__all__ = [
    "BUTTON",
    "CONTAINER",
    "TEXT_DISPLAY",
    "accent_of",
    "components_in",
    "heading_of",
    "layout_text",
    "text_units",
    "texts_of",
]


def components_in(message: Json) -> list[Json]:
    """Every component of a message, nested ones too (rows, containers, sections), in order."""
    return list(walk(message.get("components") or []))


def texts_of(message: Json) -> list[str]:
    """The contents of a Components V2 message's text displays, in order."""
    return [c["content"] for c in components_in(message) if c.get("type") == TEXT_DISPLAY]


def layout_text(message: Json) -> str:
    """The text of a Components V2 message: its text displays, one per line, in order."""
    return "\n".join(texts_of(message))


def text_units(message: Json) -> int:
    """What Discord counts towards a layout's text total (UTF-16 units: never fewer)."""
    return sum(
        length(c["content"]) for c in components_in(message) if c.get("type") == TEXT_DISPLAY
    )


def accent_of(message: Json) -> int | None:
    """The accent colour of a layout's (first) container."""
    containers = [c for c in components_in(message) if c.get("type") == CONTAINER]
    return containers[0].get("accent_color") if containers else None


def heading_of(message: Json) -> str:
    """An embed's title, or a layout's heading (its first text display's first line)."""
    found = titles(message)
    return found[0] if found else ""
