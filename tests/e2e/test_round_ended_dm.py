"""The DM telling a moderator why their round ended is theirs: in their DM language, as
reminders are, not in the server's language."""

from __future__ import annotations

from bot.app.kit.catalogue import tr
from bot.quiz.rounds.rules import RoundState
from bot.storage.rounds import lifecycle
from tests.e2e.conftest import QuizWorld, question_message

TIMEOUT = 15.0


async def test_the_round_ended_dm_is_in_the_starters_dm_language(bot_world: QuizWorld) -> None:
    world = bot_world
    await world.command(world.owner, "settings", language="el")  # an English server
    await world.command(world.owner, "quiz start", pack="mini", seconds=5)
    await question_message(world, 1, 3)
    (view,) = await lifecycle.running_rounds(world.db)
    await world.standin.remove_channel(world.guild_id, world.channel_id)  # the reveal meets 10003

    async def ended() -> bool:
        return (await lifecycle.get_round(world.db, view.id)).state is RoundState.STOPPED

    await world.standin.wait_for(ended, timeout=TIMEOUT)
    dm = await world.standin.dm_channel(world.owner)

    async def told() -> bool:
        return bool(await world.standin.messages(dm, as_user=world.owner))

    await world.standin.wait_for(told, timeout=TIMEOUT)
    (message,) = await world.standin.messages(dm, as_user=world.owner)
    assert message["content"] == tr(
        "el",
        "round.ended_for_you",
        pack="Μικρό κουίζ",
        channel=f"<#{world.channel_id}>",
        reason=tr("el", "round.lost.10003"),
    )
