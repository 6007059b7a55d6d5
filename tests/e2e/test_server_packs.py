"""`/quiz pack …`: a pack uploaded as an attachment is stored and playable in its server only;
a broken one gets its problems back privately and stores nothing; limits, shadowing, removal,
and turning built-in packs off and on."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from bot.app.kit.catalogue import tr
from bot.app.kit.custom_ids import UPLOAD_CONFIRM
from bot.quiz.packs.server_packs import MAX_SERVER_PACKS
from bot.quiz.packs.upload_rate import UPLOADS_PER_WINDOW, WINDOW_S, UploadRate
from bot.quiz.reader.loader import MAX_PACK_BYTES
from bot.storage.models import AnswerRow, PackRow, ServerPackRow
from bot.storage.rounds import lifecycle
from standin.commands import OptionValue
from tests.e2e.conftest import TIMEOUT, Json, QuizWorld, answer, question_message, shown_letter
from tests.e2e.test_bounded_replies import EPHEMERAL, flags_of
from tests.messages import components_in
from tests.storage.factories import CAPITALS

BROKEN = """\
id: capitals
locales: [en]
title: Capitals
summary: Which city is the capital.
difficulty: hard-ish
questions:
  - id: france
    prompt: "The capital of France?"
    options:
      - text: Paris
      - text: Lyon
    explanation: Paris.
"""


@dataclass(frozen=True, slots=True)
class Place:
    """A server, a channel in it and a moderator there (its owner)."""

    guild_id: int
    channel_id: int
    moderator: int


async def run(world: QuizWorld, place: Place, command: str, **options: OptionValue) -> Json:
    """Runs a command and returns its report once everything it says is in (deferred ones too)."""
    asked = await world.standin.command(place.moderator, place.channel_id, command, **options)

    async def settled() -> Json:
        report = await world.standin.interaction(asked)
        bodies = [r["body"] for r in report["responses"]]
        deferred = bool(bodies) and bodies[0].get("type") == 5  # thinking
        return report if report["responses"] and (not deferred or len(bodies) > 1) else {}

    return await world.standin.wait_for(settled, timeout=TIMEOUT)


async def preview(
    world: QuizWorld, place: Place, data: str | bytes, name: str = "capitals.yaml"
) -> Json:
    """The report of `/quiz pack upload` with the file attached: its preview, or its problems."""
    body = data.encode() if isinstance(data, str) else data
    file_id = await world.standin.attach(place.channel_id, name, body)
    return await run(world, place, "quiz pack upload", file=file_id)


def preview_button(report: Json, prefix: str) -> tuple[str, str] | None:
    """The preview message's id and the custom_id of its button of ``prefix``, if it has one."""
    last = report["responses"][-1]
    for component in components_in(last["body"]):
        if str(component.get("custom_id", "")).startswith(f"{prefix}:"):
            return last["message_id"], component["custom_id"]
    return None


async def press(world: QuizWorld, place: Place, report: Json, prefix: str = UPLOAD_CONFIRM) -> Json:
    """Clicks the preview's Confirm (or Cancel) as the moderator who uploaded; its report."""
    found = preview_button(report, prefix)
    assert found is not None, f"no {prefix} button on {report['responses'][-1]['body']}"
    asked = await world.standin.click(place.moderator, *found)
    return await world.standin.wait_for_response(asked, timeout=TIMEOUT)


async def upload(
    world: QuizWorld, place: Place, data: str | bytes, name: str = "capitals.yaml"
) -> Json:
    """Uploads a file and confirms its preview: the Confirm's report, or the upload's own when
    there is nothing to confirm (problems, a refusal)."""
    report = await preview(world, place, data, name)
    if preview_button(report, UPLOAD_CONFIRM) is None:
        return report
    return await press(world, place, report)


async def said_in(world: QuizWorld, report: Json) -> str:
    """What the bot said, a deferral's empty "thinking" response left out."""
    return (await world.said(report)).strip()


def home(world: QuizWorld) -> Place:
    return Place(world.guild_id, world.channel_id, world.owner)


async def second_server(world: QuizWorld) -> Place:
    """Another server the bot is in (added before the bot connects)."""
    assert world.standin.core is not None
    guild = world.standin.core.world.add_guild("Other club")
    channel = next(c for c in guild.channels.values() if c.name == "quiz")
    return Place(guild.id, channel.id, guild.owner_id)


async def stored_packs(world: QuizWorld) -> list[tuple[int, str]]:
    async with world.db.read() as connection:
        rows = await connection.execute(select(ServerPackRow.guild_id, ServerPackRow.pack_id))
        return sorted((row[0], row[1]) for row in rows)


