"""Every autocomplete of the synced commands answers as Discord asks for it (application-commands,
"Autocomplete"): with nothing typed yet (the focused option "", no other), and with any other
options already filled (each alone, and all at once), a required one possibly still empty.

The options come from the tree the bot synced, so a new autocomplete is covered without
listing it here; the server has a pack of its own, a schedule and a season, so the
autocompletes that read them have something to offer."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from standin.commands import ATTACHMENT, BOOLEAN, CHANNEL, MENTIONABLE, ROLE, USER, OptionValue
from standin.interactions import AUTOCOMPLETE_RESULT
from tests.e2e.conftest import TIMEOUT, Json, QuizWorld
from tests.e2e.scheduling import add
from tests.e2e.test_server_packs import home, upload
from tests.storage.factories import CAPITALS

SUBCOMMANDS = (1, 2)
MAX_CHOICES = 25
TYPED = {"pack": "capitals", "question": "cap", "time_zone": "Europe", "schedule": "1"}


def autocompleted(commands: list[Json]) -> Iterator[tuple[str, Json, list[Json]]]:
    """Each option with autocomplete: its command's path, the option, and its siblings."""

    def leaves(node: Json, path: str) -> Iterator[tuple[str, list[Json]]]:
        nested = [o for o in node.get("options") or [] if o["type"] in SUBCOMMANDS]
        for sub in nested:
            yield from leaves(sub, f"{path} {sub['name']}")
        if not nested:
            yield path, node.get("options") or []

    for command in commands:
        for path, options in leaves(command, command["name"]):
            for option in options:
                if option.get("autocomplete"):
                    yield path, option, [o for o in options if o is not option]


def filled(option: Json, world: QuizWorld, ids: dict[str, str]) -> OptionValue | None:
    """A value a member could have given ``option`` already; None for a file (none here)."""
    kind = option["type"]
    if option.get("choices"):
        value: OptionValue = option["choices"][0]["value"]
        return value
    by_kind: dict[int, OptionValue | None] = {
        BOOLEAN: True,
        USER: str(world.members[0]),
        MENTIONABLE: str(world.members[0]),
        CHANNEL: str(world.channel_id),
        ROLE: ids["Moderator"],
        ATTACHMENT: None,
    }
    if kind in by_kind:
        return by_kind[kind]
    if kind in (4, 10):  # INTEGER, NUMBER
        return option.get("min_value", 1)
    return TYPED.get(option["name"], "a")


def subsets(others: list[Json]) -> Iterator[list[Json]]:
    """Nothing else filled, each other option alone, and all of them."""
    yield []
    for other in others:
        yield [other]
    if len(others) > 1:
        yield others


async def completion(world: QuizWorld, path: str, focused: str, options: dict[str, Any]) -> Json:
    asked = await world.standin.autocomplete(
        world.owner, world.channel_id, path, focused=focused, **options
    )
    return await world.standin.wait_for_response(asked, timeout=TIMEOUT)


async def test_every_autocomplete_answers_with_nothing_typed_and_any_options_filled(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    await upload(world, home(world), CAPITALS)
    await add(world, day="daily", time="12:00")
    await world.command(world.owner, "quiz season start", name="Spring")
    state = await world.standin.state()
    roles = {r["name"]: r["id"] for r in state["guilds"][0]["roles"]}
    asked = 0
    for path, option, others in autocompleted(state["commands"]["global"]):
        for subset in subsets([o for o in others if o["type"] != ATTACHMENT]):
            given = {o["name"]: filled(o, world, roles) for o in subset}
            for typed in ("", TYPED.get(option["name"], "a")):
                options = {k: v for k, v in given.items() if v is not None}
                if typed:  # else nothing is typed yet: the stand-in sends the focused ""
                    options[option["name"]] = typed
                report = await completion(world, path, option["name"], options)
                (answer,) = report["responses"]
                where = f"/{path} {option['name']}={typed!r} with {sorted(given)}"
                assert answer["type"] == AUTOCOMPLETE_RESULT, where
                assert len(answer["body"]["data"]["choices"]) <= MAX_CHOICES, where
                asked += 1
    assert asked > 100  # the whole tree was walked, not an empty one
