"""The playground's server, and keeping it between starts.

The bot's database keys rounds, boards and reviews by Discord ids, so the server, its channels
and its members must keep their ids from one start to the next; the channel history is kept too,
as Discord keeps it. Ephemeral messages are not: a Discord client forgets them on reload.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

from standin import scheduled_events
from standin.model import (
    DM_CHANNEL,
    LOADING,
    Channel,
    Guild,
    Json,
    Member,
    Message,
    Overwrite,
    Role,
    User,
)
from standin.permissions import MANAGE_ROLES
from standin.snowflake import Snowflakes, created_at
from standin.world import World

FORMAT = 1
KEPT_MESSAGES = 2000  # the newest public messages kept between starts
SERVER_NAME = "Quiz Club"
OWNER, MODERATOR, GREEK = "ada", "maria", "eleni"
PLAIN = ("ben", "chloe", "dev", "femi", "grace", "hugo", "ivy", "jonas", "kira", "liam", "mei")
PLAIN_LOCALES = ("en-US", "en-GB")
# Two team roles shared out among the people, to try a team round: `teams: @Red @Blue`.
TEAMS = ("Red", "Blue")
# A role to try reward roles with (`/quiz settings reward_role: @Regular reward_at: 3`): the
# bot's role may give it, as a server whose owner granted "Manage Roles" and put the bot's role
# on top would.
REWARD = "Regular"


def seed(world: World, members: int) -> Guild:
    """One server: the owner, a Moderator, a member whose Discord is in Greek, plain members;
    `members` people in all (at least these three)."""
    guild = world.add_guild(SERVER_NAME)
    world.users[guild.owner_id].username = OWNER
    moderator = next(r.id for r in guild.roles.values() if r.name == "Moderator")
    world.add_member(guild, MODERATOR, roles=[moderator], locale="en-GB")
    world.add_member(guild, GREEK, locale="el")
    top_up(world, members)
    return guild


def top_up(world: World, members: int) -> None:
    """Plain members join until the server has `members` people (the crowd aside): a later
    start with a larger `--members` adds them to the saved server. Each person holds one of
    the team roles, which a server saved before they existed gets now."""
    guild = next(iter(world.guilds.values()))
    people = [m for m in guild.members.values() if not m.user.bot and not _crowd(m.user.username)]
    taken = {m.user.username for m in guild.members.values()}
    spare = [f"member-{n}" for n in range(1, members + 1)]
    names = [name for name in [*PLAIN, *spare] if name not in taken]
    for number, name in enumerate(names[: max(members - len(people), 0)]):
        world.add_member(guild, name, locale=PLAIN_LOCALES[number % len(PLAIN_LOCALES)])
    _share_teams(world, guild)
    _offer_a_reward(world, guild)


def _share_teams(world: World, guild: Guild) -> None:
    """The team roles, made if missing; each person who holds neither gets the next one in
    turn (Ada red, Maria blue, Eleni red, …)."""
    found = {role.name: role.id for role in guild.roles.values()}
    teams = [found.get(name) or world.add_role(guild, name, 0).id for name in TEAMS]
    people = [m for m in guild.members.values() if not m.user.bot and not _crowd(m.user.username)]
    for turn, member in enumerate(people):
        if not set(teams) & set(member.roles):
            world.set_role(guild, member.user.id, teams[turn % len(teams)], has=True)


def _offer_a_reward(world: World, guild: Guild) -> None:
    """The reward role, made if missing, and the bot's role above every other, with "Manage
    Roles" (a server saved before this gets them on its next start)."""
    if all(role.name != REWARD for role in guild.roles.values()):
        world.add_role(guild, REWARD, 0)
    bot_role = next(r for r in guild.roles.values() if r.managed)
    bot_role.permissions |= MANAGE_ROLES
    others = [role.position for role in guild.roles.values() if role is not bot_role]
    bot_role.position = max(bot_role.position, max(others) + 1)


def _crowd(name: str) -> bool:
    return name.startswith("crowd-")  # the crowd's members (see crowd.py) join on their own


def save(world: World, path: Path) -> None:
    """Write the world to `path` atomically (a crash leaves the previous file)."""
    public = [m for m in world.messages.values() if m.visible_to is None and not m.flags & LOADING]
    document = {
        "format": FORMAT,
        "application_id": str(world.application_id),
        "issued": str(world.ids.next()),  # every id so far is below it, dropped messages' too
        "users": [
            {"id": str(u.id), "name": u.username, "bot": u.bot} for u in world.users.values()
        ],
        "guilds": [_guild(g) for g in world.guilds.values()],
        "dm_channels": [
            {"id": str(c.id), "recipient_id": str(c.recipient.id)}
            for c in world.channels.values()
            if c.type == DM_CHANNEL and c.recipient is not None
        ],
        "messages": [_message(m) for m in sorted(public, key=lambda m: m.id)[-KEPT_MESSAGES:]],
        "scheduled_events": [scheduled_events.saved(e) for e in world.scheduled_events.values()],
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(document), encoding="utf-8")
    temporary.replace(path)


