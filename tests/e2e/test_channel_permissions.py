"""What the bot needs in a channel beyond posting there, as Discord enforces it: a round of a pack
with pictures needs Attach Files (Discord refuses every picture without it, 403 50013), so
`/quiz start` and `/quiz schedule add` refuse it privately, in the member's language, and a
schedule whose channel lost the permission does not start its round and tells its moderator;
a season's final standings are an embed, so a season needs Embed Links in its channel."""

from __future__ import annotations

import pytest

from bot.app.kit.catalogue import tr
from bot.quiz.schedules.series import Outcome
from bot.storage.rounds import lifecycle
from standin.permissions import ATTACH_FILES, EMBED_LINKS, EVERYONE_DEFAULT, MEMBER_OVERWRITE
from tests.databases import BACKENDS
from tests.e2e.conftest import QuizWorld
from tests.e2e.scheduling import (
    add,
    all_schedules,
    local,
    local_today,
    move_to,
    passes,
    rounds_started,
    schedule_outcomes,
    wait_for_dms,
)

PICTURED = "ring-attention"  # a shipped pack whose questions show pictures
PLAIN = "mini"


async def closed_channel(world: QuizWorld, name: str, denied: int) -> str:
    """A channel where the bot is denied ``denied`` (its own overwrite); its id. Made before
    the bot connects, so its cache has the channel."""
    bot_user = (await world.standin.state())["bot_user_id"]
    overwrite = {"id": bot_user, "type": MEMBER_OVERWRITE, "deny": denied}
    return str((await world.standin.add_channel(world.guild_id, name, [overwrite]))["id"])


async def said_in(world: QuizWorld, channel: str, user: int, name: str, **options: object) -> str:
    asked = await world.standin.command(user, channel, name, **options)  # type: ignore[arg-type]
    return await world.said(await world.standin.wait_for_response(asked))


def refused_uploads(log: list[dict[str, object]]) -> list[dict[str, object]]:
    return [r for r in log if r["status"] == 403]


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_a_round_of_pictures_is_refused_where_the_bot_cannot_attach_files(
    world: QuizWorld,
) -> None:
    no_files = await closed_channel(world, "no-files", ATTACH_FILES)
    await world.start_bot()
    greek = next(m for m in world.members if world.locales[m] == "el")
    await world.standin.give_role(world.guild_id, greek, "Moderator")

    here = await said_in(world, no_files, greek, "quiz start", pack=PICTURED)
    assert here == tr("el", "round.cannot_attach", channel=f"<#{no_files}>")
    elsewhere = await world.said(
        await world.command(world.owner, "quiz start", pack=PICTURED, channel=no_files)
    )
    assert elsewhere == tr("en", "round.cannot_attach", channel=f"<#{no_files}>")
    assert "“Attach Files”" in elsewhere
    scheduled = await said_in(
        world, no_files, world.owner, "quiz schedule add", pack=PICTURED, day="daily", time="12:00"
    )
    assert scheduled == tr("en", "schedule.cannot_attach", channel=f"<#{no_files}>")
    assert await lifecycle.running_rounds(world.db) == []
    assert refused_uploads(await world.standin.request_log()) == []

    # A pack without pictures needs no files: its round starts there.
    await said_in(world, no_files, world.owner, "quiz start", pack=PLAIN, seconds=60)
    (running,) = await lifecycle.running_rounds(world.db)
    assert (running.pack_id, running.channel_id) == (PLAIN, int(no_files))


async def test_a_schedule_whose_channel_lost_attach_files_tells_its_moderator(
    clocked: QuizWorld,
) -> None:
    world = clocked
    today = local_today(world)
    await add(world, pack=PICTURED, day="daily", time="12:00")
    assert len(await all_schedules(world)) == 1  # added: the bot may attach files in #quiz
    # An admin takes Attach Files from @everyone, where the bot's comes from.
    await world.standin.set_role_permissions(
        world.guild_id, world.guild_id, EVERYONE_DEFAULT & ~ATTACH_FILES
    )
    await move_to(world, local(today, 12))
    (note,) = await wait_for_dms(world, world.owner)
    await passes(world)
    assert await rounds_started(world) == []
    assert await schedule_outcomes(world) == {today: (Outcome.CANNOT_POST, None)}
    assert tr("en", "schedule.outcome.cannot_post") in note["content"]
    assert "“Attach Files”" in note["content"]
    assert refused_uploads(await world.standin.request_log()) == []


async def test_a_season_is_refused_where_its_final_standings_cannot_be_embedded(
    world: QuizWorld,
) -> None:
    no_embeds = await closed_channel(world, "no-embeds", EMBED_LINKS)
    await world.start_bot()
    report = await world.command(world.owner, "quiz season start", name="Spring", channel=no_embeds)
    said = await world.said(report)
    assert said == tr("en", "season.cannot_post", channel=f"<#{no_embeds}>")
    assert "“Embed Links”" in said
