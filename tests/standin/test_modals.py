"""Modals in the stand-in: a real discord.py client opens them in answer to a command or a click,
the member reads and submits them (typed values, choices, files) as a Discord client lets them,
and the stand-in refuses what Discord refuses: a sixth component, a modal answering a modal's
submission, duplicate custom_ids, a required select that asks nothing, texts over the spec's
limits."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.webhook.async_ import async_context, interaction_response_params

from standin.driver import StandInClient, StandInRefusedError
from standin.interactions import MODAL, UPDATE_MESSAGE
from tests.standin.conftest import MiniBot, running

PICTURE = b"\x89PNG\r\n\x1a\n a small picture"
INVALID_FORM_BODY = 50035


class Survey(discord.ui.Modal, title="Bug report"):
    summary = discord.ui.Label(
        text="What happened?",
        description="One line",
        component=discord.ui.TextInput(custom_id="summary", default="It broke", max_length=50),
    )
    severity = discord.ui.Label(
        text="How bad?",
        component=discord.ui.RadioGroup(
            custom_id="severity",
            options=[
                discord.RadioGroupOption(label="Mild", value="mild", default=True),
                discord.RadioGroupOption(label="Severe", value="severe"),
            ],
        ),
    )
    areas = discord.ui.Label(
        text="Where?",
        component=discord.ui.Select(
            custom_id="areas",
            max_values=2,
            options=[
                discord.SelectOption(label="Rounds", value="rounds"),
                discord.SelectOption(label="Reviews", value="reviews"),
                discord.SelectOption(label="Boards", value="boards"),
            ],
        ),
    )
    screenshot = discord.ui.Label(
        text="A screenshot",
        component=discord.ui.FileUpload(custom_id="screenshot", required=False),
    )
    note = discord.ui.TextDisplay("Thank you for telling us.")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        summary = self.summary.component
        severity = self.severity.component
        areas = self.areas.component
        upload = self.screenshot.component
        assert isinstance(summary, discord.ui.TextInput)
        assert isinstance(severity, discord.ui.RadioGroup)
        assert isinstance(areas, discord.ui.Select)
        assert isinstance(upload, discord.ui.FileUpload)
        files = [f"{a.filename}:{(await a.read())!r}" for a in upload.values]
        said = f"{summary.value}|{severity.value}|{','.join(areas.values)}|{';'.join(files)}"
        if interaction.message is not None:  # opened by a button: its message is updated
            await interaction.response.edit_message(content=said, view=None)
        else:
            await interaction.response.send_message(said, ephemeral=True)


class Again(discord.ui.Modal, title="Again"):
    answer = discord.ui.Label(text="Anything", component=discord.ui.TextInput(custom_id="a"))

    async def on_submit(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        assert isinstance(bot, ModalBot)
        await bot.raw_modal(interaction, Survey().to_dict())


class Opener(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Report", custom_id="report")
    async def report(self, interaction: discord.Interaction, _: discord.ui.Button[Any]) -> None:
        await interaction.response.send_modal(Survey())


def _label(text: str, custom_id: str) -> dict[str, Any]:
    return {"type": 18, "label": text, "component": {"type": 4, "custom_id": custom_id, "style": 1}}


class ModalBot(MiniBot):
    def _add_commands(self) -> None:
        super()._add_commands()
        tree = self.tree

        @tree.command(description="Open the bug report")
        async def survey(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(Survey())

        @tree.command(description="A button that opens the bug report")
        async def opener(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("Report a bug", view=Opener())

        @tree.command(description="A modal whose submission answers with another")
        async def again(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(Again())

        @tree.command(description="A modal Discord refuses")
        @app_commands.describe(kind="which rule it breaks")
        async def broken(interaction: discord.Interaction, kind: str) -> None:
            await self.raw_modal(interaction, BROKEN[kind])

    async def raw_modal(self, interaction: discord.Interaction, data: dict[str, Any]) -> None:
        """Sends the modal as given, past discord.py's own checks, as a buggy bot might."""
        params = interaction_response_params(MODAL, data)
        try:
            await async_context.get().create_interaction_response(
                interaction.id, interaction.token, session=interaction._session, params=params
            )
        except discord.HTTPException as error:
            self.errors.append(error)


BROKEN: dict[str, dict[str, Any]] = {
    "six": {
        "custom_id": "six",
        "title": "Six questions",
        "components": [_label(f"Question {n}", f"q{n}") for n in range(6)],
    },
    "duplicate": {
        "custom_id": "dupe",
        "title": "Twice",
        "components": [_label("First", "same"), _label("Second", "same")],
    },
    "select": {
        "custom_id": "select",
        "title": "A select",
        "components": [
            {
                "type": 18,
                "label": "Pick",
                "component": {
                    "type": 3,
                    "custom_id": "pick",
                    "min_values": 0,
                    "options": [{"label": "One", "value": "1"}],
                },
            }
        ],
    },
    "lengths": {
        "custom_id": "lengths",
        "title": "Lengths",
        "components": [
            {
                "type": 18,
                "label": "Short",
                "component": {
                    "type": 4,
                    "custom_id": "short",
                    "style": 1,
                    "min_length": 10,
                    "max_length": 5,
                },
            }
        ],
    },
    "description": {
        "custom_id": "described",
        "title": "Described",
        "components": [{**_label("Fine", "fine"), "description": "D" * 101}],
    },
    "title": {"custom_id": "long", "title": "T" * 46, "components": [_label("Fine", "fine")]},
    "label": {"custom_id": "label", "title": "Label", "components": [_label("L" * 46, "x")]},
}


