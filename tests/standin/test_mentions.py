"""Whom the stand-in's messages notify, as Discord works it out: the text's mentions (content
and text displays), the body's allowed_mentions (else the route's default), the sender's
MENTION_EVERYONE; only a new message notifies."""

from __future__ import annotations

import datetime as dt
import functools
from dataclasses import dataclass
from typing import Any

import discord
import pytest

from standin.driver import StandInClient
from standin.errors import DiscordError
from standin.layouts import CONTAINER, IS_COMPONENTS_V2, SECTION, TEXT_DISPLAY
from standin.mentions import USERS_ONLY
from standin.model import Channel, Json, Message, Overwrite, Role
from standin.permissions import MENTION_EVERYONE, ROLE_OVERWRITE, SEND_MESSAGES
from standin.rules import check_message
from standin.world import World
from tests.standin.conftest import MiniBot, running

NOBODY = {"users": [], "roles": [], "everyone": False}


@dataclass
class Scene:
    world: World
    channel: Channel
    member: int  # a member of the server
    pingable: Role  # mentionable
    quiet: Role  # not mentionable: only MENTION_EVERYONE pings it

    def text(self) -> str:
        return f"@everyone <@{self.member}> <@&{self.pingable.id}> <@&{self.quiet.id}>"

    def post(self, body: Json, **options: Any) -> Message:
        return self.world.post(self.channel, body, **options)

    def grant_mention_everyone(self) -> None:
        guild = self.world.guilds[self.channel.guild_id or 0]
        role = self.world.add_role(guild, "Announcer", MENTION_EVERYONE)
        self.world.set_role(guild, self.world.bot.id, role.id, has=True)


@pytest.fixture
def scene() -> Scene:
    world = World(lambda: dt.datetime.now(dt.UTC))
    world.seed(guilds=1, members=3)
    guild = next(iter(world.guilds.values()))
    channel = next(c for c in guild.channels.values() if c.name == "general")
    member = next(m.user.id for m in guild.members.values() if m.user.username == "member-1-1")
    pingable = world.add_role(guild, "Quizzers", 0, mentionable=True)
    quiet = world.add_role(guild, "Staff", 0)
    return Scene(world, channel, member, pingable, quiet)


def notified(scene: Scene) -> list[Json]:
    """Whom each notifying message reached, oldest first."""
    keys = ("users", "roles", "everyone")
    return [{k: entry[k] for k in keys} for entry in scene.world.mention_log if entry["notified"]]


def reached(scene: Scene, *, users: bool = False, roles: tuple[Role, ...] = ()) -> Json:
    return {
        "users": [str(scene.member)] if users else [],
        "roles": [str(role.id) for role in roles],
        "everyone": False,
    }


def test_a_channel_message_without_allowed_mentions_pings_what_the_bot_may(scene: Scene) -> None:
    scene.post({"content": scene.text()})
    # No MENTION_EVERYONE: neither @everyone nor the role that is not mentionable.
    assert notified(scene) == [reached(scene, users=True, roles=(scene.pingable,))]

    scene.grant_mention_everyone()
    message = scene.post({"content": scene.text()})
    everything = reached(scene, users=True, roles=(scene.pingable, scene.quiet))
    assert notified(scene)[-1] == everything | {"everyone": True}
    payload = message.payload()  # the message object's own fields agree
    assert payload["mention_everyone"] is True
    assert [u["id"] for u in payload["mentions"]] == [str(scene.member)]
    assert payload["mention_roles"] == [str(scene.pingable.id), str(scene.quiet.id)]