async def choices(world: QuizWorld, place: Place, typed: str) -> list[str]:
    asked = await world.standin.autocomplete(
        place.moderator, place.channel_id, "quiz start", focused="pack", pack=typed
    )
    report = await world.standin.wait_for_response(asked, timeout=TIMEOUT)
    return [c["value"] for c in report["responses"][0]["body"]["data"]["choices"]]


async def test_an_uploaded_pack_is_played_in_its_server_only(world: QuizWorld) -> None:
    here = home(world)
    there = await second_server(world)
    await world.start_bot()
    stored = await said_in(world, await upload(world, here, CAPITALS))
    assert stored.startswith(
        "Pack **Capitals** (`capitals`) is stored for this server: 1 question."
    )
    assert await choices(world, here, "capit") == ["capitals"]
    assert await choices(world, there, "capit") == []
    listed = await said_in(world, await run(world, here, "quiz packs"))
    assert "**Capitals** (`capitals`) · Easy · 1 question · this server's own pack" in listed
    assert "Capitals" not in await said_in(world, await run(world, there, "quiz packs"))
    refused = await said_in(world, await run(world, there, "quiz start", pack="capitals"))
    assert refused == "There is no pack called “capitals”. Try /quiz packs."
    await run(world, here, "quiz start", pack="capitals", seconds=60)
    (view,) = await lifecycle.running_rounds(world.db)
    assert view.pack_id == f"capitals@{here.guild_id}"
    message = await question_message(world, 1, 1)
    assert await answer(world, world.members[0], message, 0) == tr(
        "en-US", "round.locked_in", letter=shown_letter(message, 0)
    )
    await world.standin.wait_for(lambda: _answers(world), timeout=TIMEOUT)
    assert await _answers(world) == [(f"capitals@{here.guild_id}", "france", True)]
    # The other server may use the same id: its pack is its own.
    other = CAPITALS.replace("title: Capitals", "title: Our capitals")
    assert "stored for this server" in await said_in(world, await upload(world, there, other))
    assert await stored_packs(world) == sorted(
        [(here.guild_id, "capitals"), (there.guild_id, "capitals")]
    )
    async with world.db.read() as connection:
        ids = set((await connection.execute(select(PackRow.id))).scalars())
    assert {f"capitals@{here.guild_id}", f"capitals@{there.guild_id}"} <= ids


