"""`/quiz pack upload` of any format shows a preview first, and stores only on Confirm: Cancel,
an expired or replaced preview, a forged click and a restart between the two; `/quiz pack
export` gives back YAML that uploads as the same pack (SQLite and PostgreSQL)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.app.kit.custom_ids import UPLOAD_CANCEL, UPLOAD_CONFIRM
from bot.quiz.packs.server_packs import typed_pack
from bot.quiz.reader.loader import parse_pack
from tests.databases import BACKENDS
from tests.e2e.conftest import TIMEOUT, Json, QuizWorld, change_behind_the_bots_back
from tests.e2e.test_bounded_replies import EPHEMERAL, flags_of
from tests.e2e.test_server_packs import (
    home,
    press,
    preview,
    preview_button,
    run,
    said_in,
    second_server,
    stored_packs,
    upload,
)
from tests.messages import components_in
from tests.quiz.reader.imports.importing import SAMPLES
from tests.storage.factories import CAPITALS

GIFT = (SAMPLES / "moodle-export.gift").read_bytes()
TERMS = (SAMPLES / "quizlet-biology.txt").read_bytes()
BOTH = pytest.mark.parametrize("backend", BACKENDS, indirect=True)


def attachments_of(report: Json) -> list[Json]:
    body = report["responses"][-1]["body"]
    return list(body.get("data", body)["attachments"])


def preview_of(report: Json) -> Json:
    """The embed of an upload's preview."""
    (embed,) = report["responses"][-1]["body"]["embeds"]
    return dict(embed)


@BOTH
async def test_an_import_is_previewed_and_stored_only_once_confirmed(bot_world: QuizWorld) -> None:
    world, place = bot_world, home(bot_world)
    report = await preview(world, place, GIFT, "moodle-export.gift")
    embed = preview_of(report)
    assert embed["title"] == "Preview: moodle-export (`moodle-export`)"
    assert embed["description"].startswith(
        "Read from `moodle-export.gift` as GIFT (Moodle): 7 questions, 14 options in all."
    )
    assert (
        "Nothing is stored until you press **Confirm**. This preview waits 15 minutes."
        in (embed["description"])
    )
    first, second, third, left_out = embed["fields"]
    assert first["name"] == "1. What is the capital of France?"
    assert first["value"] == "✅ A. Paris\n▫️ B. Lyon\n▫️ C. Marseille"
    assert (second["name"], third["name"]) == (
        "2. The sun is a star.",
        "3. In GIFT, 1 + 1 = ? Braces { } and a colon: stay.",
    )
    assert left_out["name"] == "Left out (3): what the pack cannot ask"
    assert "moodle-export.gift:41:2: answers: a matching question; left out" in left_out["value"]
    assert [c["label"] for c in components_in(report["responses"][-1]["body"])[1:]] == [
        "Confirm",
        "Cancel",
    ]
    assert all(flags & EPHEMERAL for flags in flags_of(report))
    assert await stored_packs(world) == []  # nothing yet

    confirmed = await press(world, place, report)
    said = await said_in(world, confirmed)
    assert said.startswith("Pack **moodle-export** (`moodle-export`) is stored for this server: 7")
    assert components_in(confirmed["responses"][-1]["body"]["data"]) == []  # no buttons left
    assert await stored_packs(world) == [(place.guild_id, "moodle-export")]
    assert world.bot is not None
    view = await world.bot.ctx.shelf.view(place.guild_id)
    stored = typed_pack(view.offered, "moodle-export")
    assert stored is not None
    assert [q.id for q in stored.questions] == [
        "capital-of-france",
        "the-sun",
        "escapes-all-of-them",
        "grant",
        "who",
        "born",
        "primes",
    ]


async def test_cancel_stores_nothing_and_a_forged_click_changes_nothing(
    bot_world: QuizWorld,
) -> None:
    world, place = bot_world, home(bot_world)
    report = await preview(world, place, TERMS, "biology.txt")
    assert preview_of(report)["description"].startswith(
        "Read from `biology.txt` as a term list: 8 questions, 32 options in all."
    )
    found = preview_button(report, UPLOAD_CONFIRM)
    assert found is not None
    # The Confirm's custom_id sent from another message (the member's own) is refused there.
    other = await run(world, place, "quiz packs")
    asked = await world.standin.forge_click(
        place.moderator, other["responses"][-1]["message_id"], found[1]
    )
    forged = await world.standin.wait_for_response(asked, timeout=TIMEOUT)
    assert await said_in(world, forged) == "This button doesn't belong here, so nothing was done."
    assert await stored_packs(world) == []
    cancelled = await press(world, place, report, UPLOAD_CANCEL)
    assert await said_in(world, cancelled) == "Cancelled: nothing was stored."
    # The Confirm of a cancelled preview, sent anyway, finds nothing to store.
    asked = await world.standin.forge_click(place.moderator, found[0], found[1])
    late = await world.standin.wait_for_response(asked, timeout=TIMEOUT)
    assert "nothing was done" in await said_in(world, late)  # its message no longer carries it
    assert await stored_packs(world) == []


