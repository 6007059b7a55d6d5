"""The server changing under a running bot, as Discord tells it over the gateway: a server that
adds the bot later plays rounds at once (GUILD_CREATE); a channel made later hosts one
(CHANNEL_CREATE); a deleted ping role is no longer pinged (GUILD_ROLE_DELETE); a round goes on
across an outage of its server (GUILD_DELETE unavailable, then GUILD_CREATE)."""

from __future__ import annotations

from bot.storage.rounds import lifecycle
from tests.e2e.conftest import TIMEOUT, Json, QuizWorld, titled

PLAIN = "mini"


async def question_in(world: QuizWorld, channel: str, as_user: int, number: int = 1) -> Json:
    """Question ``number`` of the mini pack's round once it is posted in ``channel``."""
    heading = titled(f"Question {number} of")

    async def posted() -> list[Json]:
        return [m for m in await world.standin.messages(channel, as_user=as_user) if heading(m)]

    return (await world.standin.wait_for(posted, TIMEOUT))[-1]


async def test_a_server_that_adds_the_bot_after_it_started_plays_rounds(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    added = await world.standin.add_guild("Late club")
    quiz = next(c["id"] for c in added["channels"] if c["name"] == "quiz")
    owner = int(added["owner_id"])
    asked = await world.standin.command(owner, quiz, "quiz start", pack=PLAIN, seconds=60)
    await world.standin.wait_for_response(asked, timeout=TIMEOUT)
    question = await question_in(world, quiz, owner)
    assert question["guild_id"] == added["id"]


async def test_a_channel_made_after_the_bot_started_hosts_a_round(bot_world: QuizWorld) -> None:
    world = bot_world
    late = (await world.standin.add_channel(world.guild_id, "late-quiz"))["id"]
    await world.command(world.owner, "quiz start", pack=PLAIN, seconds=60, channel=late)
    (view,) = await lifecycle.running_rounds(world.db)
    assert view.channel_id == int(late)
    await question_in(world, late, world.owner)


async def test_a_deleted_ping_role_is_not_pinged(bot_world: QuizWorld) -> None:
    world = bot_world
    role = (await world.standin.add_role(world.guild_id, "Quizzers", mentionable=True))["id"]
    await world.command(world.owner, "quiz settings", ping_role=role)
    await world.standin.remove_role(world.guild_id, role)
    started = await world.command(world.owner, "quiz start", pack=PLAIN, seconds=60)
    assert f"<@&{role}>" not in str(started["responses"][0]["body"])
    assert [m for m in await world.standin.mentions() if m["roles"]] == []


async def test_a_round_goes_on_across_an_outage_of_its_server(bot_world: QuizWorld) -> None:
    world = bot_world
    await world.command(world.owner, "quiz start", pack=PLAIN, seconds=60)
    await question_in(world, str(world.channel_id), world.owner)
    await world.standin.guild_outage(world.guild_id)
    assert world.bot is not None
    guild = world.bot.get_guild(world.guild_id)
    await world.standin.wait_for(lambda: guild is not None and guild.unavailable, TIMEOUT)
    await world.standin.guild_recovered(world.guild_id)
    await world.standin.wait_for(
        lambda: (
            (back := world.bot.get_guild(world.guild_id)) is not None  # type: ignore[union-attr]
            and not back.unavailable
        ),
        TIMEOUT,
    )
    await world.command(world.owner, "quiz skip")
    await world.wait_for_message(titled("Question 1 of 3 · Closed"))
    await question_in(world, str(world.channel_id), world.owner, number=2)