async def test_a_broken_upload_gets_its_problems_privately_and_stores_nothing(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    report = await upload(world, home(world), BROKEN)
    said = await said_in(world, report)
    assert said.startswith("The pack was not stored: 2 problems in the file.")
    assert "capitals.yaml:5:13: difficulty: 'hard-ish' must be one of" in said
    assert "capitals.yaml:10:7: questions[0].options: at least one option must be correct" in said
    assert all(flags & EPHEMERAL for flags in flags_of(report))
    assert await stored_packs(world) == []
    assert await choices(world, home(world), "capit") == []


async def test_limits_and_built_in_ids_are_refused(bot_world: QuizWorld) -> None:
    world = bot_world
    place = home(world)
    assert world.bot is not None
    world.bot.ctx.shelf.rate = UploadRate(limit=100)  # this test uploads 24 files in a row
    shadow = CAPITALS.replace("id: capitals", "id: mini")
    said = await said_in(world, await upload(world, place, shadow))
    assert (
        said
        == "`mini` is the id of a built-in pack: give your pack another id. Nothing was stored."
    )
    padding = "#" * (MAX_PACK_BYTES + 1) + "\n"
    said = await said_in(world, await upload(world, place, CAPITALS + padding))
    assert said.startswith("The file is over 256 KiB")
    for number in range(MAX_SERVER_PACKS):
        pack = CAPITALS.replace("id: capitals", f"id: pack-{number}")
        assert "stored" in await said_in(world, await upload(world, place, pack))
    said = await said_in(world, await upload(world, place, CAPITALS))
    assert said.startswith(f"This server already has {MAX_SERVER_PACKS} packs, its limit.")
    assert len(await stored_packs(world)) == MAX_SERVER_PACKS
    replaced = CAPITALS.replace("id: capitals", "id: pack-0")
    assert "is replaced by the new file" in await said_in(
        world, await upload(world, place, replaced)
    )


async def test_a_server_uploading_too_often_is_told_when_it_may_again(world: QuizWorld) -> None:
    here = home(world)
    there = await second_server(world)
    await world.start_bot()
    for number in range(UPLOADS_PER_WINDOW):
        pack = CAPITALS.replace("id: capitals", f"id: pack-{number}")
        assert "is stored for this server" in await said_in(world, await upload(world, here, pack))
    report = await upload(world, here, CAPITALS)
    said = await said_in(world, report)
    waited = int(said.split("Try again in ")[1].split(" ")[0])
    assert said == (
        f"This server may upload at most {UPLOADS_PER_WINDOW} packs in {WINDOW_S:.0f} seconds. "
        f"Try again in {waited} seconds. Nothing was stored."
    )
    assert 0 < waited <= WINDOW_S
    assert all(flags & EPHEMERAL for flags in flags_of(report))
    assert [r["body"]["type"] for r in report["responses"]] == [4]  # at once: not even deferred
    assert (here.guild_id, "capitals") not in await stored_packs(world)
    assert "is stored for this server" in await said_in(world, await upload(world, there, CAPITALS))


async def test_a_pack_is_removed(bot_world: QuizWorld) -> None:
    """Removed during a round of it: tests/e2e/test_pack_versions.py."""
    world = bot_world
    place = home(world)
    await upload(world, place, CAPITALS)
    said = await said_in(world, await run(world, place, "quiz pack remove", pack="capitals"))
    assert said.startswith("Pack `capitals` is removed from this server.")
    assert await stored_packs(world) == []
    again = await said_in(world, await run(world, place, "quiz pack remove", pack="capitals"))
    assert again == "This server has no uploaded pack `capitals`."
    refused = await said_in(world, await run(world, place, "quiz start", pack="capitals"))
    assert refused.startswith("There is no pack called “capitals”.")


async def _answers(world: QuizWorld) -> list[tuple[str, str, bool]]:
    """The answers recorded (graded against the pack's registered questions)."""
    async with world.db.read() as connection:
        rows = await connection.execute(
            select(AnswerRow.pack_id, AnswerRow.question_id, AnswerRow.correct)
        )
        return [(row[0], row[1], row[2]) for row in rows]


async def _no_round(world: QuizWorld) -> bool:
    return not await lifecycle.running_rounds(world.db)


async def test_a_built_in_pack_is_turned_off_and_on_per_server(world: QuizWorld) -> None:
    here = home(world)
    there = await second_server(world)
    await world.start_bot()
    said = await said_in(world, await run(world, here, "quiz pack disable", pack="mini"))
    assert said.startswith("Built-in pack `mini` is turned off in this server")
    assert "mini" not in await choices(world, here, "mini")
    assert await choices(world, there, "mini") == ["mini"]
    refused = await said_in(world, await run(world, here, "quiz start", pack="mini"))
    assert refused.startswith("There is no pack called “mini”.")
    listed = await said_in(world, await run(world, here, "quiz pack list"))
    assert "`mini`" in listed
    assert "Mini quiz" not in await said_in(world, await run(world, here, "quiz packs"))
    said = await said_in(world, await run(world, here, "quiz pack enable", pack="mini"))
    assert said == "Built-in pack `mini` is on again in this server."
    started = await said_in(world, await run(world, here, "quiz start", pack="mini", seconds=60))
    assert "Mini quiz" in started


async def test_members_cannot_manage_packs(bot_world: QuizWorld) -> None:
    world = bot_world
    member = Place(world.guild_id, world.channel_id, world.members[0])
    said = await said_in(world, await upload(world, member, CAPITALS))
    assert said.startswith("Only moderators can do that")
    assert await stored_packs(world) == []


async def test_reviews_and_stats_show_a_servers_pack_only_there(world: QuizWorld) -> None:
    here = home(world)
    there = await second_server(world)
    learner = world.members[0]
    assert world.standin.core is not None
    core_world = world.standin.core.world
    core_world.add_member(core_world.guilds[there.guild_id], core_world.user(learner))
    await world.start_bot()
    await upload(world, here, CAPITALS)
    await run(world, here, "quiz start", pack="capitals", seconds=60)
    await answer(world, learner, await question_message(world, 1, 1), 1)  # wrong: due soon
    await run(world, here, "quiz skip")
    await world.standin.wait_for(lambda: _no_round(world), timeout=TIMEOUT)
    as_learner_here = Place(here.guild_id, here.channel_id, learner)
    as_learner_there = Place(there.guild_id, there.channel_id, learner)
    # The missed question comes back in a minute: here it is scheduled, there it is not seen.
    review_here = await said_in(world, await run(world, as_learner_here, "review"))
    assert review_here.startswith("Nothing is due. Your next review is <t:")
    review_there = await said_in(world, await run(world, as_learner_there, "review"))
    assert review_there == tr("en-US", "review.nothing_at_all")
    stats_here = await said_in(world, await run(world, as_learner_here, "stats"))
    assert "Capitals" in stats_here
    stats_there = await said_in(world, await run(world, as_learner_there, "stats"))
    assert "Capitals" not in stats_there
    assert "capitals@" not in stats_there
