"""A layout's media (media gallery items, thumbnails, files) referring to the message's own
attachments by ``attachment://<filename>``.

A message shows an attachment in a component only by naming it so, and the name must be one of
the message's attachments once the request is applied: the stand-in refuses a reference to none
(Discord shows nothing for it), so a bot that forgot to send or keep a file learns at once.
Discord answers with each such media item unfurled: its ``url`` the attachment's CDN address,
with the attachment's id and media type."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from standin.errors import field_error

Json = dict[str, Any]
SCHEME = "attachment://"
THUMBNAIL, MEDIA_GALLERY, FILE = 11, 12, 13


def references(components: list[Json]) -> Iterator[tuple[list[str | int], Json]]:
    """Each unfurled media item in the components (nested ones too), with its path."""
    for index, component in enumerate(components):
        yield from _in(component, ["components", index])


def _in(component: Json, path: list[str | int]) -> Iterator[tuple[list[str | int], Json]]:
    kind = component.get("type")
    if kind == THUMBNAIL and isinstance(component.get("media"), dict):
        yield [*path, "media"], component["media"]
    elif kind == FILE and isinstance(component.get("file"), dict):
        yield [*path, "file"], component["file"]
    elif kind == MEDIA_GALLERY:
        for index, item in enumerate(component.get("items") or []):
            if isinstance(item, dict) and isinstance(item.get("media"), dict):
                yield [*path, "items", index, "media"], item["media"]
    for index, child in enumerate(component.get("components") or []):
        if isinstance(child, dict):
            yield from _in(child, [*path, "components", index])
    accessory = component.get("accessory")
    if isinstance(accessory, dict):
        yield from _in(accessory, [*path, "accessory"])


def check_references(components: list[Json], attachments: list[Json], at: list[str | int]) -> None:
    """Refuses (50035) a media item naming ``attachment://x`` when no attachment is ``x``."""
    names = {str(attachment.get("filename")) for attachment in attachments}
    for path, media in references(components):
        url = str(media.get("url") or "")
        if url.startswith(SCHEME) and url.removeprefix(SCHEME) not in names:
            raise field_error(
                [*at, *path, "url"],
                "UNFURLED_MEDIA_ITEM_UNKNOWN_ATTACHMENT",
                f"{url} names no attachment of this message",
            )


def unfurled(components: list[Json], attachments: list[Json]) -> list[Json]:
    """The components as Discord returns them: each ``attachment://`` media item unfurled."""
    by_name = {str(attachment.get("filename")): attachment for attachment in attachments}
    if not by_name:
        return components
    return [_unfurled(component, by_name) for component in components]


def _unfurled(value: Any, by_name: dict[str, Json]) -> Any:  # noqa: ANN401  # any JSON value
    if isinstance(value, list):
        return [_unfurled(item, by_name) for item in value]
    if not isinstance(value, dict):
        return value
    url = value.get("url")
    if isinstance(url, str) and url.startswith(SCHEME) and url.removeprefix(SCHEME) in by_name:
        attachment = by_name[url.removeprefix(SCHEME)]
        return {
            **value,
            "url": attachment["url"],
            "proxy_url": attachment["proxy_url"],
            "content_type": attachment.get("content_type"),
            "attachment_id": attachment["id"],
        }
    return {key: _unfurled(item, by_name) for key, item in value.items()}
