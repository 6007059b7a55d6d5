"""What Discord refuses in a modal's checkbox groups, text inputs and labels, rule by rule: each
case breaks one rule of the OpenAPI spec or of discord-api-docs' components reference and must
come back as a 50035 naming the field, while the same modal within the limits opens."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.webhook.async_ import async_context, interaction_response_params

from standin.driver import StandInClient, StandInRefusedError
from standin.interactions import MODAL
from tests.standin.conftest import MiniBot, running

INVALID_FORM_BODY = 50035
CHANNEL_MESSAGE = 4
Json = dict[str, Any]


def _options(count: int, **extra: Any) -> list[Json]:
    return [{"label": f"Day {n}", "value": f"d{n}", **extra} for n in range(count)]


def _group(**fields: Any) -> Json:
    return {"type": 22, "custom_id": "days", "options": _options(3), **fields}


def _text(**fields: Any) -> Json:
    return {"type": 4, "custom_id": "answer", "style": 1, **fields}


def _modal(component: Json, **label: Any) -> Json:
    held = {"type": 18, "label": "Pick", "component": component, **label}
    return {"custom_id": "rules", "title": "Rules", "components": [held]}


def _option(**fields: Any) -> Json:
    return _group(options=[{"label": "Day", "value": "d", **fields}])


IN_LABEL = "components.0.component"  # the field's path, past `data.`
OPTION = f"{IN_LABEL}.options.0"

# kind: (the modal, the path its 50035 names, whether the spec refuses it; else the stand-in).
# Sources: the OpenAPI spec's ...ForModalRequest schemas and ModalInteractionCallbackRequestData;
# discord-api-docs components reference, "Checkbox Group" (min_values while required).
REFUSED: dict[str, tuple[Json, str, bool]] = {
    "no options": (_modal(_group(options=[])), f"{IN_LABEL}.options", True),
    "eleven options": (_modal(_group(options=_options(11))), f"{IN_LABEL}.options", True),
    "empty value": (_modal(_option(value="")), f"{OPTION}.value", True),
    "long value": (_modal(_option(value="v" * 101)), f"{OPTION}.value", True),
    "empty option label": (_modal(_option(label="")), f"{OPTION}.label", True),
    "long option label": (_modal(_option(label="L" * 101)), f"{OPTION}.label", True),
    "long option description": (
        _modal(_option(description="D" * 101)),
        f"{OPTION}.description",
        True,
    ),
    "min_values over 10": (
        _modal(_group(options=_options(10), min_values=11)),
        f"{IN_LABEL}.min_values",
        True,
    ),
    "min_values negative": (
        _modal(_group(min_values=-1, required=False)),
        f"{IN_LABEL}.min_values",
        True,
    ),
    "max_values 0": (_modal(_group(max_values=0)), f"{IN_LABEL}.max_values", True),
    "max_values over 10": (
        _modal(_group(options=_options(10), max_values=11)),
        f"{IN_LABEL}.max_values",
        True,
    ),
    "min over max": (_modal(_group(min_values=3, max_values=2)), f"{IN_LABEL}.min_values", False),
    "required with min 0": (_modal(_group(min_values=0)), f"{IN_LABEL}.min_values", False),
    "required true, min 0": (
        _modal(_group(min_values=0, required=True)),
        f"{IN_LABEL}.min_values",
        False,
    ),
    "defaults over max": (
        _modal(_group(options=_options(3, default=True), max_values=2)),
        f"{IN_LABEL}.options",
        False,
    ),
    "group in a row": (
        {"custom_id": "r", "title": "Row", "components": [{"type": 1, "components": [_group()]}]},
        "components.0.components.0.type",
        True,
    ),
    "group at the top": (
        {"custom_id": "t", "title": "Top", "components": [_group()]},
        "components.0.type",
        True,
    ),
    "max_length over 4000": (_modal(_text(max_length=4001)), f"{IN_LABEL}.max_length", True),
    "max_length 0": (_modal(_text(max_length=0)), f"{IN_LABEL}.max_length", True),
    "min_length over 4000": (_modal(_text(min_length=4001)), f"{IN_LABEL}.min_length", True),
    "min_length negative": (_modal(_text(min_length=-1)), f"{IN_LABEL}.min_length", True),
    "long placeholder": (_modal(_text(placeholder="P" * 101)), f"{IN_LABEL}.placeholder", True),
    "long prefill": (_modal(_text(value="V" * 4001)), f"{IN_LABEL}.value", True),
    "empty label": (_modal(_text(), label=""), "components.0.label", True),
    "empty description": (_modal(_text(), description=""), "components.0.description", True),
    "empty title": ({**_modal(_text()), "title": ""}, "title", True),
    "long custom_id": ({**_modal(_text()), "custom_id": "c" * 101}, "custom_id", True),
    "empty custom_id": ({**_modal(_text()), "custom_id": ""}, "custom_id", True),
}

# Each at a limit, or using a rule's exception: Discord opens these.
ACCEPTED: dict[str, Json] = {
    "optional with min 0": _modal(_group(min_values=0, required=False)),
    "ten options, all of them": _modal(_group(options=_options(10), min_values=10)),
    "longest option texts": _modal(
        _option(value="v" * 100, label="L" * 100, description="D" * 100)
    ),
    "defaults up to max": _modal(_group(options=_options(3, default=True), max_values=3)),
    "longest text input": _modal(
        _text(min_length=4000, max_length=4000, value="V" * 4000, placeholder="P" * 100)
    ),
    "longest label": {
        **_modal(_text(), label="L" * 45, description="D" * 100),
        "title": "T" * 45,
        "custom_id": "c" * 100,
    },
}


class RuleBot(MiniBot):
    def _add_commands(self) -> None:
        super()._add_commands()

        @self.tree.command(description="A modal breaking one rule, or keeping to it")
        @app_commands.describe(kind="which case")
        async def rule(interaction: discord.Interaction, kind: str) -> None:
            data = REFUSED[kind][0] if kind in REFUSED else ACCEPTED[kind]
            await self.raw(interaction, MODAL, data)

        @self.tree.command(description="A message holding a checkbox group")
        async def grouped(interaction: discord.Interaction) -> None:
            row = {"type": 1, "components": [_group()]}
            await self.raw(interaction, CHANNEL_MESSAGE, {"components": [row]})

    async def raw(self, interaction: discord.Interaction, kind: int, data: Json) -> None:
        """Answers as given, past discord.py's own checks, as a buggy bot might."""
        params = interaction_response_params(kind, data)
        try:
            await async_context.get().create_interaction_response(
                interaction.id, interaction.token, session=interaction._session, params=params
            )
        except discord.HTTPException as error:
            self.errors.append(error)


