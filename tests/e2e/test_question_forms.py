"""Writing questions in Discord, end to end through the stand-in: a new pack begun in forms and
played, a question edited (its id kept) and removed, a broken form answered with its problems
while what was typed is kept for the resubmit, moderators only, in English and Greek; every
modal the bot sends valid by Discord's spec and rules (the stand-in checks each)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from bot.app.kit.catalogue import tr
from bot.quiz.reader.loader import parse_pack
from bot.quiz.reader.pictures import check_picture
from bot.storage.packs.server_packs import current_source
from standin.interactions import MODAL
from tests.e2e.conftest import QuizWorld, question_message
from tests.e2e.forms import (
    RADIO_GROUP,
    button,
    fields,
    opened,
    press,
    pressed_open,
    reply_message,
    said,
    submitted,
)
from tests.e2e.test_pictures import SQUARE
from tests.e2e.test_pictures import upload as upload_pictured
from tests.e2e.test_server_packs import home, run, said_in, upload
from tests.e2e.test_upload_preview import GIFT, attachments_of
from tests.pictures import PICTURED_PACK
from tests.storage.factories import CAPITALS

CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"
CITY = {
    "prompt.en": "Which city is the capital of Greece?",
    "options.en": "Thessaloniki\nAthens\nPatras",
    "correct": "1",
    "explanation.en": "Athens has been the capital since 1834.",
}
CITY_EL = {
    "prompt.el": "Ποια πόλη είναι η πρωτεύουσα της Ελλάδας;",
    "options.el": "Θεσσαλονίκη\nΑθήνα\nΠάτρα",
    "explanation.el": "Η Αθήνα είναι πρωτεύουσα από το 1834.",
}


def footer(report: dict[str, Any]) -> str:
    """The footer of the preview a report's reply showed (as a response, or an edit of it)."""
    body = report["responses"][-1]["body"]
    [embed] = body.get("data", body)["embeds"]
    return str(embed["footer"]["text"])


async def stored_pack(world: QuizWorld, pack_id: str) -> object:
    source = await current_source(world.db, world.guild_id, pack_id)
    assert source is not None
    return parse_pack(source.source.encode(), source.file_name)


@pytest.mark.parametrize("backend", ["sqlite", "postgres"], indirect=True)
async def test_a_new_pack_is_written_in_forms_and_played(bot_world: QuizWorld) -> None:
    world, owner = bot_world, bot_world.owner
    modal = await opened(
        world, owner, "quiz pack new", id="greece", title="Greece", languages="en el"
    )
    assert modal["title"] == "New pack"
    inputs = fields(modal)
    assert list(inputs) == ["title.en", "title.el", "summary.en", "summary.el"]
    assert inputs["title.en"]["value"] == "Greece"  # what the command said, filled in
    assert (inputs["title.el"]["label"], inputs["title.el"]["max_length"]) == ("Title (Greek)", 100)
    details = {"title.el": "Ελλάδα", "summary.en": "Its cities.", "summary.el": "Οι πόλεις της."}
    answered = await submitted(world, owner, details)
    assert "Next: English texts." in said(answered)

    modal = await pressed_open(world, owner, await reply_message(world, owner), "Continue")
    assert modal["title"] == "Question in English (1 of 2)"
    assert [c["component"]["type"] for c in modal["components"]] == [4, 4, RADIO_GROUP, 4]
    await submitted(world, owner, CITY)
    modal = await pressed_open(world, owner, await reply_message(world, owner), "Continue")
    assert modal["title"] == "Question in Greek (2 of 2)"
    greek = fields(modal)
    assert greek["prompt.el"]["placeholder"] == CITY["prompt.en"]  # the English, to translate
    preview = await submitted(world, owner, CITY_EL)
    assert "Preview" in said(preview)
    assert "B ✅ Athens" in said(preview)

    saved = await press(world, owner, await reply_message(world, owner), "Save")
    assert "Pack **Greece** (`greece`) is stored for this server" in said(saved)
    pack = await stored_pack(world, "greece")
    assert [q.id for q in pack.questions] == ["which-city-is-the-capital-of-greece"]  # type: ignore[attr-defined]
    await world.command(owner, "quiz start", pack="greece", seconds=60)
    message = await question_message(world, 1, 1)
    assert CITY["prompt.en"] in str(message)
    await modals_are_valid(world, count=3)


