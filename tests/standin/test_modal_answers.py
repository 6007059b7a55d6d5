"""Answering a question in a modal, as the bot is about to ask them: a button on a round
message, or on an ephemeral review, opens a modal with a checkbox group (pick all that apply)
and a text input (a typed answer); the member submits only what a Discord client lets them, and
the bot receives the components as Discord sends them."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest

from standin.driver import StandInClient, StandInRefusedError
from tests.standin.conftest import MiniBot, running

Json = dict[str, Any]
DAYS = ["mon", "tue", "wed", "thu"]


class Answer(discord.ui.Modal, title="Question 1"):
    picked = discord.ui.Label(
        text="Pick all that apply",
        component=discord.ui.CheckboxGroup(
            custom_id="picked",
            min_values=2,
            max_values=3,
            options=[discord.CheckboxGroupOption(label=d.title(), value=d) for d in DAYS],
        ),
    )
    also = discord.ui.Label(
        text="Any others?",
        component=discord.ui.CheckboxGroup(
            custom_id="also",
            required=False,
            min_values=2,
            options=[
                discord.CheckboxGroupOption(label="Fri", value="fri", default=True),
                discord.CheckboxGroupOption(label="Sat", value="sat"),
                discord.CheckboxGroupOption(label="Sun", value="sun"),
            ],
        ),
    )
    number = discord.ui.Label(
        text="How many?",
        component=discord.ui.TextInput(custom_id="number", min_length=2, max_length=5),
    )
    why = discord.ui.Label(
        text="Why?", component=discord.ui.TextInput(custom_id="why", required=False)
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        assert isinstance(bot, AnswerBot)
        bot.submitted.append(dict(interaction.data or {}))
        picked = self.picked.component
        assert isinstance(picked, discord.ui.CheckboxGroup)
        await interaction.response.send_message(",".join(picked.values), ephemeral=True)


class Opener(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Answer", custom_id="answer")
    async def answer(self, interaction: discord.Interaction, _: discord.ui.Button[Any]) -> None:
        await interaction.response.send_modal(Answer())


class AnswerBot(MiniBot):
    def __init__(self) -> None:
        super().__init__()
        self.submitted: list[Json] = []

    def _add_commands(self) -> None:
        super()._add_commands()

        @self.tree.command(description="A round message with an Answer button")
        async def round(interaction: discord.Interaction) -> None:  # noqa: A001
            await interaction.response.send_message("Question 1", view=Opener())

        @self.tree.command(description="An ephemeral review with an Answer button")
        async def review(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("Review", view=Opener(), ephemeral=True)


@pytest.fixture
async def answer_bot(standin: StandInClient) -> AsyncIterator[AnswerBot]:
    async with running(AnswerBot()) as ready:
        yield ready


async def _open(standin: StandInClient, place: dict[str, Any], command: str) -> Json:
    alice = place["alice"]
    await standin.wait_for_response(await standin.command(alice, place["channel"], command))
    [message] = await standin.messages(place["channel"], as_user=alice)
    clicked = await standin.click(alice, message["id"], "answer")
    modal: Json = await standin.wait_for_modal(alice, clicked)
    assert modal["message_id"] == message["id"]
    return modal


@pytest.mark.parametrize("command", ["round", "review"])
async def test_the_bot_receives_checked_values_and_typed_text_as_discord_sends_them(
    standin: StandInClient, answer_bot: AnswerBot, place: dict[str, Any], command: str
) -> None:
    modal = await _open(standin, place, command)
    ids = [(c["id"], c["component"]["id"]) for c in modal["components"]]
    answered = await standin.submit_modal(
        place["alice"], {"picked": ["wed", "mon"], "also": [], "number": "42"}
    )
    report = await standin.wait_for_response(answered)
    assert report["responses"][0]["body"]["data"]["content"] == "wed,mon"
    [data] = answer_bot.submitted
    # components reference, "Label/Checkbox Group/Text Input Interaction Response Structure"
    answers: list[Json] = [
        {"type": 22, "custom_id": "picked", "values": ["wed", "mon"]},
        {"type": 22, "custom_id": "also", "values": []},  # optional, nothing checked: []
        {"type": 4, "custom_id": "number", "value": "42"},
        {"type": 4, "custom_id": "why", "value": ""},
    ]
    assert data["custom_id"] == modal["custom_id"]
    assert data["components"] == [
        {"type": 18, "id": label, "component": {**answer, "id": inner}}
        for (label, inner), answer in zip(ids, answers, strict=True)
    ]


async def test_an_untouched_checkbox_group_sends_its_defaults(
    standin: StandInClient, answer_bot: AnswerBot, place: dict[str, Any]
) -> None:
    await _open(standin, place, "round")
    with pytest.raises(StandInRefusedError, match="also takes 2 to 3, not 1"):
        await standin.submit_modal(place["alice"], {"picked": ["mon", "tue"], "number": "10"})
    values = {"picked": ["mon", "tue"], "also": ["fri", "sun"], "number": "10", "why": "so"}
    await standin.wait_for_response(await standin.submit_modal(place["alice"], values))
    [data] = answer_bot.submitted
    sent = {c["component"]["custom_id"]: c["component"] for c in data["components"]}
    assert sent["also"]["values"] == ["fri", "sun"]
    assert sent["why"]["value"] == "so"


REFUSED: dict[str, tuple[Json, str]] = {
    "not an option": ({"picked": ["mon", "fri"]}, r"no such options as \['fri'\]"),
    "ticked twice": ({"picked": ["mon", "mon"]}, "no such options"),
    "too few": ({"picked": ["mon"]}, "picked takes 2 to 3, not 1"),
    "too many": ({"picked": DAYS}, "picked takes 2 to 3, not 4"),
    "required, none": ({"picked": []}, "picked takes 2 to 3, not 0"),
    "not a list": ({"picked": "mon"}, "picked takes a list"),
    "optional, too few": ({"also": ["sat"]}, "also takes 2 to 3, not 1"),
    "text too short": ({"number": "7"}, "number takes 2 to 5 characters, not 1"),
    "text too long": ({"number": "123456"}, "number takes 2 to 5 characters, not 6"),
    "text required": ({"number": ""}, "number is required"),
    "text not a string": ({"number": ["42"]}, "number takes a str"),
}


async def test_a_client_submits_only_answers_within_the_modals_bounds(
    standin: StandInClient, answer_bot: AnswerBot, place: dict[str, Any]
) -> None:
    await _open(standin, place, "review")
    fine: Json = {"picked": ["mon", "tue"], "also": [], "number": "10"}
    for values, why in REFUSED.values():
        with pytest.raises(StandInRefusedError, match=why):
            await standin.submit_modal(place["alice"], fine | values)
    assert answer_bot.submitted == []
    await standin.open_modal(place["alice"])  # still open after every refusal
    await standin.wait_for_response(await standin.submit_modal(place["alice"], fine))
    assert len(answer_bot.submitted) == 1
