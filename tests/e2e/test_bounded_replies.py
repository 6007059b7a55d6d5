"""Replies stay within Discord's limits whatever a member types; `/stats` of someone who is not
(or no longer) in the server."""

from __future__ import annotations

from bot.app.kit.catalogue import tr
from tests.e2e.conftest import Json, QuizWorld, seed_finished_round

EPHEMERAL = 1 << 6
LONG_NAME = "x" * 6000  # the longest string option Discord accepts


def flags_of(report: Json) -> list[int]:
    return [
        (response["body"].get("data", response["body"]) or {}).get("flags", 0)
        for response in report["responses"]
    ]


async def rejected(world: QuizWorld) -> list[Json]:
    """Replies to interactions (callbacks and followups) the stand-in refused, as Discord would."""
    return [
        request
        for request in await world.standin.request_log()
        if request["route"].startswith(("/interactions/", "/webhooks/"))
        and request["status"] >= 400
    ]


async def test_a_6000_character_pack_name_gets_a_short_private_answer(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    for command in ("quiz start", "leaderboard", "review"):
        report = await world.command(world.owner, command, pack=LONG_NAME)
        said = await world.said(report)
        assert said.startswith("There is no pack called “xxxxxxxx"), command
        assert said.endswith("…”. Try /quiz packs."), command
        assert len(said) < 200, command  # the name is cut, not the sentence
        assert flags_of(report) == [EPHEMERAL], command
    assert await rejected(world) == []


async def test_stats_of_someone_who_left_shows_their_answers_here(world: QuizWorld) -> None:
    leaver = world.members[4]
    # Seeded before the bot connects, so no running conductor can touch the round meanwhile.
    await seed_finished_round(world, {leaver: 2})
    await world.standin.remove_member(world.guild_id, leaver)
    await world.start_bot()
    report = await world.command(world.members[0], "stats", member=str(leaver))
    said = await world.said(report)
    assert f"<@{leaver}> (no longer in this server)" in said
    assert "Answers: 3" in said
    assert "Accuracy: 67%" in said
    assert flags_of(report) == [EPHEMERAL]
    assert await rejected(world) == []


async def test_stats_of_a_user_not_in_the_server_says_so(bot_world: QuizWorld) -> None:
    world = bot_world
    passer_by = int((await world.standin.add_member(world.guild_id, "passer-by"))["id"])
    await world.standin.remove_member(world.guild_id, passer_by)
    for asker in world.members[:2]:  # en-US, then el
        report = await world.command(asker, "stats", member=str(passer_by))
        locale = world.locales[asker]
        expected = tr(locale, "stats.not_in_server", member=f"<@{passer_by}>")
        assert await world.said(report) == expected
        assert flags_of(report) == [EPHEMERAL]
    assert world.locales[world.members[1]] == "el"
    assert await rejected(world) == []
