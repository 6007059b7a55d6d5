"""Message rules Discord enforces beyond what its OpenAPI document can express."""

from __future__ import annotations

from collections.abc import Iterator

from standin.errors import field_error
from standin.layouts import check_layout, is_layout, walk
from standin.mentions import check_allowed_mentions
from standin.model import Json

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_ROWS = 5
MAX_ROW_ITEMS = 5
ACTION_ROW = 1
BUTTON = 2


def check_message(body: Json, prefix: list[str | int] | None = None) -> None:
    """Raise Discord's 50035 for a message body that breaks a rule; `prefix` locates it."""
    at = list(prefix or [])
    content = body.get("content") or ""
    if len(content) > MAX_CONTENT:
        raise field_error(
            [*at, "content"], "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_CONTENT} or fewer in length."
        )
    _check_embeds(body.get("embeds") or [], at)
    check_layout(body, at)
    check_allowed_mentions(body, at)
    _check_components(body.get("components") or [], at, layout=is_layout(body.get("flags")))


def _check_embeds(embeds: list[Json], at: list[str | int]) -> None:
    if len(embeds) > MAX_EMBEDS:
        raise field_error(
            [*at, "embeds"], "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_EMBEDS} or fewer in length."
        )
    if sum(embed_length(e) for e in embeds) > MAX_EMBED_TOTAL:
        raise field_error(
            [*at, "embeds"],
            "MAX_EMBED_SIZE_EXCEEDED",
            f"Embed size exceeds maximum size of {MAX_EMBED_TOTAL}",
        )


def embed_length(embed: Json) -> int:
    """Characters Discord counts: title, description, field names and values, footer, author."""
    fields = embed.get("fields") or []
    parts = [
        embed.get("title"),
        embed.get("description"),
        (embed.get("footer") or {}).get("text"),
        (embed.get("author") or {}).get("name"),
        *(f.get("name") for f in fields),
        *(f.get("value") for f in fields),
    ]
    return sum(len(p) for p in parts if isinstance(p, str))


def _check_components(rows: list[Json], at: list[str | int], *, layout: bool) -> None:
    if len(rows) > MAX_ROWS and not layout:  # a layout's limit is its component count
        raise field_error(
            [*at, "components"], "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_ROWS} or fewer in length."
        )
    seen: set[str] = set()
    for row_index, row in enumerate(rows):
        items = row.get("components") or []
        if row.get("type") == ACTION_ROW and len(items) > MAX_ROW_ITEMS:
            raise field_error(
                [*at, "components", row_index, "components"],
                "BASE_TYPE_MAX_LENGTH",
                f"Must be {MAX_ROW_ITEMS} or fewer in length.",
            )
        for item_path, custom_id in _custom_ids(row):
            if custom_id in seen:
                path = [*at, "components", row_index, *item_path, "custom_id"]
                raise field_error(
                    path,
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                    "Component custom id cannot be duplicated",
                )
            seen.add(custom_id)


def _custom_ids(component: Json) -> Iterator[tuple[list[str | int], str]]:
    """The custom_ids within a component, each with its path below it (nested in layouts)."""
    custom_id = component.get("custom_id")
    if isinstance(custom_id, str):
        yield [], custom_id
    for index, child in enumerate(component.get("components") or []):
        for path, found in _custom_ids(child):
            yield ["components", index, *path], found
    accessory = component.get("accessory")
    if isinstance(accessory, dict):
        for path, found in _custom_ids(accessory):
            yield ["accessory", *path], found


def buttons(message_body: Json) -> Iterator[Json]:
    """Every button, also those in a layout's containers and sections."""
    for item in walk(message_body.get("components") or []):
        if item.get("type") == BUTTON:
            yield item