@pytest.mark.parametrize(
    ("allowed", "users", "roles", "everyone"),
    [
        ({"parse": []}, False, (), False),
        ({}, False, (), False),
        ({"parse": ["everyone"]}, False, (), True),
        ({"parse": ["users"]}, True, (), False),
        ({"roles": ["PINGABLE"]}, False, ("pingable",), False),
        ({"roles": ["QUIET"], "parse": ["users"]}, True, ("quiet",), False),
        ({"parse": ["roles"], "users": []}, False, ("pingable", "quiet"), False),
    ],
)
def test_allowed_mentions_let_through_only_what_they_name(
    scene: Scene, allowed: Json, users: bool, roles: tuple[str, ...], everyone: bool
) -> None:
    scene.grant_mention_everyone()
    ids = {"PINGABLE": str(scene.pingable.id), "QUIET": str(scene.quiet.id)}
    named = {k: [ids.get(v, v) for v in vs] for k, vs in allowed.items()}
    scene.post({"content": scene.text(), "allowed_mentions": named})
    chosen = tuple(getattr(scene, name) for name in roles)
    expected = reached(scene, users=users, roles=chosen) | {"everyone": everyone}
    assert notified(scene) == ([expected] if expected != NOBODY else [])


def test_here_counts_as_everyone_and_needs_the_permission(scene: Scene) -> None:
    scene.post({"content": "@here quiz time"})
    assert notified(scene) == []
    scene.grant_mention_everyone()
    scene.post({"content": "@here quiz time"})
    assert notified(scene) == [NOBODY | {"everyone": True}]


def test_text_displays_ping_and_embeds_and_labels_do_not(scene: Scene) -> None:
    button = {"type": 2, "style": 1, "label": f"<@{scene.member}>", "custom_id": "b"}
    scene.post({"content": "", "embeds": [{"description": f"<@{scene.member}>"}]})
    section = {
        "type": SECTION,
        "components": [{"type": TEXT_DISPLAY, "content": f"<@&{scene.pingable.id}>"}],
        "accessory": button,
    }
    layout = {"type": CONTAINER, "components": [section]}
    scene.post({"flags": IS_COMPONENTS_V2, "components": [layout]})
    assert notified(scene) == [reached(scene, roles=(scene.pingable,))]


def test_an_interaction_response_parses_only_users_by_default(scene: Scene) -> None:
    scene.grant_mention_everyone()
    scene.post({"content": scene.text()}, default_mentions=USERS_ONLY)
    assert notified(scene) == [reached(scene, users=True)]


def test_an_edit_rebuilds_the_mentions_but_notifies_nobody(scene: Scene) -> None:
    message = scene.post({"content": "no one yet"})
    scene.world.edit(message, {"content": scene.text()})  # no allowed_mentions: the default
    assert notified(scene) == []
    (logged,) = scene.world.mention_log
    assert (logged["event"], logged["users"]) == ("edit", [str(scene.member)])
    assert [u.id for u in message.mentions] == [scene.member]

    scene.world.edit(message, {"content": scene.text(), "allowed_mentions": {"parse": []}})
    assert (message.mentions, message.mention_roles) == ([], [])
    scene.world.edit(message, {"flags": 0})  # the text stays: so do its mentions
    assert len(scene.world.mention_log) == 1


def test_only_members_and_real_roles_are_reached(scene: Scene) -> None:
    guild_id = scene.channel.guild_id
    bot = scene.world.bot.id
    scene.post({"content": f"<@{10**17}> <@{bot}> <@&{guild_id}> <@&{10**17}> <@!{scene.member}>"})
    assert notified(scene) == [reached(scene, users=True)]


def test_a_dm_reaches_its_recipient_and_never_everyone(scene: Scene) -> None:
    scene.grant_mention_everyone()
    user = scene.world.users[scene.member]
    scene.world.post(scene.world.dm_channel(user), {"content": f"@everyone <@{scene.member}>"})
    assert notified(scene) == [reached(scene, users=True)]


@pytest.mark.parametrize("kind", ["users", "roles"])
def test_parse_and_a_list_of_the_same_kind_is_invalid(kind: str) -> None:
    body = {"content": "hi", "allowed_mentions": {"parse": [kind], kind: ["1"]}}
    with pytest.raises(DiscordError) as refused:
        check_message(body)
    assert refused.value.code == 50035
    assert refused.value.errors is not None
    (error,) = refused.value.errors["allowed_mentions"]["_errors"]
    assert error["code"] == "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE"
    check_message({"content": "hi", "allowed_mentions": {"parse": [kind], kind: []}})