def _guild(guild: Guild) -> Json:
    return {
        "id": str(guild.id),
        "name": guild.name,
        "owner_id": str(guild.owner_id),
        "locale": guild.preferred_locale,
        "roles": [
            {
                "id": str(r.id),
                "name": r.name,
                "permissions": str(r.permissions),
                "managed": r.managed,
                "position": r.position,
            }
            for r in guild.roles.values()
        ],
        "channels": [
            {"id": str(c.id), "name": c.name, "overwrites": [o.payload() for o in c.overwrites]}
            for c in guild.channels.values()
        ],
        "members": [
            {
                "user_id": str(m.user.id),
                "roles": [str(r) for r in m.roles],
                "locale": m.locale,
                "joined_at": m.joined_at.isoformat(),
            }
            for m in guild.members.values()
        ],
    }


def _message(message: Message) -> Json:
    return {
        "id": str(message.id),
        "channel_id": str(message.channel_id),
        "body": message.body,
        "interaction": message.interaction,
        "edited_at": None if message.edited_at is None else message.edited_at.isoformat(),
        "invoked": message.invoked,
        "mentions": [str(u.id) for u in message.mentions],
    }


def restore(world: World, path: Path) -> bool:
    """Load the world saved at `path` into a fresh `world`; False when there is none yet."""
    if not path.is_file():
        return False
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if document.get("format") != FORMAT:
        return False
    world.application_id = int(document["application_id"])
    world.users = {
        int(u["id"]): User(int(u["id"]), u["name"], bot=u["bot"]) for u in document["users"]
    }
    world.bot = world.users[world.application_id]
    for saved_guild in document["guilds"]:
        guild = _restore_guild(world, saved_guild)
        world.guilds[guild.id] = guild
        world.channels.update(guild.channels)
    for dm in document["dm_channels"]:
        recipient = world.users[int(dm["recipient_id"])]
        world.channels[int(dm["id"])] = Channel(
            int(dm["id"]), "", None, type=DM_CHANNEL, recipient=recipient
        )
    for saved_message in document["messages"]:
        _restore_message(world, saved_message)
    for saved_event in document.get("scheduled_events", []):  # files from before events: none
        event = scheduled_events.restored(saved_event, world.users)
        if event is not None and event.guild_id in world.guilds:
            world.scheduled_events[event.id] = event
    newest = max([*world.users, *world.channels, *world.messages, int(document["issued"])])
    world.ids = Snowflakes(world.now, start=max(world.now(), created_at(newest)))
    return True


def _restore_guild(world: World, saved: Json) -> Guild:
    guild = Guild(int(saved["id"]), saved["name"], int(saved["owner_id"]), saved["locale"])
    for index, role in enumerate(saved["roles"]):
        role_id = int(role["id"])
        position = int(role.get("position", index))  # files from before positions: their order
        guild.roles[role_id] = Role(
            role_id, role["name"], int(role["permissions"]), position, managed=role["managed"]
        )
    for position, channel in enumerate(saved["channels"]):
        overwrites = [
            Overwrite(int(o["id"]), int(o["type"]), int(o["allow"]), int(o["deny"]))
            for o in channel["overwrites"]
        ]
        channel_id = int(channel["id"])
        guild.channels[channel_id] = Channel(
            channel_id, channel["name"], guild.id, position, overwrites=overwrites
        )
    for member in saved["members"]:
        user = world.users[int(member["user_id"])]
        guild.members[user.id] = Member(
            user,
            guild.id,
            dt.datetime.fromisoformat(member["joined_at"]),
            roles=[int(r) for r in member["roles"]],
            locale=member["locale"],
        )
    return guild


def _restore_message(world: World, saved: Json) -> None:
    channel = world.channels.get(int(saved["channel_id"]))
    if channel is None:
        return
    edited = saved["edited_at"]
    message = Message(
        int(saved["id"]),
        channel.id,
        channel.guild_id,
        world.bot,
        saved["body"],
        mentions=[world.users[int(u)] for u in saved["mentions"] if int(u) in world.users],
        interaction=saved["interaction"],
        edited_at=None if edited is None else dt.datetime.fromisoformat(edited),
        invoked=saved["invoked"],
    )
    message.webhook_id = world.application_id if message.interaction is not None else None
    world.messages[message.id] = message
    channel.last_message_id = message.id
