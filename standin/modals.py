"""Modals: the rules Discord holds a MODAL response to beyond its OpenAPI document, and what a
Discord client lets a member submit back as a MODAL_SUBMIT interaction.

A modal has 1 to 5 top-level components (the spec allows 40; Discord's docs and clients, 5):
labels, text displays, and (deprecated) action rows each holding one text input. Its interactive
components' custom_ids and all components' ids are unique. A select may not be disabled there,
and asks at least one value while it is required; so does a file upload. A client fills each
component from its prefilled value or default, and refuses to submit until every required one
is answered within its bounds; the submission names each component by id and custom_id, in the
modal's order, with uploaded files in ``resolved.attachments``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TypeVar

from standin.errors import RefusedError, field_error
from standin.model import Json

ACTION_ROW, STRING_SELECT, TEXT_INPUT, TEXT_DISPLAY = 1, 3, 4, 10
USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT = 5, 6, 7, 8
LABEL, FILE_UPLOAD, RADIO_GROUP, CHECKBOX_GROUP, CHECKBOX = 18, 19, 21, 22, 23
MAX_COMPONENTS = 5
ENTITY_SELECTS = (USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT)
Path = list[str | int]
Value = str | bool | list[str] | None
T = TypeVar("T")


@dataclass(slots=True)
class OpenModal:
    """A modal a member has open: the interaction it answered, and where."""

    interaction_id: int
    user_id: int
    channel_id: int
    message_id: int | None  # the message whose component opened it: a submit may update it
    data: Json  # custom_id, title, components, ids filled in as Discord fills them

    def view(self) -> Json:
        """As the page shows it."""
        message = None if self.message_id is None else str(self.message_id)
        return {"interaction_id": str(self.interaction_id), "message_id": message, **self.data}


def check_modal(data: Json, at: Path) -> None:
    """Raise Discord's 50035 for a modal the spec accepts and Discord does not."""
    components: list[Json] = data.get("components") or []
    if len(components) > MAX_COMPONENTS:
        raise field_error(
            [*at, "components"],
            "BASE_TYPE_MAX_LENGTH",
            f"Must be {MAX_COMPONENTS} or fewer in length.",
        )
    custom_ids: set[str] = set()
    ids: set[int] = set()
    for path, component in _walk(components, [*at, "components"]):
        _check_unique(component, path, custom_ids, ids)
        _check_component(component, path)


def _walk(components: list[Json], at: Path) -> Iterator[tuple[Path, Json]]:
    for index, component in enumerate(components):
        yield [*at, index], component
        if component.get("type") == ACTION_ROW:
            row: list[Json] = component.get("components") or []
            if len(row) != 1:
                path = [*at, index, "components"]
                raise field_error(path, "BASE_TYPE_MAX_LENGTH", "Must be 1 or fewer in length.")
            yield from _walk(row, [*at, index, "components"])
        child = component.get("component")
        if component.get("type") == LABEL and isinstance(child, dict):
            yield [*at, index, "component"], child


def _check_unique(component: Json, at: Path, custom_ids: set[str], ids: set[int]) -> None:
    custom_id = component.get("custom_id")
    if isinstance(custom_id, str):
        if custom_id in custom_ids:
            raise field_error(
                [*at, "custom_id"],
                "COMPONENT_CUSTOM_ID_DUPLICATED",
                "Component custom id cannot be duplicated",
            )
        custom_ids.add(custom_id)
    number = component.get("id")
    if isinstance(number, int) and number:  # 0 is "none": Discord fills it in
        if number in ids:
            raise field_error([*at, "id"], "COMPONENT_ID_DUPLICATED", "Component id is duplicated")
        ids.add(number)


def _check_component(component: Json, at: Path) -> None:
    kind = component.get("type")
    required = component.get("required") is not False
    if kind == TEXT_INPUT:
        low, high = component.get("min_length"), component.get("max_length")
        if isinstance(low, int) and isinstance(high, int) and low > high:
            raise _invalid([*at, "min_length"], "min_length may not exceed max_length")
    if kind in (STRING_SELECT, *ENTITY_SELECTS, FILE_UPLOAD, CHECKBOX_GROUP):
        _check_counts(component, at, required=required)
    if kind in (STRING_SELECT, *ENTITY_SELECTS) and component.get("disabled"):
        raise _invalid([*at, "disabled"], "A modal's components cannot be disabled")
    if kind in (STRING_SELECT, RADIO_GROUP, CHECKBOX_GROUP):
        defaults = sum(1 for o in component.get("options") or [] if o.get("default"))
        most = 1 if kind == RADIO_GROUP else _max_values(component)
        if defaults > most:
            raise _invalid([*at, "options"], f"At most {most} options may be default")


def _check_counts(component: Json, at: Path, *, required: bool) -> None:
    low, high = component.get("min_values"), _max_values(component)
    if isinstance(low, int) and low > high:
        raise _invalid([*at, "min_values"], "min_values may not exceed max_values")
    if required and low == 0:
        raise _invalid([*at, "min_values"], "min_values must be at least 1 while required")
    options = component.get("options")
    is_select = component.get("type") == STRING_SELECT
    if is_select and isinstance(options, list) and high > len(options):
        raise _invalid([*at, "max_values"], "max_values may not exceed the options")


def _max_values(component: Json) -> int:
    high = component.get("max_values")
    if isinstance(high, int):
        return high
    options = component.get("options") or []
    return len(options) if component.get("type") == CHECKBOX_GROUP else 1


def _invalid(path: Path, message: str) -> Exception:
    return field_error(path, "BASE_TYPE_INVALID", message)


