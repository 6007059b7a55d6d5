"""Direct messages in the stand-in: seen by their member, clickable there, and refused with
Discord's 403 50007 when the member closed DMs or shares no server with the bot any more."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from standin.driver import StandInClient
from tests.standin.conftest import Buttons, MiniBot

CANNOT_MESSAGE_USER = 50007


async def _dm(bot: MiniBot, user_id: str, text: str) -> discord.Message:
    channel = await bot.create_dm(discord.Object(int(user_id)))
    return await channel.send(text, view=Buttons())


async def test_a_dm_is_seen_by_its_member_only_and_its_buttons_work(
    standin: StandInClient, bot: MiniBot, place: dict[str, Any]
) -> None:
    sent = await _dm(bot, place["alice"], "psst")
    channel = await standin.dm_channel(place["alice"])
    assert sent.channel.id == channel
    seen = await standin.messages(channel, as_user=place["alice"])
    assert [m["content"] for m in seen] == ["psst"]
    with pytest.raises(Exception, match="403"):
        await standin.messages(channel, as_user=place["bob"])

    clicked = await standin.click(place["alice"], sent.id, "yes")
    report = await standin.wait_for_response(clicked)
    assert report["channel_id"] == str(channel)
    assert report["responses"][0]["body"]["data"]["content"] == "You said yes"
    edited = await standin.messages(channel, as_user=place["alice"])
    assert "You said yes" in [m["content"] for m in edited]


async def test_closed_dms_get_50007_and_open_ones_take_messages_again(
    standin: StandInClient, bot: MiniBot, place: dict[str, Any]
) -> None:
    await standin.set_dms(place["alice"], open_=False)
    with pytest.raises(discord.Forbidden) as refused:
        await _dm(bot, place["alice"], "hello?")
    assert refused.value.code == CANNOT_MESSAGE_USER
    assert refused.value.text == "Cannot send messages to this user"
    await standin.set_dms(place["alice"], open_=True)
    await _dm(bot, place["alice"], "hello again")
    channel = await standin.dm_channel(place["alice"])
    seen = await standin.messages(channel, as_user=place["alice"])
    assert [m["content"] for m in seen] == ["hello again"]


async def test_a_member_who_left_every_shared_server_gets_no_dm(
    standin: StandInClient, bot: MiniBot, place: dict[str, Any]
) -> None:
    await standin.remove_member(place["guild"]["id"], place["bob"])
    with pytest.raises(discord.Forbidden) as refused:
        await _dm(bot, place["bob"], "still there?")
    assert refused.value.code == CANNOT_MESSAGE_USER