async def modals_are_valid(world: QuizWorld, count: int) -> None:
    """Every modal the bot sent passes the spec's check of the callback (and Discord's own
    rules, which the stand-in applied as it took them)."""
    core = world.standin.core
    assert core is not None
    assert core.spec is not None
    sent = [
        response["body"]
        for report in await world.standin.interactions()
        for response in report["responses"]
        if response["type"] == MODAL
    ]
    assert len(sent) == count
    assert [core.spec.check("POST", CALLBACK, body) for body in sent] == [None] * count


async def test_a_question_is_edited_keeping_its_id_and_then_removed(bot_world: QuizWorld) -> None:
    world, owner = bot_world, bot_world.owner
    two = CAPITALS + (
        "  - id: spain\n"
        '    prompt: "The capital of Spain?"\n'
        "    options:\n"
        "      - text: Madrid\n"
        "        correct: true\n"
        "      - text: Seville\n"
        "    explanation: Madrid.\n"
    )
    await upload(world, home(world), two)
    asked = await world.standin.autocomplete(
        owner,
        world.channel_id,
        "quiz question edit",
        focused="question",
        pack="capitals",
        question="spa",
    )
    offered = (await world.standin.wait_for_response(asked))["responses"][0]["body"]["data"]
    assert offered["choices"] == [{"name": "The capital of Spain?", "value": "spain"}]
    modal = await opened(world, owner, "quiz question edit", pack="capitals", question="france")
    inputs = fields(modal)
    assert inputs["prompt.en"]["value"] == "The capital of France?"
    assert [o.get("default") for o in inputs["correct"]["options"]][:2] == [True, False]
    preview = await submitted(world, owner, {"prompt.en": "Which city is France's capital?"})
    assert "Which city is France's capital?" in said(preview)
    await press(world, owner, await reply_message(world, owner), "Save")
    pack = await stored_pack(world, "capitals")
    france = pack.question("france")  # type: ignore[attr-defined]
    assert france.prompt.get("en") == "Which city is France's capital?"  # same id, new words

    asked = await world.command(owner, "quiz question remove", pack="capitals", question="spain")
    assert "The capital of Spain?" in said(asked)
    removed = await press(world, owner, await reply_message(world, owner), "Remove the question")
    assert "now has 1 question" in said(removed)
    assert [q.id for q in (await stored_pack(world, "capitals")).questions] == ["france"]  # type: ignore[attr-defined]
    last = await world.command(owner, "quiz question remove", pack="capitals", question="france")
    refused = await press(world, owner, await reply_message(world, owner), "Remove the question")
    assert "A pack keeps at least one question" in said(refused)
    assert "France" in said(last)


async def test_a_broken_form_keeps_what_was_typed_for_the_resubmit(bot_world: QuizWorld) -> None:
    world, owner = bot_world, bot_world.owner
    await upload(world, home(world), CAPITALS)
    await opened(world, owner, "quiz question add", pack="capitals")
    broken = {**CITY, "prompt.en": "Which city?", "options.en": "Athens only", "correct": "3"}
    answered = await submitted(world, owner, broken)
    text = said(answered)
    assert "2 things to fix; everything you typed is kept" in text
    assert "**Options (English)**: has 1 line; a question has 2 to 5 options" in text
    assert "**The right option**: is D, but there is 1 option." in text
    reply = await reply_message(world, owner)
    assert "Save" not in [b.get("label") for b in reply["components"][0]["components"]]

    again = fields(await pressed_open(world, owner, reply, "Fix and resubmit"))
    assert again["prompt.en"]["value"] == "Which city?"  # nothing typed is lost
    assert again["options.en"]["value"] == "Athens only"
    assert again["correct"]["options"][0]["label"] == "A · Athens only"
    preview = await submitted(world, owner, {"options.en": "Athens\nSparta", "correct": "0"})
    assert footer(preview) == "“Why” texts: 0 of 1 wrong options"
    whys = fields(
        await pressed_open(world, owner, await reply_message(world, owner), "Why texts (English)")
    )
    assert list(whys) == ["why.en.1"]  # the wrong option only
    assert (whys["why.en.1"]["label"], whys["why.en.1"]["required"]) == ("Why not B: Sparta", False)
    preview = await submitted(world, owner, {"why.en.1": "Sparta was never the capital."})
    assert footer(preview) == "“Why” texts: 1 of 1 wrong options"
    saved = await press(world, owner, await reply_message(world, owner), "Save")
    assert "now has 2 questions" in said(saved)
    added = (await stored_pack(world, "capitals")).question("which-city")  # type: ignore[attr-defined]
    assert added.options[1].why.get("en") == "Sparta was never the capital."
    assert [q.id for q in (await stored_pack(world, "capitals")).questions] == [  # type: ignore[attr-defined]
        "france",
        "which-city",
    ]


