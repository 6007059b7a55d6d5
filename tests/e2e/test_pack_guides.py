"""Pack guides as members see them: every guide in `/quiz packs` (a link when it has an address,
else its title), and on a round's start card only a guide that adds something."""

from __future__ import annotations

from tests.e2e.conftest import QuizWorld, titled


async def test_packs_list_every_guide_as_a_link_or_its_title(bot_world: QuizWorld) -> None:
    world = bot_world
    english = next(m for m in world.members if world.locales[m].startswith("en"))
    text = await world.said(await world.command(english, "quiz packs"))
    assert "Guide: [The mini guide](https://example.org/mini)" in text.splitlines()
    # No address: the title stands alone (here the same as the pack's).
    assert "Guide: Sequence Parallelism and Ring Attention" in text.splitlines()


async def test_the_start_card_leaves_out_a_guide_that_only_repeats_the_title(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    await world.command(world.owner, "quiz start", pack="ring-attention", questions=1, seconds=60)
    card = await world.wait_for_message(titled("Quiz: Sequence Parallelism"))
    assert "Guide" not in card["embeds"][0]["description"]
    await world.command(world.owner, "quiz stop")
    await world.wait_for_message(titled("Round stopped"))
    await world.command(world.owner, "quiz start", pack="mini", questions=1, seconds=60)
    card = await world.wait_for_message(titled("Quiz: Mini quiz"))
    assert "Guide: [The mini guide](https://example.org/mini)" in card["embeds"][0]["description"]
