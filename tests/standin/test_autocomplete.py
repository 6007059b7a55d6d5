"""Autocomplete requests as Discord sends them (interactions/application-commands,
"Autocomplete"): the options filled in so far, a required one possibly missing; the focused
option always, "" before anything is typed, and only where the command declares autocomplete;
the others as typed, with no resolved data. The unmodified discord.py answers each."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
from discord import app_commands

from standin.driver import StandInClient
from standin.driver_base import StandInRefusedError
from standin.interactions import AUTOCOMPLETE_RESULT
from standin.model import Json
from tests.standin.conftest import running


class Completer(discord.Client):
    """A bot with one command whose `pack` (required) and `count` autocomplete; it notes
    what discord.py hands each autocomplete: the text typed, and the other options."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.05)
        self.tree = app_commands.CommandTree(self)
        self.seen: list[tuple[str, str, dict[str, Any]]] = []
        self._add_commands()

    async def setup_hook(self) -> None:
        await self.tree.sync()

    def _add_commands(self) -> None:
        @self.tree.command(description="Find a pack")
        async def find(
            interaction: discord.Interaction,
            pack: str,
            kind: str | None = None,
            who: discord.User | None = None,
            count: int | None = None,
        ) -> None:
            await interaction.response.send_message(f"{pack} {kind} {who} {count}")

        async def suggest(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            focused = next(o["name"] for o in _options(interaction.data) if o.get("focused"))
            self.seen.append((focused, str(current), dict(iter(interaction.namespace))))
            return [app_commands.Choice(name=f"typed {current!r}", value=str(current) or "any")]

        find.autocomplete("pack")(suggest)
        find.autocomplete("count")(suggest)


def _options(data: object) -> list[Json]:
    assert isinstance(data, dict)
    options: list[Json] = data.get("options") or []
    return options


@pytest.fixture
async def completer(standin: StandInClient) -> AsyncIterator[Completer]:
    async with running(Completer()) as bot:
        yield bot


async def asked(
    standin: StandInClient, place: Json, focused: str, **options: Any
) -> tuple[Json, Json]:
    """An autocomplete in the place's channel by its first member: the INTERACTION_CREATE's
    `data`, and the report once the bot has answered."""
    interaction = await standin.autocomplete(
        place["alice"], place["channel"], "find", focused=focused, **options
    )
    report = await standin.wait_for_response(interaction)
    assert standin.core is not None
    return standin.core.desk.by_id[interaction].payload["data"], report


async def test_with_nothing_typed_the_focused_option_comes_empty_and_is_answered(
    standin: StandInClient, place: Json, completer: Completer
) -> None:
    data, report = await asked(standin, place, "pack")
    assert data["options"] == [{"name": "pack", "type": 3, "value": "", "focused": True}]
    (answer,) = report["responses"]
    assert answer["type"] == AUTOCOMPLETE_RESULT
    assert answer["body"]["data"]["choices"] == [{"name": "typed ''", "value": "any"}]
    assert completer.seen == [("pack", "", {"pack": ""})]


async def test_a_required_option_may_still_be_empty_while_another_is_typed(
    standin: StandInClient, place: Json, completer: Completer
) -> None:
    data, report = await asked(standin, place, "count", count="1", kind="quiz")
    assert [o["name"] for o in data["options"]] == ["kind", "count"]  # no pack yet
    assert report["responses"][0]["type"] == AUTOCOMPLETE_RESULT
    assert completer.seen == [("count", "1", {"kind": "quiz", "count": "1"})]


async def test_a_filled_user_option_arrives_as_its_id_without_resolved_data(
    standin: StandInClient, place: Json, completer: Completer
) -> None:
    data, _ = await asked(standin, place, "pack", pack="mi", who=place["bob"])
    assert "resolved" not in data
    assert {"name": "who", "type": 6, "value": str(place["bob"])} in data["options"]
    (_, typed, namespace) = completer.seen[0]
    assert typed == "mi"
    assert isinstance(namespace["who"], discord.Object)  # discord.py's stand-in for "unresolved"
    assert namespace["who"].id == int(place["bob"])


async def test_an_option_without_autocomplete_is_never_focused(
    standin: StandInClient, place: Json, completer: Completer
) -> None:
    with pytest.raises(StandInRefusedError, match="has no autocomplete"):
        await standin.autocomplete(place["alice"], place["channel"], "find", focused="kind")
    with pytest.raises(StandInRefusedError, match="'pack' is required"):  # a command still is
        await standin.command(place["alice"], place["channel"], "find", kind="quiz")
    assert completer.seen == []
