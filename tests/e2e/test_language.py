"""Members see their client's language privately; the round stays in the server's language."""

from __future__ import annotations

from bot.app.kit.catalogue import tr
from tests.e2e.conftest import QuizWorld, answer, custom_ids, question_message, titled
from tests.messages import heading_of


async def test_a_greek_member_sees_greek_in_private_and_the_round_stays_english(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    greek = next(m for m in world.members if world.locales[m] == "el")
    started = await world.command(world.owner, "quiz start", pack="mini", seconds=60)
    assert "Quiz: Mini quiz" in await world.said(started)  # the server's locale is en-US

    message = await question_message(world, 1, 3)
    assert heading_of(message).startswith("Question 1 of 3 · Closes <t:")
    said = await answer(world, greek, message, 2 if len(custom_ids(message)) > 2 else 0)
    assert said.startswith("Η απάντησή σας καταχωρίστηκε: **")
    packs = await world.said(await world.command(greek, "quiz packs"))
    assert "Μικρό κουίζ" in packs
    assert tr("el", "packs.title") in packs

    await world.command(world.owner, "quiz skip")
    revealed = await world.wait_for_message(titled("Question 1 of 3 · Closed"))
    why = await world.said(await world.click(greek, revealed["id"], custom_ids(revealed)[-1]))
    assert why.startswith("Επιλέξατε **")

    stats = await world.said(await world.command(greek, "stats"))
    assert tr("el", "stats.answers") in stats
    review = await world.said(await world.command(greek, "review", pack="mini"))
    assert "Επανάληψη" in review


async def test_the_server_language_setting_turns_rounds_greek(bot_world: QuizWorld) -> None:
    world = bot_world
    await world.command(world.owner, "quiz settings", language="el")
    started = await world.command(world.owner, "quiz start", pack="mini", seconds=60)
    assert "Κουίζ: Μικρό κουίζ" in await world.said(started)
    message = await world.wait_for_message(titled("Ερώτηση 1 από 3"))
    assert "Κλείνει" in heading_of(message)


async def test_an_english_member_sees_english(bot_world: QuizWorld) -> None:
    world = bot_world
    english = next(m for m in world.members if world.locales[m] == "en-GB")
    said = await world.said(await world.command(english, "quiz packs"))
    assert "Mini quiz" in said
    assert "Quiz packs" in said


async def test_a_greek_member_reads_about_someone_else_in_the_third_person(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    greek = next(m for m in world.members if world.locales[m] == "el")
    other = next(m for m in world.members if m not in {greek, world.owner})
    theirs = await world.said(await world.command(greek, "stats", member=str(other)))
    assert tr("el", "stats.no_packs", whose="other") in theirs  # "Δεν έχει ξεκινήσει..."
    assert "Δεν έχετε" not in theirs
    own = await world.said(await world.command(greek, "stats"))
    assert tr("el", "stats.no_packs", whose="self") in own