@pytest.fixture
async def modal_bot(standin: StandInClient) -> AsyncIterator[ModalBot]:
    async with running(ModalBot()) as ready:
        yield ready


async def test_a_command_opens_a_modal_the_member_reads_and_submits(
    standin: StandInClient, modal_bot: ModalBot, place: dict[str, Any]
) -> None:
    asked = await standin.command(place["alice"], place["channel"], "survey")
    modal = await standin.wait_for_modal(place["alice"], asked)
    assert (modal["title"], modal["message_id"]) == ("Bug report", None)
    kinds = [c["type"] for c in modal["components"]]
    assert kinds == [18, 18, 18, 18, 10]
    ids = [c["id"] for c in modal["components"]] + [
        c["component"]["id"] for c in modal["components"] if "component" in c
    ]
    assert len(set(ids)) == len(ids)  # numbered as Discord numbers them
    with pytest.raises(StandInRefusedError, match="409"):
        await standin.open_modal(place["bob"])

    submitted = await standin.submit_modal(
        place["alice"],
        {"severity": "severe", "areas": ["rounds", "boards"]},
        files={"screenshot": [("bug.png", PICTURE, "image/png")]},
    )
    report = await standin.wait_for_response(submitted)
    assert report["type"] == 5  # MODAL_SUBMIT
    said = report["responses"][0]["body"]["data"]["content"]
    # The untouched text input keeps its prefilled value; the file is read from its url.
    assert said == f"It broke|severe|rounds,boards|bug.png:{PICTURE!r}"
    with pytest.raises(StandInRefusedError, match="409"):  # submitted: no longer open
        await standin.open_modal(place["alice"])
    assert await standin.openapi_failures() == []


async def test_a_button_opens_a_modal_whose_submission_updates_its_message(
    standin: StandInClient, modal_bot: ModalBot, place: dict[str, Any]
) -> None:
    await standin.wait_for_response(
        await standin.command(place["alice"], place["channel"], "opener")
    )
    [message] = await standin.messages(place["channel"], as_user=place["alice"])
    clicked = await standin.click(place["alice"], message["id"], "report")
    modal = await standin.wait_for_modal(place["alice"], clicked)
    assert modal["message_id"] == message["id"]
    submitted = await standin.submit_modal(
        place["alice"], {"summary": "Slow", "areas": ["reviews"]}
    )
    report = await standin.wait_for_response(submitted)
    assert report["responses"][0]["type"] == UPDATE_MESSAGE
    [updated] = await standin.messages(place["channel"], as_user=place["bob"])
    assert updated["content"] == "Slow|mild|reviews|"


async def test_a_client_submits_only_what_the_modal_allows(
    standin: StandInClient, modal_bot: ModalBot, place: dict[str, Any]
) -> None:
    await standin.command(place["alice"], place["channel"], "survey")
    await standin.wait_for_modal(place["alice"])
    refused = {
        "summary": ({"summary": "x" * 51}, "0 to 50 characters, not 51"),
        "empty": ({"summary": ""}, "summary is required"),
        "radio": ({"severity": "fatal"}, "no such options"),
        "select": ({"areas": []}, "takes 1 to 2"),
        "many": ({"areas": ["rounds", "reviews", "boards"]}, "takes 1 to 2"),
        "stray": ({"nothing": "here"}, "no component nothing"),
    }
    for values, why in refused.values():
        with pytest.raises(StandInRefusedError, match=why):
            await standin.submit_modal(place["alice"], values)
    await standin.open_modal(place["alice"])  # still open after every refusal
    closed = await standin.close_modal(place["alice"])
    assert closed["title"] == "Bug report"
    with pytest.raises(StandInRefusedError, match="409"):
        await standin.submit_modal(place["alice"], {})


async def test_a_modal_cannot_answer_a_modal_submission(
    standin: StandInClient, modal_bot: ModalBot, place: dict[str, Any]
) -> None:
    await standin.command(place["alice"], place["channel"], "again")
    await standin.wait_for_modal(place["alice"])
    submitted = await standin.submit_modal(place["alice"], {"a": "once more"})
    await standin.wait_for(lambda: modal_bot.errors)
    [error] = modal_bot.errors
    assert (error.status, error.code) == (400, INVALID_FORM_BODY)
    assert "Interaction response type is invalid" in str(error)
    report = await standin.interaction(submitted)
    assert report["acknowledged"] is False
    with pytest.raises(StandInRefusedError, match="409"):
        await standin.open_modal(place["alice"])


@pytest.mark.parametrize(
    ("kind", "field"),
    [
        ("six", "components"),
        ("duplicate", "custom_id"),
        ("select", "min_values"),
        ("lengths", "min_length"),
        ("description", "description"),
        ("title", "title"),
        ("label", "label"),
    ],
)
async def test_modals_discord_refuses_get_50035_naming_the_field(
    standin: StandInClient, modal_bot: ModalBot, place: dict[str, Any], kind: str, field: str
) -> None:
    asked = await standin.command(place["alice"], place["channel"], "broken", kind=kind)
    await standin.wait_for(lambda: modal_bot.errors)
    [error] = modal_bot.errors
    assert (error.status, error.code) == (400, INVALID_FORM_BODY)
    assert field in str(error)
    assert (await standin.interaction(asked))["acknowledged"] is False
    with pytest.raises(StandInRefusedError, match="409"):
        await standin.open_modal(place["alice"])
    spec_checked = kind in {"title", "label", "description"}  # the spec's; the rest Discord's
    assert bool(await standin.openapi_failures()) == spec_checked
