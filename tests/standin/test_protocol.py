"""The unmodified discord.py client against the stand-in: commands, buttons, responses."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from standin.driver import StandInClient, StandInRefusedError


async def test_connects_and_syncs_commands(standin: StandInClient, bot: Any) -> None:
    state = await standin.state()
    assert {g.name for g in bot.guilds} == {g["name"] for g in state["guilds"]}
    assert bot.user is not None
    assert bot.user.id == int(state["bot_user_id"])
    names = {c["name"] for c in state["commands"]["global"]}
    assert names == {"hello", "slow", "twice", "late", "label", "post", "picture"}
    assert await standin.openapi_failures() == []


async def test_slash_command_replies_with_buttons(
    standin: StandInClient, bot: Any, place: dict[str, Any]
) -> None:
    interaction_id = await standin.command(place["alice"], place["channel"], "hello")
    report = await standin.wait_for_response(interaction_id)
    assert report["acknowledged"]
    assert not report["failed"]
    assert report["ms_to_first_response"] < 3000
    [message] = await standin.messages(place["channel"], as_user=place["bob"])
    assert message["content"] == "Hello"
    buttons = message["components"][0]["components"]
    assert [b["custom_id"] for b in buttons] == ["yes", "off"]


async def test_click_updates_message_and_sends_ephemeral_followup(
    standin: StandInClient, bot: Any, place: dict[str, Any]
) -> None:
    command = await standin.command(place["alice"], place["channel"], "hello")
    message_id = (await standin.wait_for_response(command))["original_message_id"]
    click = await standin.click(place["bob"], message_id, "yes")
    report = await standin.wait_for(lambda: _with_responses(standin, click, 2))
    assert [r["kind"] for r in report["responses"]] == ["callback", "followup"]
    seen_by_bob = {m["content"] for m in await standin.messages(place["channel"], place["bob"])}
    seen_by_chloe = {m["content"] for m in await standin.messages(place["channel"], place["chloe"])}
    assert seen_by_bob == {"You said yes", "only you see this"}
    assert seen_by_chloe == {"You said yes"}


async def _with_responses(standin: StandInClient, interaction_id: int, count: int) -> Any:
    report = await standin.interaction(interaction_id)
    return report if len(report["responses"]) >= count else None


async def test_defer_then_edit(standin: StandInClient, bot: Any, place: dict[str, Any]) -> None:
    interaction_id = await standin.command(place["alice"], place["channel"], "slow")
    report = await standin.wait_for(lambda: _with_responses(standin, interaction_id, 2))
    assert [(r["kind"], r["type"]) for r in report["responses"]] == [
        ("callback", 5),
        ("edit", None),
    ]
    [message] = await standin.messages(place["channel"], place["alice"])
    assert message["content"] == "done"
    assert message["flags"] == 0  # no longer "thinking"
    # The reply arriving in place of "thinking" is no edit: Discord shows no "(edited)".
    assert message["edited_timestamp"] is None


async def test_button_label_too_long_is_rejected(
    standin: StandInClient, bot: Any, place: dict[str, Any]
) -> None:
    interaction_id = await standin.command(place["alice"], place["channel"], "label")
    await standin.wait_for(lambda: bot.errors)
    [error] = bot.errors
    assert isinstance(error, discord.HTTPException)
    assert (error.status, error.code) == (400, 50035)
    [failure] = await standin.openapi_failures()
    label_errors = failure["errors"]["data"]["components"]["0"]["components"]["0"]["label"]
    assert label_errors["_errors"][0]["code"] == "BASE_TYPE_MAX_LENGTH"
    assert not (await standin.interaction(interaction_id))["acknowledged"]


async def test_second_initial_response_gets_40060(
    standin: StandInClient, bot: Any, place: dict[str, Any]
) -> None:
    await standin.command(place["alice"], place["channel"], "twice")
    await standin.wait_for(lambda: bot.errors)
    assert [(e.status, e.code) for e in bot.errors] == [(400, 40060)]


async def test_clicks_only_what_a_member_could(
    standin: StandInClient, bot: Any, place: dict[str, Any]
) -> None:
    command = await standin.command(place["alice"], place["channel"], "hello")
    message_id = (await standin.wait_for_response(command))["original_message_id"]
    for custom_id in ("off", "missing"):
        with pytest.raises(StandInRefusedError, match="button"):
            await standin.click(place["bob"], message_id, custom_id)
    with pytest.raises(StandInRefusedError, match="cannot see"):
        await standin.click(place["alice"], int(message_id) + 1, "yes")


async def test_a_forged_click_carries_any_custom_id_and_discords_copy_of_the_message(
    standin: StandInClient, bot: Any, place: dict[str, Any]
) -> None:
    """A modified client: a custom_id no button has, on a message the user sees; the bot gets
    the message as it is, buttons and all."""
    command = await standin.command(place["alice"], place["channel"], "hello")
    message_id = (await standin.wait_for_response(command))["original_message_id"]
    component = discord.InteractionType.component
    seen = asyncio.ensure_future(bot.wait_for("interaction", check=lambda i: i.type is component))
    await standin.forge_click(place["bob"], message_id, "qa:1:0:0")
    interaction = await asyncio.wait_for(seen, timeout=5)
    assert interaction.data["custom_id"] == "qa:1:0:0"
    assert interaction.user.id == int(place["bob"])
    assert interaction.message.id == int(message_id)
    assert [b.custom_id for b in interaction.message.components[0].children] == ["yes", "off"]
    with pytest.raises(StandInRefusedError, match="cannot see"):
        await standin.forge_click(place["alice"], int(message_id) + 1, "yes")


async def test_a_role_created_later_reaches_the_bots_cache(
    standin: StandInClient, bot: Any, place: dict[str, Any]
) -> None:
    guild_id = int(place["guild"]["id"])
    role = await standin.add_role(guild_id, "Quizmaster", permissions=0)
    guild = bot.get_guild(guild_id)
    await standin.wait_for(lambda: guild.get_role(int(role["id"])) is not None, timeout=5)
    assert guild.get_role(int(role["id"])).name == "Quizmaster"


async def test_click_and_wait_returns_once_answered_or_once_failed(
    start_standin: Any, run_bot: Any
) -> None:
    async with start_standin(guilds=1, members=3, interaction_deadline=0.5) as standin:
        guild = (await standin.state())["guilds"][0]
        channel = next(c["id"] for c in guild["channels"] if c["name"] == "general")
        alice, bob = [m["id"] for m in guild["members"] if m["name"].startswith("member-")][:2]
        async with run_bot():
            messages = [
                (await standin.wait_for_response(await standin.command(alice, channel, "hello")))[
                    "original_message_id"
                ]
                for _ in range(2)
            ]
            answered = await standin.click_and_wait(alice, messages[0], "yes")
        # Nobody is connected now: the wait ends when the interaction has failed.
        unanswered = await standin.click_and_wait(bob, messages[1], "yes")
    assert answered["acknowledged"]
    assert not answered["failed"]
    assert answered["responses"][0]["kind"] == "callback"
    assert not unanswered["acknowledged"]
    assert unanswered["failed"]
    assert unanswered["responses"] == []


async def test_a_button_an_edit_took_away_can_no_longer_be_clicked(
    standin: StandInClient, bot: Any, place: dict[str, Any]
) -> None:
    command = await standin.command(place["alice"], place["channel"], "hello")
    message_id = (await standin.wait_for_response(command))["original_message_id"]
    click = await standin.click(place["bob"], message_id, "yes")  # the bot edits the view away
    await standin.wait_for(lambda: _with_responses(standin, click, 2))
    with pytest.raises(StandInRefusedError, match="button"):
        await standin.click(place["chloe"], message_id, "yes")