@BOTH
async def test_a_preview_survives_a_restart_and_expires_or_is_replaced_visibly(
    world: QuizWorld,
) -> None:
    place = home(world)
    await world.start_bot()
    older = await preview(world, place, TERMS, "biology.txt")
    newer = await preview(world, place, GIFT, "moodle-export.gift")  # replaces the older
    await world.stop_bot()
    await world.start_bot()
    replaced = await press(world, place, older)
    assert (await said_in(world, replaced)).startswith("This preview has expired (a preview waits")
    assert await stored_packs(world) == []
    assert "is stored for this server" in await said_in(world, await press(world, place, newer))
    assert await stored_packs(world) == [(place.guild_id, "moodle-export")]
    expiring = await preview(world, place, TERMS, "biology.txt")
    await change_behind_the_bots_back(world, "UPDATE pending_uploads SET expires_at = created_at")
    expired = await press(world, place, expiring)
    assert "Nothing was stored: upload the file again." in await said_in(world, expired)
    assert await stored_packs(world) == [(place.guild_id, "moodle-export")]


@BOTH
async def test_an_exported_pack_uploads_again_as_the_same_pack(world: QuizWorld) -> None:
    here, there = home(world), await second_server(world)
    await world.start_bot()
    assert world.bot is not None
    await upload(world, here, CAPITALS)
    exported = await run(world, here, "quiz pack export", pack="capitals")
    said = await said_in(world, exported)
    assert said.startswith("Pack `capitals` as YAML. Edit it in any editor, then upload it")
    (attachment,) = attachments_of(exported)
    assert attachment["filename"] == "capitals.yaml"
    data = await world.standin.attachment(attachment["url"])
    # Moved to another server, and uploaded again where it came from: the same pack both times.
    moved = await said_in(world, await upload(world, there, data, "capitals.yaml"))
    assert moved.startswith("Pack **Capitals** (`capitals`) is stored for this server")
    again = await preview(world, here, data, "capitals.yaml")
    assert (
        "Confirming replaces this server's pack `capitals` (1 question)."
        in (preview_of(again)["description"])
    )
    assert "is replaced by the new file" in await said_in(world, await press(world, here, again))
    shelf = world.bot.ctx.shelf
    first = typed_pack((await shelf.view(here.guild_id)).offered, "capitals")
    second = typed_pack((await shelf.view(there.guild_id)).offered, "capitals")
    assert first is not None
    assert second is not None
    original = parse_pack(CAPITALS.encode(), "capitals.yaml")
    assert replace(first, id="capitals", source="") == replace(original, source="")
    assert replace(second, id="capitals", source="") == replace(original, source="")
    # A built-in pack exports too, as the pack it is.
    built_in = await run(world, here, "quiz pack export", pack="mini")
    (attachment,) = attachments_of(built_in)
    written = await world.standin.attachment(attachment["url"])
    mini = world.library.get("mini")
    assert mini is not None
    assert replace(parse_pack(written, "mini.yaml"), source="") == replace(mini, source="")


async def test_members_may_not_export_and_unknown_packs_are_named(bot_world: QuizWorld) -> None:
    world = bot_world
    member = world.members[0]
    asked = await world.standin.command(member, world.channel_id, "quiz pack export", pack="mini")
    report = await world.standin.wait_for_response(asked, timeout=TIMEOUT)
    assert "Only moderators can do that" in await said_in(world, report)
    unknown = await run(world, home(world), "quiz pack export", pack="nope")
    assert await said_in(world, unknown) == "There is no pack called “nope”. Try /quiz packs."


async def test_an_import_speaks_the_servers_language(bot_world: QuizWorld) -> None:
    world, place = bot_world, home(bot_world)
    await world.command(world.owner, "quiz settings", language="el")
    report = await preview(world, place, b"Two? {=2 ~3}\n\nThe sky is green.{F}\n", "week1.gift")
    assert "2. The sky is green." in [f["name"] for f in preview_of(report)["fields"]]
    await press(world, place, report)
    assert world.bot is not None
    pack = typed_pack((await world.bot.ctx.shelf.view(place.guild_id)).offered, "week1")
    assert pack is not None
    assert pack.locales == ("el",)  # so a round of it is in Greek, as the server's are
    sky = pack.questions[1]
    assert [option.text.get(None) for option in sky.options] == ["Σωστό", "Λάθος"]
    assert pack.questions[0].explanation.get(None) == "Η σωστή απάντηση είναι: 2."
