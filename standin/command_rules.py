"""Discord's rules for registering application commands, beyond what its OpenAPI document says
(interactions/application-commands). A bulk overwrite breaking any is refused whole:

- "Registering a Command": at most 100 CHAT_INPUT, 15 USER and 15 MESSAGE commands (30032);
- "Application Command Naming": CHAT_INPUT command and option names (and their localised
  names) of letters, digits, ``-``, ``_`` and ``'`` (Devanagari and Thai too), in lowercase
  where a letter has one (``APPLICATION_COMMAND_INVALID_NAME``);
- names unique among the commands of a type (``APPLICATION_COMMANDS_DUPLICATE_NAME``) and
  within an options list;
- "Application Command Option Structure": required options before optional ones
  (``APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID``), no ``autocomplete`` with ``choices``;
- "Subcommands and Subcommand Groups": subcommands (or groups) and other options never mixed
  in one list (``APPLICATION_COMMAND_OPTIONS_TYPE_INVALID``);
- "Slash Commands" (the warning on size): at most 8000 characters of names, descriptions and
  choice names and values in a command with all its options, counting for each field only its
  longest localisation, the default one included (``APPLICATION_COMMAND_TOO_LARGE``).

The field codes are those bots report Discord answering with; Discord documents none for a
duplicate option name or autocomplete with choices: ``BASE_TYPE_INVALID`` and a message
naming the rule are the stand-in's own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from standin.errors import DiscordError, field_error
from standin.model import Json

CHAT_INPUT, USER_COMMAND, MESSAGE_COMMAND = 1, 2, 3
MAX_COMMANDS = {CHAT_INPUT: 100, USER_COMMAND: 15, MESSAGE_COMMAND: 15}
MAX_COMMANDS_REACHED = 30032
MAX_SIZE = 8000
MAX_NAME = 32
_SUBCOMMANDS = (1, 2)
_NAME_MARKS = frozenset("-_'")
_SCRIPTS = ((0x0900, 0x097F), (0x0E00, 0x0E7F))  # Devanagari, Thai: their marks count too
Path = list[str | int]


def check_commands(commands: list[Json]) -> None:
    """Raise Discord's refusal of the first rule a bulk overwrite breaks."""
    kinds = Counter(int(c.get("type") or CHAT_INPUT) for c in commands)
    for kind, count in kinds.items():
        if count > MAX_COMMANDS.get(kind, count):
            raise DiscordError(
                400,
                MAX_COMMANDS_REACHED,
                f"Maximum number of application commands reached ({MAX_COMMANDS[kind]})",
            )
    seen: set[tuple[int, str]] = set()
    for index, command in enumerate(commands):
        key = (int(command.get("type") or CHAT_INPUT), str(command.get("name")))
        if key in seen:
            raise field_error(
                [index],
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                "Application command names must be unique",
            )
        seen.add(key)
        if key[0] == CHAT_INPUT:
            _check_chat_input(command, [index])


def _check_chat_input(command: Json, at: Path) -> None:
    _check_names(command, at)
    _check_options(command.get("options") or [], [*at, "options"])
    if command_size(command) > MAX_SIZE:
        raise field_error(
            at, "APPLICATION_COMMAND_TOO_LARGE", f"Command exceeds maximum size ({MAX_SIZE})"
        )


def _check_options(options: list[Json], at: Path) -> None:
    nested = [o["type"] in _SUBCOMMANDS for o in options]
    if any(nested) and not all(nested):
        raise field_error(
            at,
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "Sub-command and sub-command group option types are mutually exclusive to all "
            "other types",
        )
    names: set[str] = set()
    optional_seen = False
    for index, option in enumerate(options):
        here = [*at, index]
        _check_names(option, here)
        if option["name"] in names:
            raise field_error([*here, "name"], "BASE_TYPE_INVALID", "Option names must be unique")
        names.add(option["name"])
        if option.get("required") and optional_seen:
            raise field_error(
                here,
                "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                "Required options must be placed before non-required options",
            )
        optional_seen = optional_seen or not option.get("required")
        if option.get("autocomplete") and option.get("choices"):
            raise field_error(
                [*here, "autocomplete"],
                "BASE_TYPE_INVALID",
                "Autocomplete cannot be enabled for an option with choices",
            )
        _check_options(option.get("options") or [], [*here, "options"])


def _check_names(node: Json, at: Path) -> None:
    localised = node.get("name_localizations") or {}
    for path, name in [
        ([*at, "name"], node.get("name")),
        *(([*at, "name_localizations", locale], text) for locale, text in localised.items()),
    ]:
        if not valid_name(str(name)):
            raise field_error(path, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")


def valid_name(name: str) -> bool:
    """Discord's naming rule for CHAT_INPUT commands and options (see the module's list)."""
    return 0 < len(name) <= MAX_NAME and name == name.lower() and all(map(_name_char, name))


def _name_char(char: str) -> bool:
    code = ord(char)
    in_script = any(low <= code <= high for low, high in _SCRIPTS)
    return char.isalpha() or char.isnumeric() or char in _NAME_MARKS or in_script


def command_size(command: Json) -> int:
    """The characters Discord counts toward a command's 8000: each name and description (its
    longest localisation) of the command and its options, nested ones included, and each
    choice's longest name and its value."""
    return sum(_longest(node, "name") + _longest(node, "description") for node in _nodes(command))


def _nodes(node: Json) -> Iterator[Json]:
    yield node
    for choice in node.get("choices") or []:
        yield {
            "name": choice["name"],
            "name_localizations": choice.get("name_localizations"),
            "description": str(choice["value"]),
        }
    for option in node.get("options") or []:
        yield from _nodes(option)


def _longest(node: Json, key: str) -> int:
    texts = [str(node.get(key) or ""), *(node.get(f"{key}_localizations") or {}).values()]
    return max(len(text) for text in texts)