async def test_only_moderators_write_questions_and_only_in_their_own_packs(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    member = world.members[0]
    await upload(world, home(world), CAPITALS)
    for command, options in [
        ("quiz question add", {"pack": "capitals"}),
        ("quiz question edit", {"pack": "capitals", "question": "france"}),
        ("quiz pack new", {"id": "mine", "title": "Mine"}),
    ]:
        report = await world.command(member, command, **options)
        assert said(report) == tr(world.locales[member], "errors.not_moderator")
    builtin = await world.command(world.owner, "quiz question add", pack="mini")
    assert "`mini` is a built-in pack" in said(builtin)
    taken = await world.command(world.owner, "quiz pack new", id="capitals", title="Again")
    assert "already has a pack `capitals`" in said(taken)
    bad = await world.command(world.owner, "quiz pack new", id="Big Pack", title="Big")
    assert "is not a pack id" in said(bad)
    with pytest.raises(Exception, match="409"):  # no form was opened for any of them
        await world.standin.open_modal(member)


async def test_a_greek_moderator_gets_the_form_in_greek(bot_world: QuizWorld) -> None:
    world = bot_world
    role = await world.standin.add_role(world.guild_id, "Συντονιστές", permissions=0)
    greek = await world.standin.add_member(world.guild_id, "eleni", locale="el", roles=[role["id"]])
    moderator = int(greek["id"])
    await world.command(world.owner, "quiz settings", moderator_role=role["id"])
    await upload(world, home(world), CAPITALS)
    modal = await opened(world, moderator, "quiz question add", pack="capitals")
    assert modal["title"] == "Ερώτηση στα Αγγλικά (1 από 1)"
    inputs = fields(modal)
    assert inputs["prompt.en"]["label"] == "Ερώτηση (Αγγλικά)"
    assert inputs["options.en"]["label"] == "Επιλογές (Αγγλικά)"
    answered = await submitted(world, moderator, {**CITY, "options.en": "Athens"})
    assert "**Επιλογές (Αγγλικά)**: έχει 1 γραμμή" in said(answered)
    reply = await reply_message(world, moderator)
    assert button(reply, "Διόρθωση και υποβολή").startswith("fo:")
    cancelled = await press(world, moderator, reply, "Ακύρωση")
    assert said(cancelled) == "Ακυρώθηκε. Δεν αποθηκεύτηκε τίποτα."


async def test_an_imported_pack_takes_a_question_from_a_form_and_exports_with_it(
    bot_world: QuizWorld,
) -> None:
    world, owner = bot_world, bot_world.owner
    confirmed = await said_in(world, await upload(world, home(world), GIFT, "moodle-export.gift"))
    assert "is stored for this server: 7 questions" in confirmed
    await opened(world, owner, "quiz question add", pack="moodle-export")
    await submitted(world, owner, CITY)
    saved = await press(world, owner, await reply_message(world, owner), "Save")
    assert "now has 8 questions" in said(saved)
    stored = await stored_pack(world, "moodle-export")
    source = await current_source(world.db, world.guild_id, "moodle-export")
    assert source is not None
    assert source.file_name == "moodle-export.gift"  # its YAML, under the upload's own name
    exported = await run(world, home(world), "quiz pack export", pack="moodle-export")
    (attachment,) = attachments_of(exported)
    assert attachment["filename"] == "moodle-export.yaml"
    data = await world.standin.attachment(attachment["url"])
    written = parse_pack(data, "moodle-export.yaml")
    assert written.questions[-1].id == "which-city-is-the-capital-of-greece"
    assert replace(written, source="") == replace(stored, source="")  # type: ignore[type-var]


async def test_a_pictured_question_edited_in_a_form_keeps_its_picture(bot_world: QuizWorld) -> None:
    world, owner = bot_world, bot_world.owner
    assert "is stored" in await upload_pictured(world, PICTURED_PACK, square_png=SQUARE)
    await opened(world, owner, "quiz question edit", pack="pictured", question="colour")
    preview = await submitted(world, owner, {"prompt.en": "What colour is it?"})
    assert "What colour is it?" in said(preview)
    await press(world, owner, await reply_message(world, owner), "Save")
    source = await current_source(world.db, world.guild_id, "pictured")
    assert source is not None
    assert source.pictures == {"square.png": check_picture(SQUARE, "square.png").digest}
    colour = (await stored_pack(world, "pictured")).question("colour")  # type: ignore[attr-defined]
    assert colour.prompt.get("en") == "What colour is it?"
    assert (colour.image.file, colour.image.alt.get("el")) == (
        "square.png",
        "Ένα απλό γαλαζοπράσινο τετράγωνο.",
    )
