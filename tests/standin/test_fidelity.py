"""Discord's documented rules, one row each: the doc section, a request of the bot's that breaks
the rule (refused with Discord's status and code), and one that keeps it (accepted).

The rows are the stand-in's strictness in one place; docs/standin.md lists what it models and
what it does not (tests/standin/fidelity.py builds the place the requests are sent in).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import aiohttp
import pytest

from standin.driver import StandInClient
from standin.model import Json
from tests.standin.fidelity import Build, Place, Request, Rule, field_codes, place_in

PICTURE = {"q.png": b"\x89PNG\r\n\x1a\n not really a picture"}
EMBED = {"title": "Standings", "description": "1. member-1-1"}


def _post(channel: str, body: Json, files: dict[str, bytes] | None = None) -> Build:
    async def build(place: Place) -> Request:
        return Request("POST", f"/channels/{place.channels[channel]}/messages", body, files or {})

    return build


def _edit(channel: str, files: dict[str, bytes] | None = None) -> Build:
    """An edit of a text message the bot posted in ``channel``, with ``files`` uploaded."""

    async def build(place: Place) -> Request:
        posted = await place.post(channel, {"content": "text"})
        path = f"/channels/{posted['channel_id']}/messages/{posted['id']}"
        return Request("PATCH", path, {"content": "edited"}, files or {})

    return build


def _read(channel: str) -> Build:
    async def build(place: Place) -> Request:
        posted = await place.post(channel, {"content": "read me"})
        return Request("GET", f"/channels/{posted['channel_id']}/messages/{posted['id']}")

    return build


def _commands(*commands: Json) -> Build:
    """A bulk overwrite of the global commands."""

    async def build(place: Place) -> Request:
        return Request("PUT", f"/applications/{place.application_id}/commands", list(commands))

    return build


def _command(name: str = "quiz", **fields: object) -> Json:
    return {"name": name, "type": 1, "description": "Quiz rounds", **fields}


def _text(name: str, **fields: object) -> Json:
    return {"type": 3, "name": name, "description": f"The {name}", **fields}


def _sub(name: str, *options: Json) -> Json:
    return {"type": 1, "name": name, "description": f"{name} it", "options": list(options)}


def _choices(count: int, width: int) -> list[Json]:
    return [{"name": f"{n:0{width}d}", "value": f"{n:0{width}d}"} for n in range(count)]


# 25 options of 4 choices, each name and value 100 characters: far over 8000; 40 wide: under.
HEAVY = [_text(f"o{n}", choices=_choices(4, 100)) for n in range(25)]
LIGHT = [_text(f"o{n}", choices=_choices(4, 20)) for n in range(25)]


ROWS = [
    Rule(
        "a file needs Attach Files",
        "topics/permissions (ATTACH_FILES); resources/message, Create Message",
        _post("files", {"content": "picture"}, PICTURE),
        _post("general", {"content": "picture"}, PICTURE),
        403,
        50013,
    ),
    Rule(
        "a new file on an edit needs Attach Files",
        "topics/permissions (ATTACH_FILES); resources/message, Edit Message",
        _edit("files", PICTURE),
        _edit("files"),
        403,
        50013,
    ),
    Rule(
        "an embed needs Embed Links",
        "topics/permissions (EMBED_LINKS); discord-api-docs issue 2601",
        _post("embeds", {"embeds": [EMBED]}),
        _post("embeds", {"content": "1. member-1-1"}),
        403,
        50013,
    ),
    Rule(
        "a channel message sets no EPHEMERAL flag, an interaction's own",
        "resources/message, Create Message (flags); Message Flags",
        _post("general", {"content": "only you", "flags": 1 << 6}),
        _post("general", {"content": "quietly", "flags": 1 << 12}),  # SUPPRESS_NOTIFICATIONS
        400,
        50035,
        "BASE_TYPE_INVALID",
    ),
    Rule(
        "reading a message needs Read Message History",
        "resources/message, Get Channel Message",
        _read("history"),
        _read("general"),
        403,
        50013,
    ),
    Rule(
        "a command is at most 8000 characters, its longest localisations counted",
        "interactions/application-commands, Slash Commands (the size warning)",
        _commands(_command(options=HEAVY)),
        _commands(_command(options=LIGHT)),
        400,
        50035,
        "APPLICATION_COMMAND_TOO_LARGE",
    ),
    Rule(
        "at most 100 global slash commands",
        "interactions/application-commands, Registering a Command",
        _commands(*(_command(f"c{n}") for n in range(101))),
        _commands(*(_command(f"c{n}") for n in range(100))),
        400,
        30032,
    ),
    Rule(
        "a slash command's name is lowercase",
        "interactions/application-commands, Application Command Naming",
        _commands(_command("Quiz")),
        _commands(_command("quiz", name_localizations={"el": "κουίζ"})),
        400,
        50035,
        "APPLICATION_COMMAND_INVALID_NAME",
    ),
    Rule(
        "an option's localised name follows the naming rule too",
        "interactions/application-commands, Application Command Naming",
        _commands(_command(options=[_text("pack", name_localizations={"el": "Πακέτο"})])),
        _commands(_command(options=[_text("pack", name_localizations={"el": "πακέτο"})])),
        400,
        50035,
        "APPLICATION_COMMAND_INVALID_NAME",
    ),
    Rule(
        "required options come before optional ones",
        "interactions/application-commands, Application Command Option Structure",
        _commands(_command(options=[_text("mode"), _text("pack", required=True)])),
        _commands(_command(options=[_text("pack", required=True), _text("mode")])),
        400,
        50035,
        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
    ),
    Rule(
        "an option with choices has no autocomplete",
        "interactions/application-commands, Application Command Option Structure",
        _commands(_command(options=[_text("mode", autocomplete=True, choices=_choices(2, 1))])),
        _commands(_command(options=[_text("mode", choices=_choices(2, 1))])),
        400,
        50035,
        "BASE_TYPE_INVALID",
    ),
    Rule(
        "command names are unique",
        "interactions/application-commands, Registering a Command",
        _commands(_command("quiz"), _command("quiz")),
        _commands(_command("quiz"), _command("quiz", type=2, description="")),  # a user command
        400,
        50035,
        "APPLICATION_COMMANDS_DUPLICATE_NAME",
    ),
    Rule(
        "option names are unique within their list",
        "interactions/application-commands, Application Command Option Structure",
        _commands(_command(options=[_text("pack"), _text("pack")])),
        _commands(_command(options=[_sub("start", _text("pack")), _sub("stop", _text("pack"))])),
        400,
        50035,
        "BASE_TYPE_INVALID",
    ),
    Rule(
        "subcommands and other options are never mixed",
        "interactions/application-commands, Subcommands and Subcommand Groups",
        _commands(_command(options=[_sub("start"), _text("pack")])),
        _commands(_command(options=[_sub("start", _text("pack"))])),
        400,
        50035,
        "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
    ),
]


@pytest.fixture
async def place(standin: StandInClient) -> AsyncIterator[Place]:
    async with aiohttp.ClientSession() as http:
        yield await place_in(standin, http)


@pytest.mark.parametrize("rule", ROWS, ids=[row.name for row in ROWS])
async def test_discord_refuses_what_breaks_the_rule_and_takes_what_keeps_it(
    place: Place, rule: Rule
) -> None:
    status, reply = await place.send(await rule.broken(place))
    assert (status, reply["code"]) == (rule.status, rule.code), reply
    if rule.field_code is not None:
        assert rule.field_code in field_codes(reply.get("errors")), reply
    status, reply = await place.send(await rule.kept(place))
    assert status in {200, 201, 204}, reply


async def test_without_read_message_history_the_channels_messages_list_is_empty(
    place: Place,
) -> None:
    """Get Channel Messages: Discord answers an empty list, not an error, without the right."""
    for channel, expected in (("history", 0), ("general", 1)):
        await place.post(channel, {"content": "posted"})
        status, listed = await place.send(
            Request("GET", f"/channels/{place.channels[channel]}/messages")
        )
        assert (status, len(listed)) == (200, expected)