def with_ids(data: Json) -> Json:
    """The modal with every component numbered, as Discord numbers those sent without an id:
    in order, skipping the ids the bot chose itself."""
    taken = {c["id"] for _, c in _walk(data.get("components") or [], []) if c.get("id")}
    counter = iter(n for n in range(1, 1 << 31) if n not in taken)
    for _, component in _walk(data.get("components") or [], []):
        if not component.get("id"):
            component["id"] = next(counter)
    return data


@dataclass(slots=True)
class Submission:
    """What a client sends for a modal: ``components`` and the ``resolved`` files."""

    components: list[Json] = field(default_factory=list)
    attachments: dict[str, Json] = field(default_factory=dict)


def submission(modal: Json, values: dict[str, Value], files: dict[str, list[Json]]) -> Submission:
    """The modal's submission with ``values`` by custom_id (the rest as prefilled) and
    ``files`` (attachment objects by file upload's custom_id); refuses what a client would not
    let a member send."""
    known = {c.get("custom_id") for _, c in _walk(modal.get("components") or [], [])}
    strays = sorted(str(k) for k in [*values, *files] if k not in known)
    if strays:
        raise RefusedError(f"the modal has no component {', '.join(strays)}", 400)
    result = Submission()
    for component in modal.get("components") or []:
        result.components.append(_answered(component, values, files, result))
    return result


def _answered(
    component: Json, values: dict[str, Value], files: dict[str, list[Json]], result: Submission
) -> Json:
    kind = component["type"]
    if kind == ACTION_ROW:
        row = [_answered(child, values, files, result) for child in component["components"]]
        return {"type": ACTION_ROW, "id": component["id"], "components": row}
    if kind == LABEL:
        child = _answered(component["component"], values, files, result)
        return {"type": LABEL, "id": component["id"], "component": child}
    if kind == TEXT_DISPLAY:
        return {"type": TEXT_DISPLAY, "id": component["id"]}
    answer = {"type": kind, "id": component["id"], "custom_id": component["custom_id"]}
    name = str(component["custom_id"])
    if kind == FILE_UPLOAD:
        uploaded = files.get(name, [])
        _check_count(component, name, len(uploaded))
        _check_file_types(component, name, uploaded)
        result.attachments |= {a["id"]: a for a in uploaded}
        return answer | {"values": [a["id"] for a in uploaded]}
    return answer | _value(component, name, values.get(name, _prefilled(component)))


def _prefilled(component: Json) -> Value:
    kind = component["type"]
    defaults = [o["value"] for o in component.get("options") or [] if o.get("default")]
    if kind == TEXT_INPUT:
        return str(component.get("value") or "")
    if kind == RADIO_GROUP:
        return defaults[0] if defaults else None
    if kind == CHECKBOX:
        return bool(component.get("default"))
    return defaults


def _value(component: Json, name: str, value: Value) -> Json:
    kind = component["type"]
    required = component.get("required") is not False
    if kind == TEXT_INPUT:
        text = _typed(value, str, name)
        _check_text(component, name, text, required=required)
        return {"value": text}
    if kind == RADIO_GROUP:
        choice = None if value is None else _typed(value, str, name)
        if choice is None and required:
            raise RefusedError(f"{name} is required: pick one of its options", 400)
        if choice is not None:
            _check_options(component, name, [choice])
        return {"value": choice}
    if kind == CHECKBOX:
        return {"value": _typed(value, bool, name)}
    if kind in ENTITY_SELECTS:
        raise RefusedError(f"{name}: the stand-in does not submit user, role or channel selects")
    chosen = _typed(value, list, name)
    _check_count(component, name, len(chosen))
    _check_options(component, name, chosen)
    return {"values": [str(v) for v in chosen]}


def _typed(value: object, kind: type[T], name: str) -> T:
    if not isinstance(value, kind):
        raise RefusedError(f"{name} takes a {kind.__name__}, not {value!r:.40}", 400)
    return value


def _check_text(component: Json, name: str, text: str, *, required: bool) -> None:
    if not text:
        if required:
            raise RefusedError(f"{name} is required", 400)
        return
    low = int(component.get("min_length") or 0)
    high = int(component.get("max_length") or 4000)
    if not low <= len(text) <= high:
        raise RefusedError(f"{name} takes {low} to {high} characters, not {len(text)}", 400)


def _check_count(component: Json, name: str, count: int) -> None:
    required = component.get("required") is not False
    low = component.get("min_values")
    low = (1 if required else 0) if low is None else int(low)
    if not required and count == 0:
        return
    high = _max_values(component)
    if not low <= count <= high:
        raise RefusedError(f"{name} takes {low} to {high}, not {count}", 400)


def _check_options(component: Json, name: str, chosen: list[str]) -> None:
    offered = {o["value"] for o in component.get("options") or []}
    unknown = [v for v in chosen if v not in offered]
    if unknown or len(set(chosen)) != len(chosen):
        raise RefusedError(f"{name} has no such options as {unknown or chosen}", 400)


def _check_file_types(component: Json, name: str, uploaded: list[Json]) -> None:
    kinds: list[str] = component.get("file_types") or []
    if not kinds:
        return
    families = {k for k in kinds if not k.startswith(".")}
    endings = tuple(k.lower() for k in kinds if k.startswith("."))
    for attachment in uploaded:
        family = str(attachment.get("content_type") or "").partition("/")[0]
        if family not in families and not attachment["filename"].lower().endswith(endings):
            raise RefusedError(f"{name} takes {', '.join(kinds)} only", 400)
