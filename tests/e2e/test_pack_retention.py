"""Retention targets per pack through the stand-in, on SQLite and PostgreSQL: the same right
answer falls due later under a member's 80 % for a pack than under another's 95 %, their other
packs keep the default, and a server's pack default applies to a member who chose none, in that
server only (docs/learning.md#a-target-per-pack)."""

from __future__ import annotations

from datetime import datetime

import pytest
from sqlalchemy import select

from bot.app.kit.catalogue import tr
from bot.storage.models import CardRow
from tests.databases import BACKENDS
from tests.e2e.conftest import QuizWorld, option_id
from tests.e2e.test_review import description, last_message

MINI, OTHER = "mini", "ring-attention"


async def due_of(world: QuizWorld, member: int, pack_id: str) -> datetime:
    async with world.db.read() as connection:
        due = await connection.scalar(
            select(CardRow.due).where(CardRow.member_id == member, CardRow.pack_id == pack_id)
        )
    assert due is not None
    return due


def right_option(world: QuizWorld, pack_id: str, card: dict[str, object]) -> int:
    """The right option of the card's question, found by its prompt in either language."""
    pack = world.library.get(pack_id)
    assert pack is not None
    shown = description(card)
    (question,) = (
        q for q in pack.questions if any(q.prompt.get(lang) in shown for lang in ("en", "el"))
    )
    return question.correct_indices[0]


async def answer_first_card(
    world: QuizWorld, member: int, pack_id: str, *, in_dm: bool = False
) -> datetime:
    """The member's first card of the pack answered right in /review (in the server, or in
    their DM with the bot); its due date."""
    if in_dm:
        dm = await world.standin.dm_channel(member)
        asked = await world.standin.command(member, dm, "review", pack=pack_id)
        card = last_message(await world.standin.wait_for_response(asked, timeout=15.0))
    else:
        card = last_message(await world.command(member, "review", pack=pack_id))
    await world.click(member, card["id"], option_id(card, right_option(world, pack_id, card)))
    return await due_of(world, member, pack_id)


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_a_members_pack_target_moves_that_packs_due_dates(bot_world: QuizWorld) -> None:
    world = bot_world
    relaxed, strict, unset = world.members[:3]
    locale = world.locales[relaxed]
    said = await world.said(await world.command(relaxed, "settings", retention=80, pack=MINI))
    assert tr(locale, "settings.member.saved") in said
    assert f"{tr(locale, 'settings.member.pack_retention')}: Mini quiz: 80%" in said
    await world.command(strict, "settings", retention=95, pack=MINI)
    # One right answer to a new card: 3 to 5 days at 80 %, a day at 95 % (2 days at 88 %).
    assert await answer_first_card(world, relaxed, MINI) > await answer_first_card(
        world, strict, MINI
    )
    other = await answer_first_card(world, unset, OTHER)
    assert await answer_first_card(world, relaxed, OTHER) == other
    assert await answer_first_card(world, strict, OTHER) == other
    cleared = await world.said(await world.command(relaxed, "settings", retention=0, pack=MINI))
    assert f"{tr(locale, 'settings.member.pack_retention')}: " in cleared
    assert "Mini quiz: 80%" not in cleared


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_a_servers_pack_default_applies_to_members_who_chose_none(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    here, in_dm, own_choice = world.members[:3]
    said = await world.said(
        await world.command(world.owner, "quiz settings", retention=80, pack=MINI)
    )
    locale = world.locales[world.owner]
    assert f"{tr(locale, 'settings.pack_retention')}: Mini quiz: 80%" in said
    await world.command(own_choice, "settings", retention=95)
    by_default = await answer_first_card(world, here, MINI)
    by_the_bot = await answer_first_card(world, in_dm, MINI, in_dm=True)  # a DM: no server
    by_their_own = await answer_first_card(world, own_choice, MINI)
    assert by_default > by_the_bot > by_their_own


async def test_half_a_pack_target_changes_nothing(bot_world: QuizWorld) -> None:
    world = bot_world
    member, locale = world.members[0], world.locales[world.members[0]]
    said = await world.said(await world.command(member, "settings", pack=MINI))
    assert said == tr(locale, "settings.pack_retention_both")
    said = await world.said(await world.command(world.owner, "quiz settings", retention=80))
    assert said == tr(world.locales[world.owner], "settings.pack_retention_both")
