"""What a moderator typed into a step's modal, read from the submission Discord sends.

A submission is read as hostile input: only the step's own fields are taken, each a text no
longer than its input allows, the right option one of the radio group's values (the right
options, all that apply, the checkbox group's values, kept as ``0,2``), a typed answer's match one
of its radio group's, the picture
the one attachment its file upload names (its size as Discord gives it, and where to fetch it);
anything else in it is ignored, and a field it leaves out counts as empty."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.app.authoring.modals import field_limit
from bot.app.kit.modal_inputs import modal_inputs, submitted
from bot.quiz.authoring.question_form import CORRECT, IMAGE
from bot.quiz.authoring.recall_fields import MATCH
from bot.quiz.model import Match
from bot.quiz.reader.loader import MAX_OPTIONS

_CHOICES = frozenset(str(index) for index in range(MAX_OPTIONS))
_MATCHES = frozenset(match.value for match in Match)


def submitted_values(data: Mapping[str, Any], fields: tuple[str, ...]) -> dict[str, str]:
    """The step's ``fields`` as submitted, each "" when missing or malformed."""
    found = dict.fromkeys(fields, "")
    for component in modal_inputs(data.get("components")):
        name = component.get("custom_id")
        if not isinstance(name, str) or name not in found:
            continue
        value = component.get("value")
        if name == CORRECT:
            found[name] = _chosen(value, component.get("values"))
        elif not isinstance(value, str):
            continue
        elif name == MATCH:
            found[name] = value if value in _MATCHES else ""
        else:
            found[name] = value[: field_limit(name)]
    return found


def _chosen(value: object, values: object) -> str:
    """The right option a radio group sent, or the ones a checkbox group did (``0,2``)."""
    if isinstance(value, str):
        return value if value in _CHOICES else ""
    if not isinstance(values, list) or len(values) > MAX_OPTIONS:
        return ""
    if not all(isinstance(v, str) and v in _CHOICES for v in values):
        return ""
    return ",".join(str(index) for index in sorted({int(v) for v in values}))


@dataclass(frozen=True, slots=True)
class Attached:
    """The file a modal's file upload sent: its size in bytes and its CDN url."""

    size: int
    url: str


def attached_picture(data: Mapping[str, Any]) -> Attached | None:
    """The file the picture's upload sent, if it sent one the submission resolves."""
    named = submitted(data, IMAGE)
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
