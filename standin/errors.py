"""Errors in Discord's JSON shape, and refusals of the control API."""

from __future__ import annotations

from typing import Any

import orjson
from aiohttp import web

JSON_TYPE = "application/json"  # exactly: discord.py does not parse a charset suffix


def json_response(
    body: object, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    # Set as a raw header: aiohttp's content_type= would append "; charset=utf-8".
    return web.Response(
        body=orjson.dumps(body),  # several times faster than json: the stand-in's hot path
        status=status,
        headers={**(headers or {}), "Content-Type": JSON_TYPE},
    )


class DiscordError(Exception):
    """An error reply as Discord sends it: HTTP status, JSON error code, message, field errors."""

    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, Any] | None = None
    ) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors is not None:
            body["errors"] = self.errors
        return body


def invalid_form_body(errors: dict[str, Any]) -> DiscordError:
    return DiscordError(400, 50035, "Invalid Form Body", errors)


def field_error(path: list[str | int], code: str, message: str) -> DiscordError:
    """A 50035 naming one field, e.g. path ["components", 0, "components", 1, "custom_id"]."""
    tree: dict[str, Any] = {}
    node = tree
    for part in path:
        node = node.setdefault(str(part), {})
    node["_errors"] = [{"code": code, "message": message}]
    return invalid_form_body(tree)


def unknown(kind: str, code: int) -> DiscordError:
    return DiscordError(404, code, f"Unknown {kind}")


UNKNOWN_CHANNEL = 10003
UNKNOWN_GUILD = 10004
UNKNOWN_MESSAGE = 10008
UNKNOWN_MEMBER = 10007
UNKNOWN_ROLE = 10011
UNKNOWN_USER = 10013
UNKNOWN_WEBHOOK = 10015
UNKNOWN_INTERACTION = 10062
ALREADY_ACKNOWLEDGED = 40060
CANNOT_EDIT_OTHERS = 50005
CANNOT_MESSAGE_USER = 50007
MISSING_PERMISSIONS = 50013
INVALID_WEBHOOK_TOKEN = 50027


def cannot_message_user() -> DiscordError:
    """A DM the user does not take: DMs closed, or no server shared with the bot."""
    return DiscordError(403, CANNOT_MESSAGE_USER, "Cannot send messages to this user")


def missing_permissions() -> DiscordError:
    return DiscordError(403, MISSING_PERMISSIONS, "Missing Permissions")


class RefusedError(Exception):
    """The control API refuses an action a real Discord client could not perform."""

    def __init__(self, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
