"""The playground's server between starts: the same ids, members, roles and public history."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from bot.playground.world import GREEK, MODERATOR, OWNER, REWARD, restore, save, seed, top_up
from standin import recurrence
from standin.permissions import MANAGE_ROLES
from standin.scheduled_events import EventException, ScheduledEvent
from standin.world import World


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def test_a_saved_world_comes_back_with_its_ids_and_public_messages(tmp_path: Path) -> None:
    world = World(now)
    guild = seed(world, members=5)
    quiz = next(c for c in guild.channels.values() if c.name == "quiz")
    people = {m.user.username: m for m in guild.members.values()}
    assert set(people) >= {OWNER, MODERATOR, GREEK, "quizbot"}
    assert people[GREEK].locale == "el"
    public = world.post(
        quiz, {"content": f"hello <@{people[OWNER].user.id}>"}, interaction={"id": "1"}
    )
    public.invoked = "quiz start"
    world.edit(public, {"content": "edited"})
    world.post(quiz, {"content": "secret", "flags": 64}, visible_to=people[OWNER].user.id)
    save(world, tmp_path / "world.json")

    again = World(now)
    assert restore(again, tmp_path / "world.json")
    assert again.application_id == world.application_id
    assert again.bot.id == world.bot.id
    back = again.guilds[guild.id]
    assert {c.id: c.name for c in back.channels.values()} == {
        c.id: c.name for c in guild.channels.values()
    }
    assert {m.user.id: (m.roles, m.locale) for m in back.members.values()} == {
        m.user.id: (m.roles, m.locale) for m in guild.members.values()
    }
    moderators = next(c.id for c in guild.channels.values() if c.name == "moderators")
    assert back.channels[moderators].overwrites == guild.channels[moderators].overwrites
    restored = [m.payload() for m in again.messages.values()]
    assert restored == [public.payload()]  # the ephemeral one is gone, as on a client's reload
    assert again.messages[public.id].invoked == "quiz start"
    assert again.ids.next() > max(world.messages)  # new ids come after the saved ones


def test_more_members_join_a_saved_server_when_asked() -> None:
    world = World(now)
    guild = seed(world, members=4)
    world.add_member(guild, "crowd-1")
    people = [m.user.username for m in guild.members.values() if not m.user.bot]
    assert people == [OWNER, MODERATOR, GREEK, "ben", "crowd-1"]
    top_up(world, members=4)
    assert len(guild.members) == 6  # the same: four people, the crowd and the bot
    top_up(world, members=6)
    assert [m.user.username for m in guild.members.values()][-2:] == ["chloe", "dev"]


def test_there_is_nothing_to_restore_at_first(tmp_path: Path) -> None:
    assert not restore(World(now), tmp_path / "world.json")


def _scheduled(world: World, guild_id: int, interested: int) -> ScheduledEvent:
    start = now().replace(microsecond=0) + dt.timedelta(days=1)
    rule = recurrence.parse(
        {"start": start.isoformat(), "frequency": 2, "by_weekday": [start.weekday()]}, now()
    )
    event = ScheduledEvent(
        id=world.ids.next(),
        guild_id=guild_id,
        creator=world.bot,
        name="Quiz night",
        start=start,
        end=start + dt.timedelta(hours=1),
        location="#quiz",
        description="Ten questions",
        rule=rule,
        interested={interested},
    )
    skipped = EventException(event.id, start + dt.timedelta(days=7), canceled=True)
    event.exceptions[skipped.id] = skipped
    world.scheduled_events[event.id] = event
    return event


def test_a_saved_world_keeps_its_scheduled_events(tmp_path: Path) -> None:
    world = World(now)
    guild = seed(world, members=4)
    greek = next(m.user.id for m in guild.members.values() if m.user.username == GREEK)
    event = _scheduled(world, guild.id, greek)
    save(world, tmp_path / "world.json")
    again = World(now)
    assert restore(again, tmp_path / "world.json")
    back = again.scheduled_events[event.id]
    assert back.payload(user_count=True) == event.payload(user_count=True)
    assert back.interested == {greek}
    assert back.rule is not None
    assert back.rule.after(event.start) == event.start + dt.timedelta(days=7)
    assert again.ids.next() > event.id


def test_a_world_saved_before_scheduled_events_still_loads(tmp_path: Path) -> None:
    world = World(now)
    seed(world, members=4)
    save(world, tmp_path / "world.json")
    document = json.loads((tmp_path / "world.json").read_text())
    del document["scheduled_events"]
    (tmp_path / "world.json").write_text(json.dumps(document))
    again = World(now)
    assert restore(again, tmp_path / "world.json")
    assert again.scheduled_events == {}


def test_the_bot_may_give_the_reward_role_before_and_after_a_restart(tmp_path: Path) -> None:
    world = World(now)
    guild = seed(world, members=5)
    roles = {role.name: role for role in guild.roles.values()}
    bot_role = roles["quizbot"]
    assert bot_role.permissions & MANAGE_ROLES
    assert all(r.position < bot_role.position for r in guild.roles.values() if r is not bot_role)
    save(world, tmp_path / "world.json")
    again = World(now)
    assert restore(again, tmp_path / "world.json")
    back = again.guilds[guild.id].roles
    assert {r.id: r.position for r in back.values()} == {r.id: r.position for r in roles.values()}
    top_up(again, members=5)  # as each start does: nothing moves, nothing is added twice
    assert [r.name for r in back.values()].count(REWARD) == 1
    assert {r.id: r.position for r in back.values()} == {r.id: r.position for r in roles.values()}
