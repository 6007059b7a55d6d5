"""Who may run rounds: Manage Server, or the configured moderator role; the bot checks each time."""

from __future__ import annotations

from bot.app.kit.catalogue import tr
from bot.storage.rounds import lifecycle
from bot.storage.settings import settings
from tests.e2e.conftest import QuizWorld, titled

NOT_MODERATOR = "errors.not_moderator"


async def test_a_member_without_permission_cannot_start_stop_or_skip(world: QuizWorld) -> None:
    member = world.members[0]
    await world.start_bot()
    refused = tr(world.locales[member], NOT_MODERATOR)
    assert await world.said(await world.command(member, "quiz start", pack="mini")) == refused
    assert await lifecycle.running_rounds(world.db) == []
    await world.command(world.owner, "quiz start", pack="mini", seconds=60)
    assert await world.said(await world.command(member, "quiz skip")) == refused
    assert await world.said(await world.command(member, "quiz stop")) == refused

    async def first_question_open() -> bool:
        (running,) = await lifecycle.running_rounds(world.db)
        return running.question_index == 0 and running.question_open

    # The conductor opens the first question on its own time; the refusals must not close it.
    await world.standin.wait_for(first_question_open, timeout=10)


async def test_the_moderator_role_can_run_rounds(bot_world: QuizWorld) -> None:
    world = bot_world  # the role is created while the bot is connected, as on Discord
    role = await world.standin.add_role(world.guild_id, "Quizmaster", permissions=0)
    quizmaster = await world.standin.add_member(
        world.guild_id, "quizmaster", locale="en-US", roles=[role["id"]]
    )
    quizmaster_id = int(quizmaster["id"])
    saved = await world.command(world.owner, "quiz settings", moderator_role=role["id"], seconds=45)
    assert "Settings saved." in await world.said(saved)
    configured = await settings.guild_settings(world.db, world.guild_id)
    assert configured.moderator_role_id == int(role["id"])
    assert configured.question_seconds == 45

    started = await world.command(quizmaster_id, "quiz start", pack="mini")
    assert "Quiz: Mini quiz" in await world.said(started)
    (running,) = await lifecycle.running_rounds(world.db)
    assert running.question_seconds == 45  # the server's default
    stopped = await world.command(quizmaster_id, "quiz stop")
    assert await world.said(stopped) == "Stopping the round."
    await world.wait_for_message(titled("Round stopped: Mini quiz"))
    assert await lifecycle.running_rounds(world.db) == []


async def test_only_manage_server_changes_settings(bot_world: QuizWorld) -> None:
    member = bot_world.members[0]
    report = await bot_world.command(member, "quiz settings", seconds=10)
    assert await bot_world.said(report) == tr(bot_world.locales[member], "errors.not_manager")
    assert (await settings.guild_settings(bot_world.db, bot_world.guild_id)).question_seconds != 10