@pytest.fixture
async def rule_bot(standin: StandInClient) -> AsyncIterator[RuleBot]:
    async with running(RuleBot()) as ready:
        yield ready


@pytest.mark.parametrize("kind", list(REFUSED))
async def test_a_modal_breaking_a_rule_gets_50035_naming_the_field(
    standin: StandInClient, rule_bot: RuleBot, place: dict[str, Any], kind: str
) -> None:
    _, field, spec_checked = REFUSED[kind]
    asked = await standin.command(place["alice"], place["channel"], "rule", kind=kind)
    await standin.wait_for(lambda: rule_bot.errors)
    [error] = rule_bot.errors
    assert (error.status, error.code) == (400, INVALID_FORM_BODY)
    assert f"In data.{field}:" in str(error)
    assert (await standin.interaction(asked))["acknowledged"] is False
    with pytest.raises(StandInRefusedError, match="409"):
        await standin.open_modal(place["alice"])
    assert bool(await standin.openapi_failures()) == spec_checked


@pytest.mark.parametrize("kind", list(ACCEPTED))
async def test_a_modal_within_the_limits_opens(
    standin: StandInClient, rule_bot: RuleBot, place: dict[str, Any], kind: str
) -> None:
    asked = await standin.command(place["alice"], place["channel"], "rule", kind=kind)
    modal = await standin.wait_for_modal(place["alice"], asked)
    assert modal["custom_id"] == ACCEPTED[kind]["custom_id"]
    assert rule_bot.errors == []
    assert await standin.openapi_failures() == []


async def test_a_checkbox_group_is_for_modals_only(
    standin: StandInClient, rule_bot: RuleBot, place: dict[str, Any]
) -> None:
    # components reference, Checkbox Group: "available in modals"; no message schema holds one
    asked = await standin.command(place["alice"], place["channel"], "grouped")
    await standin.wait_for(lambda: rule_bot.errors)
    [error] = rule_bot.errors
    assert (error.status, error.code) == (400, INVALID_FORM_BODY)
    assert "components" in str(error)
    assert (await standin.interaction(asked))["acknowledged"] is False
    assert await standin.openapi_failures() != []