async def test_the_driver_shows_the_log_and_discord_py_reads_the_mentions(
    standin: StandInClient, bot: MiniBot, place: dict[str, Any]
) -> None:
    channel = bot.get_channel(int(place["channel"]))
    assert isinstance(channel, discord.TextChannel)
    loud = await channel.send(f"<@{place['alice']}> and <@{place['bob']}>")
    assert [m.id for m in loud.mentions] == [int(place["alice"]), int(place["bob"])]
    only_bob = discord.AllowedMentions(users=[discord.Object(int(place["bob"]))])
    await loud.edit(
        content=f"<@{place['alice']}> and <@{place['bob']}>!", allowed_mentions=only_bob
    )
    quiet = await channel.send(
        f"<@{place['alice']}>", allowed_mentions=discord.AllowedMentions.none()
    )
    assert quiet.mentions == []

    logged = await standin.mentions()
    assert [(e["message_id"], e["event"], e["notified"], e["users"]) for e in logged] == [
        (str(loud.id), "create", True, [place["alice"], place["bob"]]),
        (str(loud.id), "edit", False, [place["bob"]]),
    ]


class SayingBot(MiniBot):
    """A bot that says what it is told, at once or after a "thinking" deferral."""

    def __init__(self) -> None:
        super().__init__()

        @self.tree.command(description="Say a text")
        async def say(interaction: discord.Interaction, text: str) -> None:
            await interaction.response.send_message(text)

        @self.tree.command(description="Think, then say a text")
        async def later(interaction: discord.Interaction, text: str) -> None:
            await interaction.response.defer(thinking=True)
            await interaction.followup.send(text)


async def test_a_reply_parses_users_only_and_a_deferred_one_notifies_nobody(
    standin: StandInClient, place: dict[str, Any]
) -> None:
    guild = place["guild"]["id"]
    announcer = await standin.add_role(guild, "Announcer", MENTION_EVERYONE)
    await standin.give_role(guild, (await standin.state())["bot_user_id"], announcer["id"])
    role = (await standin.add_role(guild, "Quizzers", mentionable=True))["id"]
    text = f"@everyone <@&{role}> <@{place['alice']}>"
    async with running(SayingBot()):
        for command in ("say", "later"):
            asked = await standin.command(place["bob"], place["channel"], command, text=text)
            await standin.wait_for(functools.partial(_said, standin, asked), timeout=5)
    logged = await standin.mentions()
    assert [(e["event"], e["notified"], e["users"], e["roles"], e["everyone"]) for e in logged] == [
        ("create", True, [place["alice"]], [], False),
        ("edit", False, [place["alice"]], [], False),  # the followup fills the deferral
    ]


async def _said(standin: StandInClient, interaction_id: int) -> bool:
    """Whether the bot has answered with its text (after any deferral)."""
    report = await standin.interaction(interaction_id)
    return any(
        r["kind"] in {"followup", "callback"} and r["type"] != 5 for r in report["responses"]
    )


def test_without_send_messages_the_bots_mention_everyone_is_ignored(scene: Scene) -> None:
    """Discord's implicit permissions: a denied SEND_MESSAGES takes MENTION_EVERYONE with it,
    so an interaction response there (which needs no SEND_MESSAGES) pings no @everyone."""
    scene.grant_mention_everyone()
    guild = scene.world.guilds[scene.channel.guild_id or 0]
    bot_role = next(r for r in guild.roles.values() if r.name == "quizbot")
    scene.channel.overwrites = [Overwrite(bot_role.id, ROLE_OVERWRITE, deny=SEND_MESSAGES)]
    everyone = {"parse": ["everyone", "roles"]}
    scene.post({"content": scene.text(), "allowed_mentions": everyone})
    assert notified(scene)[-1] == reached(scene, roles=(scene.pingable,))

    scene.channel.overwrites = []  # allowed again: the same message reaches everyone
    scene.post({"content": scene.text(), "allowed_mentions": everyone})
    assert notified(scene)[-1] == reached(scene, roles=(scene.pingable, scene.quiet)) | {
        "everyone": True
    }
