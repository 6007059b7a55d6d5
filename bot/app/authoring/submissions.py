"""What a moderator typed into a step's modal, read from the submission Discord sends.

A submission is read as hostile input: only the step's own fields are taken, each a text no
longer than its input allows, the right option one of the radio group's values, the picture
the one attachment its file upload names (its size as Discord gives it, and where to fetch it);
anything else in it is ignored, and a field it leaves out counts as empty."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from bot.app.authoring.modals import field_limit
from bot.quiz.authoring.question_form import CORRECT, IMAGE
from bot.quiz.reader.loader import MAX_OPTIONS

LABEL, ACTION_ROW = 18, 1
_CHOICES = frozenset(str(index) for index in range(MAX_OPTIONS))


def submitted_values(data: Mapping[str, Any], fields: tuple[str, ...]) -> dict[str, str]:
    """The step's ``fields`` as submitted, each "" when missing or malformed."""
    found = dict.fromkeys(fields, "")
    for component in _inputs(data.get("components")):
        name = component.get("custom_id")
        if not isinstance(name, str) or name not in found:
            continue
        value = component.get("value")
        if not isinstance(value, str):
            continue
        if name == CORRECT:
            found[name] = value if value in _CHOICES else ""
        else:
            found[name] = value[: field_limit(name)]
    return found


@dataclass(frozen=True, slots=True)
class Attached:
    """The file a modal's file upload sent: its size in bytes and its CDN url."""

    size: int
    url: str


def attached_picture(data: Mapping[str, Any]) -> Attached | None:
    """The file the picture's upload sent, if it sent one the submission resolves."""
    named = next((c for c in _inputs(data.get("components")) if c.get("custom_id") == IMAGE), None)
    ids = named.get("values") if named is not None else None
    if not isinstance(ids, list) or not ids or not isinstance(ids[0], str):
        return None
    resolved = data.get("resolved")
    files = resolved.get("attachments") if isinstance(resolved, dict) else None
    found = files.get(ids[0]) if isinstance(files, dict) else None
    if not isinstance(found, dict):
        return None
    size, url = found.get("size"), found.get("url")
    if not isinstance(size, int) or not isinstance(url, str):
        return None
    return Attached(size, url)


def _inputs(components: object) -> Iterator[Mapping[str, Any]]:
    """The components holding values: inside labels and (older) action rows."""
    if not isinstance(components, list):
        return
    for component in components[: MAX_OPTIONS * 2]:  # a modal has at most 5
        if not isinstance(component, dict):
            continue
        if component.get("type") == LABEL and isinstance(component.get("component"), dict):
            yield component["component"]
        elif component.get("type") == ACTION_ROW:
            yield from _inputs(component.get("components"))
        else:
            yield component
