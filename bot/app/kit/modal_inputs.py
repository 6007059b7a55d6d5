"""The components of a modal submission that hold what a member entered, read as hostile
input: only labels' components and (older) action rows' are looked into, and only as many as
a modal can hold."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

LABEL, ACTION_ROW = 18, 1
MOST_READ = 10  # a modal has at most 5 top-level components


def modal_inputs(components: object) -> Iterator[Mapping[str, Any]]:
    """The components holding values: inside labels and (older) action rows."""
    if not isinstance(components, list):
        return
    for component in components[:MOST_READ]:
        if not isinstance(component, dict):
            continue
        if component.get("type") == LABEL and isinstance(component.get("component"), dict):
            yield component["component"]
        elif component.get("type") == ACTION_ROW:
            yield from modal_inputs(component.get("components"))
        else:
            yield component


def submitted(data: Mapping[str, Any], custom_id: str) -> Mapping[str, Any] | None:
    """The submitted component named ``custom_id``, if the submission holds one."""
    found = (c for c in modal_inputs(data.get("components")) if c.get("custom_id") == custom_id)
    return next(found, None)
